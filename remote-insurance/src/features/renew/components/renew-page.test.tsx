/** @jest-environment jest-fixed-jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@portal/shared/router';
import { initI18n, registerNamespace, useAuthStore } from '@portal/shared';
import { jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';
import type { RawPolicy } from '@portal/contract/wire';

import en from '../../../locales/en.json';
import { RenewPage } from './renew-page';

// Whole journeys through the steps, typed key by key: more than the default 5 s on a busy machine.
jest.setTimeout(30_000);

initI18n({ lng: 'en-GB' });
registerNamespace('insurance', { en, nl: () => import('../../../locales/nl.json') });

const policy: RawPolicy = {
  policyId: 'POL-1',
  policyNumber: 'TR-1',
  insuranceType: 'TRAVEL',
  coverage: 'Travel Plus',
  destination: 'NL',
  startDate: '2026-01-01',
  endDate: '2099-12-31',
  birthDate: '2001-05-04',
  cancelledFromStart: 'false',
  status: 'ACTIVE',
  editable: 'true',
  renewable: 'true',
  individual: 'true',
  customerType: 'INDIVIDUAL',
  totalAmount: 365,
  paymentTerm: 'MONTHLY',
  paymentMethod: 'BANK_TRANSFER',
  documents: [],
};

let fetchMock: FetchMock | undefined;
let addPeriodAnswer: () => Response;
afterEach(() => fetchMock?.restore());
beforeEach(() => {
  sessionStorage.clear();
  useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'p-1' });
  addPeriodAnswer = () => jsonResponse({ applicationNumber: 'APP-2026-0000ABCD' }, 201);
  fetchMock = mockFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/policies')) return jsonResponse([policy]);
    if (path.endsWith('/calculate')) {
      const body = (await request.json()) as { endDate: string };
      return jsonResponse({ days: 365, amount: body.endDate === '2100-12-31' ? 365 : 1, direction: 'BILL' });
    }
    if (path.endsWith('/addperiod')) return addPeriodAnswer();
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
});

function renderPage() {
  return render(
    <MemoryRouter>
      <RenewPage policyId="POL-1" />
    </MemoryRouter>,
  );
}

const calculateCalls = () =>
  fetchMock?.requests.filter((request) => request.url.endsWith('/calculate')) ?? [];

async function fillPeriod(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('heading', { name: 'Insure an additional period' });
  await user.type(screen.getByLabelText(/New end date/), '31/12/2100');
  expect(
    await screen.findByText('Premium for the additional period: €365.00 (365 days)'),
  ).toBeInTheDocument();
}

async function answerQuestions(user: ReturnType<typeof userEvent.setup>) {
  for (const group of screen.getAllByRole('group')) {
    const no = within(group).queryByRole('radio', { name: 'No' });
    if (no) await user.click(no);
  }
  await user.click(screen.getByRole('checkbox', { name: /pre-existing conditions/ }));
}

describe('RenewPage', () => {
  it('should ask for the premium once the typing stops, with the end date and term', async () => {
    const user = userEvent.setup();
    renderPage();
    await fillPeriod(user);
    // One question for the whole date, not one per keystroke.
    expect(calculateCalls()).toHaveLength(1);
    expect(await calculateCalls()[0]?.json()).toEqual({
      id: 'POL-1',
      kind: 'ADDPERIOD',
      endDate: '2100-12-31',
      paymentTerm: 'MONTHLY',
    });
    await user.selectOptions(screen.getByLabelText(/Payment term/), 'YEARLY');
    await screen.findByText(/Premium for the additional period/);
    expect(calculateCalls()).toHaveLength(2);
  });

  it('should tie the errors to their fields and keep the student on the step', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByRole('heading', { name: 'Insure an additional period' });
    await user.type(screen.getByLabelText(/New end date/), '01/01/2000');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const endDate = screen.getByLabelText(/New end date/);
    expect(endDate).toHaveAttribute('aria-invalid', 'true');
    expect(endDate).toHaveAccessibleDescription(/today or in the future/);
    expect(endDate).toHaveFocus();
    expect(calculateCalls()).toHaveLength(0);
    await user.click(screen.getByRole('radio', { name: 'Direct debit' }));
    expect(screen.getByLabelText(/IBAN/)).toBeInTheDocument();
  });

  it('should go through the steps, keep answers on Back and survive a reload', async () => {
    const user = userEvent.setup();
    const { unmount } = renderPage();
    await fillPeriod(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Acceptance questions' })).toHaveFocus();
    expect(
      screen.getByRole('list', { name: 'Progress' }).querySelector('[aria-current="step"]'),
    ).toHaveTextContent('Step 2 of 4: Acceptance questions');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('checkbox', { name: /pre-existing conditions/ })).toHaveAccessibleDescription(
      'Please agree that pre-existing conditions are not covered for medical expenses.',
    );
    await answerQuestions(user);
    const refusal = screen.getByRole('group', { name: /refused or cancelled/ });
    await user.click(within(refusal).getByRole('radio', { name: 'Yes' }));
    expect(screen.getByLabelText(/Please explain the refusal/)).toBeInTheDocument();

    // A reload: the page starts anew from session storage.
    unmount();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Acceptance questions' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /pre-existing conditions/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText(/New end date/)).toHaveValue('31/12/2100');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.type(screen.getByLabelText(/Please explain the refusal/), 'A gap in cover');
    await user.click(screen.getByRole('button', { name: 'Next' }));

    expect(screen.getByRole('heading', { name: 'Summary' })).toHaveFocus();
    expect(screen.getByText('1 Jan 2100 to 31 Dec 2100')).toBeInTheDocument();
    expect(screen.getByText('A gap in cover')).toBeInTheDocument();
    await user.click(screen.getAllByRole('button', { name: 'Edit' })[0] as HTMLElement);
    expect(screen.getByRole('heading', { name: 'Insure an additional period' })).toHaveFocus();
  });

  it('should send the renewal, thank the student, forget what was typed and thank her again after a reload', async () => {
    const user = userEvent.setup();
    const { unmount } = renderPage();
    await fillPeriod(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await answerQuestions(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(
      await screen.findByText('Thank you. Your application number is APP-2026-0000ABCD.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/within 4 business days/)).toBeInTheDocument();
    const sent = fetchMock?.requests.find((request) => request.url.endsWith('/addperiod'));
    expect(await sent?.json()).toEqual({
      id: 'POL-1',
      endDate: '2100-12-31',
      paymentTerm: 'MONTHLY',
      paymentMethod: 'BANK_TRANSFER',
      answers: { medical: 'NO', criminalRecord: 'NO', insuranceRefusal: 'NO' },
      preExistingAgreed: true,
    });
    // Only the step and the application number are kept: no answers, no bank details.
    const kept = JSON.parse(sessionStorage.getItem('insurance.renew.POL-1') ?? '{}') as Record<
      string,
      unknown
    >;
    expect(kept).toMatchObject({ step: 'done', applicationNumber: 'APP-2026-0000ABCD' });
    expect(JSON.stringify(kept)).not.toContain('2100');

    unmount();
    renderPage();
    expect(
      await screen.findByText('Thank you. Your application number is APP-2026-0000ABCD.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/New end date/)).not.toBeInTheDocument();
  });

  it('should bring the student back to the period with the overlapping policy named', async () => {
    addPeriodAnswer = () =>
      jsonResponse(
        {
          code: 'OVERLAP',
          message: 'The new period overlaps an existing policy or request.',
          policyNumber: 'APP-2026-1',
          startDate: '2100-01-01',
          endDate: '2100-06-30',
        },
        409,
      );
    const user = userEvent.setup();
    renderPage();
    await fillPeriod(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await answerQuestions(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByRole('heading', { name: 'Insure an additional period' })).toHaveFocus();
    const endDate = screen.getByLabelText(/New end date/);
    expect(endDate).toHaveAccessibleDescription(
      /This period overlaps with policy APP-2026-1 \(1 Jan 2100 – 30 Jun 2100\)\./,
    );
    await user.clear(endDate);
    await user.type(endDate, '30/06/2101');
    expect(screen.queryByText(/overlaps with policy/)).not.toBeInTheDocument();
  });

  it('should say when the policy cannot be renewed', async () => {
    fetchMock?.restore();
    fetchMock = mockFetch(() => jsonResponse([{ ...policy, renewable: 'false' }]));
    renderPage();
    expect(await screen.findByText('This policy cannot be renewed.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Insure an additional period' })).not.toBeInTheDocument();
  });
});

describe('RenewPage with a refusal of the api', () => {
  it('should show the fields the api refused on their step', async () => {
    addPeriodAnswer = () =>
      jsonResponse(
        {
          code: 'VALIDATION',
          message: 'Invalid input',
          fields: [{ field: 'answers.medical', code: 'validation.required' }],
        },
        400,
      );
    const user = userEvent.setup();
    renderPage();
    await fillPeriod(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await answerQuestions(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Submit application' }));

    expect(await screen.findByRole('heading', { name: 'Acceptance questions' })).toBeInTheDocument();
    expect(await screen.findByText('This field is required.')).toBeInTheDocument();
    const medical = screen.getByRole('group', { name: /Fit to Study/ });
    expect(medical).toHaveAttribute('aria-invalid', 'true');
    expect(medical).toHaveAccessibleDescription('This field is required.');
  });
});
