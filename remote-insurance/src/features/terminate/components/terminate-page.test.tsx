/** @jest-environment jest-fixed-jsdom */
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@portal/shared/router';
import { initI18n, registerNamespace, useAuthStore } from '@portal/shared';
import { jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';
import type { RawPolicy } from '@portal/contract/wire';

import en from '../../../locales/en.json';
import { TerminatePage } from './terminate-page';

// Journeys through the steps, typed key by key: more than the default 5 s on a busy machine.
jest.setTimeout(30_000);

initI18n({ lng: 'en-GB' });
registerNamespace('insurance', { en, nl: () => import('../../../locales/nl.json') });

const policy: RawPolicy = {
  policyId: 'POL-1',
  policyNumber: 'HE-1',
  insuranceType: 'HEALTH',
  coverage: 'Health Complete',
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
  totalAmount: 780,
  paymentTerm: 'MONTHLY',
  paymentMethod: 'DIRECT_DEBIT',
  documents: [],
};

let fetchMock: FetchMock | undefined;
let terminateAnswer: (body: { endDate: string }) => Response;
afterEach(() => fetchMock?.restore());
beforeEach(() => {
  sessionStorage.clear();
  useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'p-1' });
  terminateAnswer = (body) => jsonResponse({ ...policy, endDate: body.endDate, renewable: 'false' });
  fetchMock = mockFetch(async (request) => {
    const path = new URL(request.url).pathname;
    if (path.endsWith('/policies')) return jsonResponse([policy]);
    if (path.endsWith('/terminate')) return terminateAnswer((await request.json()) as { endDate: string });
    if (path.endsWith('/certificate'))
      return new Response('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } });
    return jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
});

function renderPage() {
  return render(
    <MemoryRouter>
      <TerminatePage policyId="POL-1" />
    </MemoryRouter>,
  );
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await screen.findByRole('heading', { name: 'Terminate' });
  await user.type(screen.getByLabelText(/New end date/), '21/12/2099');
  await user.type(screen.getByLabelText(/Reason of termination/), 'Finished early');
}

describe('TerminatePage', () => {
  it('should ask for the refund details only when a refund is wanted, and tie errors to them', async () => {
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    expect(screen.queryByLabelText(/Account number/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    await user.type(screen.getByLabelText(/Account number/), '4111111111111111');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    const account = screen.getByLabelText(/Account number/);
    expect(account).toHaveAttribute('aria-invalid', 'true');
    expect(account).toHaveAccessibleDescription('A refund cannot be paid to a credit card.');
    expect(account).toHaveFocus();
    expect(screen.getByLabelText(/Account holder name/)).toHaveAccessibleDescription(/required/i);
  });

  it('should read everything back with the days no longer covered, keep it on Back and after a reload', async () => {
    const user = userEvent.setup();
    const { unmount } = renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Verify changes' })).toHaveFocus();
    expect(screen.getByText('10 days')).toBeInTheDocument();
    expect(screen.getByText('21 Dec 2099')).toBeInTheDocument();
    expect(screen.getByText('Finished early')).toBeInTheDocument();

    unmount();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Verify changes' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByLabelText(/New end date/)).toHaveValue('21/12/2099');
    expect(screen.getByLabelText(/Reason of termination/)).toHaveValue('Finished early');
  });

  it('should name the policy, fill in the holder address it knows, and say what comes back', async () => {
    policy.destinationAddress = {
      postalCode: '1012AB',
      houseNumber: '1',
      houseNumberAddition: 'A',
      street: 'Dam',
      city: 'Amsterdam',
      country: 'NL',
    };
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    expect(screen.getByText('Health HE-1')).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    expect(screen.getByLabelText(/Account holder postcode/)).toHaveValue('1012AB');
    expect(screen.getByLabelText(/Account holder address/)).toHaveValue('Dam 1 A');
    expect(screen.getByLabelText(/Account holder city/)).toHaveValue('Amsterdam');
    expect(screen.getByLabelText(/Account holder country/)).toHaveValue('Netherlands');
    expect(screen.getByLabelText(/Account number/)).toHaveValue('');
    await user.type(screen.getByLabelText(/Account number/), 'NL91 ABNA 0417 1643 00');
    await user.type(screen.getByLabelText(/Account holder name/), 'Anna de Vries');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('heading', { name: 'Verify changes' })).toHaveFocus();
    expect(screen.getByText('Health HE-1')).toBeInTheDocument();
    // €780 over 27,028 days; the 10 days no longer covered come back.
    expect(screen.getByText('Premium refunded for these days').nextElementSibling).toHaveTextContent('€0.29');
    delete policy.destinationAddress;
  });

  it('should terminate, confirm the new end date and offer the updated certificate', async () => {
    const user = userEvent.setup();
    const createObjectURL = jest.fn(() => 'blob:certificate');
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Terminate policy' }));

    expect(await screen.findByText('Policy HE-1 now ends on 21 Dec 2099.')).toBeInTheDocument();
    const sent = fetchMock?.requests.find((request) => request.url.endsWith('/terminate'));
    expect(await sent?.json()).toEqual({ id: 'POL-1', endDate: '2099-12-21', reason: 'Finished early' });
    expect(sessionStorage.getItem('insurance.terminate.POL-1')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Download the updated certificate' }));
    const download = fetchMock?.requests.find((request) => request.url.endsWith('/certificate'));
    expect(new URL(download?.url ?? '').pathname).toBe('/api/en/policies/POL-1/certificate');
  });

  it("should say why when the api refuses the termination, in the portal's words for its code, and stay on the verify step", async () => {
    terminateAnswer = () => jsonResponse({ code: 'UNDER_REVIEW', message: 'Under review' }, 409);
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Terminate policy' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your policy was not terminated');
    expect(alert).toHaveTextContent(
      'A change of this policy is under review. No further changes are possible until it is approved; review takes up to 4 business days.',
    );
    expect(alert).not.toHaveTextContent('try again later');
    expect(screen.getByRole('heading', { name: 'Verify changes' })).toBeInTheDocument();
  });

  it("should show the api's own message for a reason the portal has no words for", async () => {
    terminateAnswer = () =>
      jsonResponse({ code: 'END_DATE_TAKEN', message: 'Another change ends the policy then.' }, 409);
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Terminate policy' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Another change ends the policy then.');
  });

  it('should say "please try again later" when the api gives no reason', async () => {
    terminateAnswer = () => new Response(null, { status: 502 });
    const user = userEvent.setup();
    renderPage();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Terminate policy' }));
    expect(
      await screen.findByText('Your policy could not be terminated. Please try again later.'),
    ).toBeInTheDocument();
  });

  it.each([
    ['under review', { status: 'UNDER_REVIEW' }],
    ['arranged by the institute', { customerType: 'INSTITUTE' }],
    ['not editable', { editable: 'false' }],
  ] as const)('should not offer the flow for a policy %s', async (_, change) => {
    fetchMock?.restore();
    fetchMock = mockFetch(() => jsonResponse([{ ...policy, ...change }]));
    renderPage();
    expect(await screen.findByText('This policy cannot be terminated or shortened.')).toBeInTheDocument();
  });

  it('should say why an institute policy cannot be terminated here, and whom to contact instead', async () => {
    fetchMock?.restore();
    fetchMock = mockFetch(() =>
      jsonResponse([
        { ...policy, customerType: 'INSTITUTE', educationalInstitution: { name: 'University of Amsterdam' } },
      ]),
    );
    renderPage();
    expect(
      await screen.findByText(
        /Your institution arranges this policy, so only your institution can terminate/,
      ),
    ).toHaveTextContent('Please contact University of Amsterdam');
    expect(screen.getByRole('link', { name: 'Questions? Service & Contact' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Insurance' })).toBeInTheDocument();
  });
});
