/** @jest-environment jest-fixed-jsdom */
import { File as NodeFile } from 'node:buffer';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { registerNamespace, useAuthStore } from '@portal/shared';
import { jsonResponse, mockFetch, mockXhr, renderWithProviders } from '@portal/testing';
import type { FetchMock, XhrMock } from '@portal/testing';

import en from '../../../locales/en.json';
import type { ClaimDraft } from '../lib/claim-drafts';
import type { ReceiptUploadEvents } from '../lib/resumable-receipts';
import { ClaimFormPage } from './claim-form-page';

// Typing a whole claim takes a while on a busy machine.
jest.setTimeout(30_000);

registerNamespace('service', { en, nl: () => import('../../../locales/nl.json') });

// Drafts in memory: the unit under test is the form; IndexedDB itself is tested with the drafts.
const stored = new Map<string, ClaimDraft>();
jest.mock('../lib/claim-drafts', () => ({
  loadDraft: (profileId: string) => Promise.resolve(stored.get(profileId)),
  saveDraft: (profileId: string, draft: ClaimDraft) => {
    stored.set(profileId, draft);
    return Promise.resolve();
  },
  discardDraft: (profileId: string) => {
    stored.delete(profileId);
    return Promise.resolve();
  },
  keepDraftsWithSession: () => () => undefined,
}));

// The resumable upload of the receipts (tus, tested in ../uploads): here each send's upload is
// followed and finished by the test.
type UploadCall = {
  files: readonly File[];
  events: ReceiptUploadEvents;
  resolve: (ids: string[]) => void;
  reject: (error: unknown) => void;
};
const uploads: UploadCall[] = [];
jest.mock('../lib/resumable-receipts', () => ({
  uploadReceipts: (files: readonly File[], events: ReceiptUploadEvents = {}) =>
    new Promise<string[]>((resolve, reject) => uploads.push({ files, events, resolve, reject })),
  forgetUploads: () => undefined,
  prepareUploads: () => undefined,
}));

const MB = 1024 * 1024;
/** A receipt as the platform makes it (the test environment's FormData takes no other File). */
function pdf(name: string, size = 20): File {
  const content = new Uint8Array(size);
  content.set(Array.from('%PDF-1.4', (char) => char.charCodeAt(0)));
  return new NodeFile([content], name, { type: 'application/pdf' }) as unknown as File;
}

const today = new Date();
const day = (offset: number) => {
  const date = new Date(today.getFullYear(), today.getMonth(), today.getDate() + offset);
  const pad = (value: number) => String(value).padStart(2, '0');
  return {
    wire: `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`,
    form: `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`,
  };
};
const policies = [
  {
    policyNumber: 'TR-2026-100101',
    insuranceType: 'TRAVEL',
    startDate: day(-60).wire,
    endDate: day(300).wire,
    status: 'ACTIVE',
    cancelledFromStart: 'false',
  },
  {
    policyNumber: 'HE-2026-100102',
    insuranceType: 'HEALTH',
    startDate: day(-60).wire,
    endDate: day(300).wire,
    status: 'DISAPPROVED',
    cancelledFromStart: 'false',
  },
];

let fetchMock: FetchMock | undefined;
let xhr: XhrMock;
beforeEach(() => {
  stored.clear();
  uploads.length = 0;
  xhr = mockXhr();
  fetchMock = mockFetch(() => jsonResponse(policies));
});
afterEach(() => {
  xhr.restore();
  fetchMock?.restore();
});

const renderPage = () =>
  renderWithProviders(<ClaimFormPage />, {
    authState: { authenticated: true, profileId: 'P-1001', username: 'Anna' },
  });

async function fillIn(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(await screen.findByLabelText('Policy'), 'TR-2026-100101 – Travel insurance');
  await user.selectOptions(screen.getByLabelText('Claim category'), 'Medical or other costs');
  await user.type(screen.getByLabelText('Incident date'), day(-3).form);
  await user.type(screen.getByLabelText('Description'), 'Doctor visit after a fall');
  await user.type(screen.getByLabelText('Amount claimed (EUR)'), '125,50');
  await user.type(screen.getByLabelText('IBAN for the payout'), 'NL91ABNA0417164300');
}

describe('ClaimFormPage', () => {
  it('should offer only the student’s claimable policies, by number and type', async () => {
    renderPage();
    const select = await screen.findByLabelText('Policy');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose…', 'TR-2026-100101 – Travel insurance']);
  });

  it('should upload the receipts, show what arrived while locked, wait out a lost connection, then the claim number', async () => {
    const user = userEvent.setup();
    renderPage();
    await fillIn(user);
    await user.upload(screen.getByLabelText('Receipts'), [pdf('bill.pdf'), pdf('photo.pdf')]);
    const list = await screen.findByRole('list', { name: 'Files added' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('bill.pdf'), expect.stringContaining('photo.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    const [upload] = uploads;
    expect(upload!.files.map((file) => file.name)).toEqual(['bill.pdf', 'photo.pdf']);
    act(() => upload!.events.onProgress?.(40, 100));
    expect(await screen.findByText('Sending your claim: 40%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '40');
    expect(screen.getByLabelText('Description')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Remove bill.pdf' })).toBeDisabled();
    // The connection goes: the bar stays at what arrived and says the upload waits; then it goes on.
    act(() => upload!.events.onConnection?.(false));
    expect(
      await screen.findByText('Connection lost — we will continue when you are back online'),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' })).toHaveAttribute('value', '40');
    act(() => upload!.events.onConnection?.(true));
    act(() => upload!.events.onProgress?.(70, 100));
    expect(await screen.findByText('Sending your claim: 70%')).toBeInTheDocument();
    expect(screen.queryByText(/Connection lost/)).not.toBeInTheDocument();
    expect(xhr.sent).toHaveLength(0);
    act(() => upload!.resolve(['RCT-00000000000000A1', 'RCT-00000000000000A2']));
    // The claim names the receipts that arrived; their bytes are not sent again.
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    const [request] = xhr.sent;
    const body = request!.body as FormData;
    expect(body.get('incidentDate')).toBe(day(-3).wire);
    expect(body.getAll('receipts')).toHaveLength(0);
    expect(body.getAll('uploadedReceipts')).toEqual(['RCT-00000000000000A1', 'RCT-00000000000000A2']);
    act(() => request!.answer(201, { claimNumber: 'CLM-2026-0000ABCD' }));
    expect(await screen.findByRole('heading', { name: 'Your claim has been received' })).toHaveFocus();
    expect(screen.getByText('CLM-2026-0000ABCD')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your claim on the Claims page' })).toHaveAttribute(
      'href',
      '/claims/CLM-2026-0000ABCD',
    );
    await waitFor(() => expect(stored.has('P-1001')).toBe(false));
  });

  it('should refuse a file over 10 MB and a sixth file, each with its message tied to the field', async () => {
    const user = userEvent.setup();
    renderPage();
    const input = await screen.findByLabelText('Receipts');
    await user.upload(input, [pdf('huge.pdf', 12 * MB)]);
    expect(input).toHaveAccessibleDescription(/huge\.pdf was not added: Each receipt can be at most 10 MB\./);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.upload(
      input,
      [1, 2, 3, 4, 5, 6].map((n) => pdf(`r${n}.pdf`)),
    );
    expect(input).toHaveAccessibleDescription(/r6\.pdf was not added: Attach at most 5 receipts\./);
    expect(within(screen.getByRole('list', { name: 'Files added' })).getAllByRole('listitem')).toHaveLength(
      5,
    );
    await user.click(screen.getByRole('button', { name: 'Remove r1.pdf' }));
    expect(input).toHaveFocus();
    expect(within(screen.getByRole('list', { name: 'Files added' })).getAllByRole('listitem')).toHaveLength(
      4,
    );
  });

  it('should keep everything after a failure and say what happened', async () => {
    const user = userEvent.setup();
    renderPage();
    await fillIn(user);
    await user.upload(screen.getByLabelText('Receipts'), [pdf('bill.pdf')]);
    const send = async () => {
      await user.click(screen.getByRole('button', { name: 'Send claim' }));
      await waitFor(() => expect(uploads.length).toBeGreaterThan(0));
      uploads.splice(0)[0]!.resolve(['RCT-00000000000000A1']);
      await waitFor(() => expect(xhr.sent.length).toBeGreaterThan(0));
      return xhr.sent.splice(0)[0]!;
    };

    // The upload itself fails with no answer (retries spent while the browser said it was online).
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads.splice(0)[0]!.reject(new TypeError('The upload failed: no response.')));
    expect(await screen.findByText(/There is no connection with our service/)).toBeInTheDocument();

    const lost = await send();
    act(() => lost.emit('error'));
    expect(await screen.findByText(/There is no connection with our service/)).toBeInTheDocument();

    const rejected = await send();
    act(() =>
      rejected.answer(400, {
        code: 'VALIDATION_FAILED',
        message: 'x',
        fields: [{ field: 'iban', code: 'validation.iban.uk' }],
      }),
    );
    expect(await screen.findByText(/Some details need your attention/)).toBeInTheDocument();
    expect(screen.getByLabelText('IBAN for the payout')).toHaveAccessibleDescription(/UK/);

    await user.type(screen.getByLabelText('IBAN for the payout'), ' ');
    const tooLarge = await send();
    act(() => tooLarge.answer(413, { code: 'PAYLOAD_TOO_LARGE', message: 'x' }));
    expect(await screen.findByText(/The receipts are too large to send/)).toBeInTheDocument();

    const broken = await send();
    act(() => broken.answer(500, { code: 'INTERNAL_ERROR', message: 'x', incidentId: 'inc-77' }));
    expect(await screen.findByText(/error code inc-77/)).toBeInTheDocument();

    expect(screen.getByLabelText('Description')).toHaveValue('Doctor visit after a fall');
    expect(screen.getByLabelText('Description')).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Remove bill.pdf' })).toBeEnabled();
  });

  it('should keep a receipt in the draft on the device before it is listed, without the typing pause', async () => {
    const user = userEvent.setup();
    renderPage();
    await user.upload(await screen.findByLabelText('Receipts'), [pdf('bill.pdf')]);
    await screen.findByText('bill.pdf');
    // Read at the moment the receipt shows: a reload now still finds it in the draft.
    expect(stored.get('P-1001')?.receipts.map((file) => file.name)).toEqual(['bill.pdf']);
  });

  it('should save a draft as the student types and offer it back, files included', async () => {
    const user = userEvent.setup();
    const first = renderPage();
    await user.type(await screen.findByLabelText('Description'), 'Half a claim');
    await user.upload(screen.getByLabelText('Receipts'), [pdf('bill.pdf')]);
    await waitFor(() => expect(stored.get('P-1001')?.receipts).toHaveLength(1));
    expect(stored.get('P-1001')?.values.description).toBe('Half a claim');
    expect(await screen.findByText(/Draft saved on this device/)).toBeInTheDocument();
    first.unmount();

    renderPage();
    expect(
      await screen.findByRole('heading', { name: /^Continue your draft from .+\?$/ }),
    ).toBeInTheDocument();
    expect(screen.getByText('Your draft has 1 receipt attached.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue draft' }));
    expect(await screen.findByLabelText('Description')).toHaveValue('Half a claim');
    expect(screen.getByText('bill.pdf')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(screen.getByLabelText('Description')).toHaveValue('');
    expect(screen.queryByText('bill.pdf')).not.toBeInTheDocument();
    await waitFor(() => expect(stored.has('P-1001')).toBe(false));
  });

  it('should discard an offered draft without opening it', async () => {
    stored.set('P-1001', {
      values: { policyNumber: '', category: '', incidentDate: '', description: 'Old', amount: '', iban: '' },
      receipts: [],
      savedAt: new Date().toISOString(),
    });
    const user = userEvent.setup();
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Discard draft' }));
    expect(await screen.findByLabelText('Description')).toHaveValue('');
    expect(stored.has('P-1001')).toBe(false);
  });

  it('should check every field before sending, with errors tied to the fields', async () => {
    const user = userEvent.setup();
    renderPage();
    await screen.findByLabelText('Policy');
    await user.type(screen.getByLabelText('Amount claimed (EUR)'), '0');
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    expect(screen.getByLabelText('Policy')).toHaveFocus();
    expect(screen.getByLabelText('Amount claimed (EUR)')).toHaveAccessibleDescription(/more than € 0\.00/);
    expect(screen.getByLabelText('Incident date')).toHaveAttribute('aria-invalid', 'true');
    expect(xhr.sent).toHaveLength(0);
  });
});

describe('ClaimFormPage for a visitor', () => {
  const renderForVisitor = () => renderWithProviders(<ClaimFormPage />);

  async function fillInAsVisitor(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText('Policy number'), 'TR-2026-100101');
    await user.type(screen.getByLabelText('Date of birth'), '12/04/2003');
    await user.selectOptions(screen.getByLabelText('Claim category'), 'Medical or other costs');
    await user.type(screen.getByLabelText('Incident date'), day(-3).form);
    await user.type(screen.getByLabelText('Description'), 'Taxi to the hospital');
    await user.type(screen.getByLabelText('Amount claimed (EUR)'), '48,20');
    await user.type(screen.getByLabelText('IBAN for the payout'), 'NL91ABNA0417164300');
  }

  it('should ask for the policy number and date of birth instead of the policies, and offer the login', () => {
    renderForVisitor();
    expect(screen.getByLabelText('Policy number')).toBeInTheDocument();
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription(/dd\/mm\/yyyy/);
    expect(screen.queryByLabelText('Policy')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Log in to choose from your policies/ })).toHaveAttribute(
      'href',
      '/login?redirect=%2Fservice-contact%2Ffile-a-claim',
    );
    // The student's policies are not asked for: a visitor has none to load.
    expect(fetchMock?.requests ?? []).toHaveLength(0);
  });

  it('should wait for the session check rather than show a student the visitor’s form', () => {
    renderWithProviders(<ClaimFormPage />);
    act(() => useAuthStore.setState({ sessionChecking: true }));
    expect(screen.queryByLabelText('Policy number')).not.toBeInTheDocument();
    act(() => useAuthStore.setState({ sessionChecking: false }));
    expect(screen.getByLabelText('Policy number')).toBeInTheDocument();
  });

  it('should send the claim with the date of birth to the visitor call, then show the claim number only', async () => {
    const user = userEvent.setup();
    renderForVisitor();
    await fillInAsVisitor(user);
    await user.upload(screen.getByLabelText('Receipts'), [pdf('taxi.pdf')]);
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    const [request] = xhr.sent;
    expect(request!.url).toMatch(/\/api\/en\/visitor-claims$/);
    const body = request!.body as FormData;
    expect(body.get('policyNumber')).toBe('TR-2026-100101');
    expect(body.get('birthDate')).toBe('2003-04-12');
    expect(body.get('incidentDate')).toBe(day(-3).wire);
    expect(body.getAll('receipts')).toHaveLength(1);
    // Every field before the first file: the api checks the fields when the first file arrives.
    const names = [...body.keys()];
    expect(names.indexOf('birthDate')).toBeLessThan(names.indexOf('receipts'));
    act(() => request!.answer(201, { claimNumber: 'CLM-2026-0000BEEF' }));
    expect(await screen.findByRole('heading', { name: 'Your claim has been received' })).toHaveFocus();
    expect(screen.getByText('CLM-2026-0000BEEF')).toBeInTheDocument();
    // A visitor cannot open the claim: no link to it.
    expect(screen.queryByRole('link', { name: /View your claim/ })).not.toBeInTheDocument();
    expect(stored.size).toBe(0);
  });

  it('should say that no policy was found, keep everything, and save no draft', async () => {
    const user = userEvent.setup();
    renderForVisitor();
    await fillInAsVisitor(user);
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    await waitFor(() => expect(xhr.sent).toHaveLength(1));
    act(() =>
      xhr.sent[0]!.answer(422, {
        code: 'POLICY_NOT_FOUND',
        message: 'We could not find a policy with this policy number and date of birth.',
      }),
    );
    expect(
      await screen.findByText('We could not find a policy with this policy number and date of birth.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Policy number')).toHaveValue('TR-2026-100101');
    expect(screen.getByLabelText('Date of birth')).toHaveValue('12/04/2003');
    expect(screen.getByLabelText('Description')).toBeEnabled();
    expect(stored.size).toBe(0);
  });

  it('should check the policy number and the date of birth like every field, errors tied to them', async () => {
    const user = userEvent.setup();
    renderForVisitor();
    await user.type(screen.getByLabelText('Date of birth'), '31/02/2003');
    await user.click(screen.getByRole('button', { name: 'Send claim' }));
    expect(screen.getByLabelText('Policy number')).toHaveFocus();
    expect(screen.getByLabelText('Policy number')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Date of birth')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Date of birth')).toHaveAccessibleDescription(/valid date/i);
    expect(xhr.sent).toHaveLength(0);
  });
});
