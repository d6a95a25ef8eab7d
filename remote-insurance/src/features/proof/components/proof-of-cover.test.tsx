/** @jest-environment jest-fixed-jsdom */
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@portal/shared/router';
import { i18n, initI18n, loadLocale, registerNamespace } from '@portal/shared';
import { mapPolicy } from '@portal/contract/domain';
import { jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';
import type { RawPolicy } from '@portal/contract/wire';

import en from '../../../locales/en.json';
import { canProveCover } from '../api/create-proof';
import { ProofOfCover } from './proof-of-cover';

initI18n({ lng: 'en-GB' });
registerNamespace('insurance', { en, nl: () => import('../../../locales/nl.json') });

function rawPolicy(overrides: Partial<RawPolicy> = {}): RawPolicy {
  return {
    policyId: 'POL 1',
    policyNumber: 'TR-1',
    insuranceType: 'TRAVEL',
    coverage: 'Travel Plus',
    destination: 'NL',
    startDate: '2026-01-01',
    endDate: '2099-12-31',
    birthDate: '2003-04-12',
    cancelledFromStart: 'false',
    status: 'ACTIVE',
    editable: 'true',
    renewable: 'true',
    individual: 'true',
    customerType: 'INDIVIDUAL',
    totalAmount: 240,
    paymentTerm: 'MONTHLY',
    paymentMethod: 'DIRECT_DEBIT',
    documents: [],
    ...overrides,
  };
}

let fetchMock: FetchMock | undefined;
const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);

beforeAll(() => {
  // jsdom has <dialog> but not its modal behaviour: open and close it the way the browser does.
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  URL.createObjectURL = jest.fn(() => 'blob:letter');
  URL.revokeObjectURL = jest.fn();
});
afterEach(async () => {
  fetchMock?.restore();
  click.mockClear();
  await act(() => i18n.changeLanguage('en-GB'));
});

function pdfAnswer(code = 'ABCDE-FGHJK') {
  return new Response(new Blob(['%PDF-1.7']), {
    status: 201,
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': 'attachment; filename="proof-of-cover-TR-1-nl.pdf"',
      'X-Verification-Code': code,
    },
  });
}

function renderProof(overrides: Partial<RawPolicy> = {}) {
  return render(
    <MemoryRouter>
      <ProofOfCover policy={mapPolicy(rawPolicy(overrides))} />
    </MemoryRouter>,
  );
}

describe('ProofOfCover', () => {
  it('should open a labelled dialog that offers English and Dutch, English chosen for an English page', async () => {
    renderProof();
    const user = userEvent.setup();
    const opener = screen.getByRole('button', { name: 'Proof of cover' });
    expect(opener).toHaveAttribute('aria-haspopup', 'dialog');
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Proof of cover: Travel' });
    expect(dialog).toHaveAccessibleDescription(/stating your cover under policy TR-1/);
    const language = within(dialog).getByRole('group', { name: 'Language of the letter' });
    expect(within(language).getByRole('radio', { name: 'English' })).toBeChecked();
    expect(within(language).getByRole('radio', { name: 'Nederlands (Dutch)' })).not.toBeChecked();

    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(dialog).not.toHaveAttribute('open');
    expect(opener).toHaveFocus();
  });

  it('should ask for the chosen language, save the letter and show its verification code', async () => {
    fetchMock = mockFetch(() => pdfAnswer());
    renderProof();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Proof of cover' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Nederlands (Dutch)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Download the letter' }));

    const status = await within(dialog).findByRole('status');
    await within(status).findByText('Your letter has been downloaded.');
    expect(within(status).getByText('ABCDE-FGHJK')).toBeInTheDocument();
    expect(within(status).getByRole('link', { name: 'See what they will see' })).toHaveAttribute(
      'href',
      '/verify/ABCDE-FGHJK',
    );
    const request = fetchMock.requests[0];
    expect(request?.method).toBe('POST');
    expect(new URL(request?.url ?? '').pathname).toBe('/api/en/policies/POL%201/proof');
    expect(await request?.json()).toEqual({ language: 'nl' });
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('should say so when the policy gives no cover any more, and when the letter could not be made', async () => {
    fetchMock = mockFetch(() => jsonResponse({ code: 'NO_COVER', message: 'No cover.' }, 409));
    renderProof();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Proof of cover' }));
    await user.click(await screen.findByRole('button', { name: 'Download the letter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This policy gives no cover that a letter could prove.',
    );
    fetchMock.restore();

    fetchMock = mockFetch(() => {
      throw new Error('offline');
    });
    await user.click(screen.getByRole('button', { name: 'Download the letter' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The letter could not be made.');
    expect(click).not.toHaveBeenCalled();
  });

  it('should choose Dutch for a Dutch page', async () => {
    await act(() => loadLocale('nl').then(() => i18n.changeLanguage('nl')));
    renderProof();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Verzekeringsbewijs' }));
    expect(await screen.findByRole('radio', { name: 'Nederlands' })).toBeChecked();
  });

  it('should open a fresh dialog each time, in its first state', async () => {
    fetchMock = mockFetch(() => jsonResponse({ code: 'NO_COVER', message: 'No cover.' }, 409));
    renderProof();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Proof of cover' }));
    await user.click(await screen.findByRole('button', { name: 'Download the letter' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    await user.click(screen.getByRole('button', { name: 'Proof of cover' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveAttribute('open');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getAllByRole('dialog', { hidden: true })).toHaveLength(1);
  });
});

describe('canProveCover', () => {
  const today = new Date(2026, 5, 15, 12);
  const policy = (status: RawPolicy['status'], endDate: string) => mapPolicy(rawPolicy({ status, endDate }));

  it('should offer a proof for cover in force or starting later that has not ended', () => {
    expect(canProveCover(policy('ACTIVE', '2026-06-15'), today)).toBe(true);
    expect(canProveCover(policy('NOT_ACTIVE', '2026-12-31'), today)).toBe(true);
  });

  it('should offer none for a policy that ended or gives no cover', () => {
    expect(canProveCover(policy('ACTIVE', '2026-06-14'), today)).toBe(false);
    for (const status of [
      'EXPIRED',
      'CANCELLED',
      'DISAPPROVED',
      'UNDER_REVIEW',
      'UNDER_REVIEW_NEW',
    ] as const) {
      expect(canProveCover(policy(status, '2026-12-31'), today)).toBe(false);
    }
  });
});
