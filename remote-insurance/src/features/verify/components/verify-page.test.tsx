/** @jest-environment jest-fixed-jsdom */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useParams } from '@portal/shared/router';
import { initI18n, registerNamespace } from '@portal/shared';
import { jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';
import type { ProofVerification } from '@portal/contract/wire';

import en from '../../../locales/en.json';
import { VerifyPage } from './verify-page';

initI18n({ lng: 'en-GB' });
registerNamespace('insurance', { en, nl: () => import('../../../locales/nl.json') });

let fetchMock: FetchMock | undefined;
afterEach(() => {
  fetchMock?.restore();
  jest.restoreAllMocks();
});
const NodeFormData = globalThis.FormData;

const VALID: ProofVerification = {
  code: 'ABCDE-FGHJK',
  valid: true,
  coverStatus: 'ACTIVE',
  initials: 'A.d.V.',
  birthYear: 2003,
  insuranceType: 'TRAVEL',
  startDate: '2026-09-24',
  endDate: '2027-09-24',
  issuedOn: '2026-11-23',
};

function VerifyRoute() {
  const { code } = useParams();
  return <VerifyPage code={code} />;
}

function renderPage(path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="/verify" element={<VerifyRoute />} />
        <Route path="/verify/:code" element={<VerifyRoute />} />
      </Routes>
    </MemoryRouter>,
  );
}

function answer(body: unknown, status = 200) {
  fetchMock = mockFetch(() => jsonResponse(body, status));
}

describe('VerifyPage', () => {
  it('should show a valid letter with only what a third party needs', async () => {
    answer(VALID);
    renderPage('/verify/abcde%20fghjk');
    const result = await screen.findByRole('region', { name: 'Valid' });
    expect(new URL(fetchMock?.requests[0]?.url ?? '').pathname).toBe('/api/verify/abcde%20fghjk');
    expect(
      within(result).getByText('This letter is genuine and the insurance is in force today.'),
    ).toBeVisible();
    const details = Object.fromEntries(
      within(result)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(details).toEqual({
      'Insured person (initials)': 'A.d.V.',
      'Year of birth': '2003',
      Insurance: 'Travel',
      'Period of cover': '24 Sept 2026 to 24 Sept 2027',
      Status: 'Active',
      'Letter issued on': '23 Nov 2026',
      'Verification code': 'ABCDE-FGHJK',
    });
  });

  it('should say "not valid" for a code that no letter has', async () => {
    answer({ code: 'NOT_FOUND', message: 'Proof of cover not found.' }, 404);
    renderPage('/verify/MADE-UP');
    const result = await screen.findByRole('region', { name: 'Not valid' });
    expect(within(result).getByText(/We know no letter with this code/)).toBeVisible();
    expect(within(result).queryByRole('term')).not.toBeInTheDocument();
  });

  it.each([
    [
      'TERMINATED',
      'the policy was terminated early: the insurance ended on 31 Dec 2026.',
      'Terminated early',
    ],
    ['ENDED', 'the insurance ended on 31 Dec 2026.', 'Ended'],
    ['CANCELLED', 'the policy was cancelled with effect from 31 Dec 2026.', 'Cancelled'],
  ] as const)(
    'should say "no longer valid" with the date for a %s policy',
    async (coverStatus, why, status) => {
      answer({ ...VALID, valid: false, coverStatus, endDate: '2026-12-31' });
      renderPage('/verify/ABCDE-FGHJK');
      const result = await screen.findByRole('region', { name: 'No longer valid' });
      expect(within(result).getByText(`This letter is genuine, but ${why}`)).toBeVisible();
      expect(within(result).getByText(status)).toBeVisible();
    },
  );

  it('should say when a letter is valid and its cover starts later', async () => {
    answer({ ...VALID, coverStatus: 'NOT_STARTED' });
    renderPage('/verify/ABCDE-FGHJK');
    const result = await screen.findByRole('region', { name: 'Valid' });
    expect(
      within(result).getByText('This letter is genuine. The insurance starts on 24 Sept 2026.'),
    ).toBeVisible();
    expect(within(result).getByText('Not started yet')).toBeVisible();
  });

  it('should offer a retry when the check itself fails', async () => {
    fetchMock = mockFetch(() => {
      throw new Error('offline');
    });
    renderPage('/verify/ABCDE-FGHJK');
    expect(await screen.findByRole('alert')).toHaveTextContent('The letter could not be checked.');
    fetchMock.restore();
    answer(VALID);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Valid' })).toBeInTheDocument();
  });

  it('should check a typed code on its own page, and tie an error to the field', async () => {
    // The router navigates in a transition, for which React reads the submitted form into a FormData;
    // the FormData of jest-fixed-jsdom (Node's) cannot read a DOM form, a browser's can.
    jest.spyOn(globalThis, 'FormData').mockImplementation(() => new NodeFormData());
    answer(VALID);
    renderPage('/verify');
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Check a proof of cover' })).toBeInTheDocument();
    const field = screen.getByRole('textbox', { name: 'Verification code' });
    const submit = screen.getByRole('button', { name: 'Check' });

    await user.click(submit);
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining('This field is required.'));
    expect(field).toHaveFocus();

    await user.type(field, 'ABCDE-FGHJ0');
    await user.click(submit);
    expect(field).toHaveAccessibleDescription(expect.stringContaining('Enter the 10 letters and digits'));
    expect(fetchMock?.requests).toHaveLength(0);

    await user.clear(field);
    await user.type(field, 'abcde fghjk');
    await user.click(submit);
    expect(await screen.findByRole('region', { name: 'Valid' })).toBeInTheDocument();
    expect(new URL(fetchMock?.requests[0]?.url ?? '').pathname).toBe('/api/verify/ABCDE-FGHJK');
    expect(screen.getByRole('heading', { name: 'Check another letter' })).toBeInTheDocument();
  });
});
