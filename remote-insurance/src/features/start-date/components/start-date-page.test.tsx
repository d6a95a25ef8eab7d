/** @jest-environment jest-fixed-jsdom */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerNamespace } from '@portal/shared';
import { formatDate } from '@portal/contract/domain';
import { jsonResponse, mockFetch, renderWithProviders } from '@portal/testing';
import type { FetchMock } from '@portal/testing';
import type { RawPolicy } from '@portal/contract/wire';

import en from '../../../locales/en.json';
import { day, formDay, policiesAnswer, rawPolicy, requestsTo } from '../../../test-support/policies';
import { StartDatePage } from './start-date-page';

registerNamespace('insurance', { en, nl: () => import('../../../locales/nl.json') });

let fetchMock: FetchMock | undefined;
afterEach(() => fetchMock?.restore());

const CALCULATE = '/api/en/policies/POL-1/calculate';
const CHANGE = '/api/en/policies/POL-1/changestartdate';

function serve(policy: RawPolicy, answers: Record<string, () => Response> = {}) {
  fetchMock = mockFetch((request) => {
    const policies = policiesAnswer(request, [policy]);
    if (policies) return policies;
    const answer = answers[new URL(request.url).pathname];
    return answer ? answer() : jsonResponse({ code: 'NOT_FOUND', message: 'Not found' }, 404);
  });
}

function renderPage(policyId = 'POL-1') {
  return renderWithProviders(<StartDatePage policyId={policyId} />, {
    authState: { authenticated: true, profileId: 'P-1001', username: 'Anna' },
  });
}

async function typeDate(value: string) {
  const user = userEvent.setup();
  const field = await screen.findByLabelText('New start date');
  await user.clear(field);
  await user.type(field, value);
  await user.click(screen.getByRole('button', { name: 'Calculate' }));
  return user;
}

describe('StartDatePage', () => {
  it('should calculate the fewer days and the refund, then confirm the new date', async () => {
    serve(rawPolicy(), {
      [CALCULATE]: () => jsonResponse({ days: -7, amount: 6.9, direction: 'REFUND' }),
      [CHANGE]: () => jsonResponse(rawPolicy({ startDate: day(17) })),
    });
    renderPage();
    expect(await screen.findByText(`${'Stay'} ST-2026-1`)).toBeInTheDocument();
    const user = await typeDate(formDay(17));
    expect(
      await screen.findByText(/covers 7 fewer days\. You will be refunded €6\.90\./),
    ).toBeInTheDocument();
    expect(await requestsTo(fetchMock?.requests ?? [], CALCULATE)[0]?.json()).toEqual({
      id: 'POL-1',
      kind: 'STARTDATE',
      startDate: day(17),
    });
    expect(requestsTo(fetchMock?.requests ?? [], CHANGE)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const done = await screen.findByRole('status');
    expect(done).toHaveTextContent(`The start date of your policy is now ${formatDate(day(17))}.`);
    expect(done).toHaveFocus();
    expect(await requestsTo(fetchMock?.requests ?? [], CHANGE)[0]?.json()).toEqual({
      id: 'POL-1',
      startDate: day(17),
    });
  });

  it('should show the additional days and the bill for an earlier date', async () => {
    serve(rawPolicy(), { [CALCULATE]: () => jsonResponse({ days: 1, amount: 0.99, direction: 'BILL' }) });
    renderPage();
    await typeDate(formDay(9));
    expect(
      await screen.findByText(/covers 1 additional day\. You will be billed €0\.99\./),
    ).toBeInTheDocument();
  });

  it.each([
    [30, 'You can postpone the start date by at most 14 days.'],
    [10, 'Choose a start date different from the current one.'],
    [-1, 'The date must be today or in the future.'],
    [375, 'The start date cannot be after the end date.'],
  ])('should refuse %i days from today in the browser: %s', async (days, message) => {
    serve(rawPolicy());
    renderPage();
    await typeDate(formDay(days));
    const field = screen.getByLabelText('New start date');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(requestsTo(fetchMock?.requests ?? [], CALCULATE)).toHaveLength(0);
  });

  it('should refuse advancing by more than 14 days', async () => {
    serve(rawPolicy({ startDate: day(30) }));
    renderPage();
    await typeDate(formDay(15));
    expect(screen.getByLabelText('New start date')).toHaveAccessibleDescription(
      expect.stringContaining('You can advance the start date by at most 14 days.'),
    );
  });

  it('should show the rule the api names in a 422 on the field', async () => {
    serve(rawPolicy(), {
      [CALCULATE]: () => jsonResponse({ days: -12, amount: 11.8, direction: 'REFUND' }),
      [CHANGE]: () =>
        jsonResponse(
          {
            code: 'START_DATE_RULE',
            message: 'No',
            fields: [{ field: 'startDate', code: 'validation.startDate.postponeTooFar' }],
          },
          422,
        ),
    });
    renderPage();
    const user = await typeDate(formDay(22));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    const field = await screen.findByLabelText('New start date');
    await screen.findByText('You can postpone the start date by at most 14 days.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('button', { name: 'Confirm' })).not.toBeInTheDocument();
  });

  it("should say why in the api's words when it gives a reason", async () => {
    serve(rawPolicy(), {
      [CALCULATE]: () => jsonResponse({ days: -7, amount: 6.9, direction: 'REFUND' }),
      [CHANGE]: () => jsonResponse({ code: 'UNDER_REVIEW', message: 'No' }, 409),
    });
    renderPage();
    const user = await typeDate(formDay(17));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A change of this policy is under review. No further changes are possible until it is approved',
    );
  });

  it('should say an error has occurred for any other failure', async () => {
    serve(rawPolicy(), {
      [CALCULATE]: () => jsonResponse({ days: -7, amount: 6.9, direction: 'REFUND' }),
      [CHANGE]: () => new Response(null, { status: 502 }),
    });
    renderPage();
    const user = await typeDate(formDay(17));
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'An error has occured. Please try again later.',
    );
  });

  it('should say that a started policy can no longer change its start date', async () => {
    serve(rawPolicy({ startDate: day(-3), status: 'ACTIVE' }));
    renderPage();
    expect(
      await screen.findByText('This policy has already started: its start date can no longer change.'),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('New start date')).not.toBeInTheDocument();
  });

  it.each([
    [{ customerType: 'INSTITUTE', editable: 'false' } as const, /contact your institution/],
    [{ status: 'UNDER_REVIEW' } as const, /under review/],
    [{ policyId: 'POL-2' } as const, /not among your policies/],
  ])('should offer no change for %o', async (overrides, message) => {
    serve(rawPolicy(overrides));
    renderPage();
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByLabelText('New start date')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Insurance' })).toHaveAttribute('href', '/insurances');
  });
});
