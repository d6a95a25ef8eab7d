/** @jest-environment jest-fixed-jsdom */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { i18n, initI18n, loadLocale, registerNamespace } from '@portal/shared';
import { mapPolicy } from '@portal/contract/domain';
import { jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';

import en from '../../../locales/en.json';
import { rawPolicy } from '../../../test-support/policies';
import { PolicyDocuments } from './policy-documents';

initI18n({ lng: 'en-GB' });
registerNamespace('insurance', { en, nl: () => import('../../../locales/nl.json') });

let fetchMock: FetchMock | undefined;
afterEach(() => fetchMock?.restore());

const pdf = (name: string) =>
  new Response(new Blob(['%PDF-1.4'], { type: 'application/pdf' }), {
    headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': `attachment; filename="${name}"` },
  });

function renderDocuments(overrides: Parameters<typeof rawPolicy>[0] = {}) {
  const policy = mapPolicy(
    rawPolicy({
      ...overrides,
      documents: [
        { id: 'DOC-1/W', name: 'Welcome letter' },
        { id: 'DOC-2', name: 'Policy schedule' },
      ],
    }),
  );
  render(<PolicyDocuments policy={policy} />);
}

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:document');
  URL.revokeObjectURL = jest.fn();
  // jsdom cannot navigate; the saved file is the browser's business (the journey checks it).
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('PolicyDocuments', () => {
  it('should offer both conditions and every document of the policy by its name', () => {
    fetchMock = mockFetch(() => pdf('x.pdf'));
    renderDocuments();
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Certificate and coverage',
      'Insurance card',
      'Conditions at the start of your policy',
      'Latest conditions',
      'Welcome letter',
      'Policy schedule',
    ]);
  });

  it.each(['CANCELLED', 'DISAPPROVED', 'UNDER_REVIEW', 'EXPIRED'] as const)(
    'should offer no certificate and no insurance card for a %s policy, which gives no cover',
    (status) => {
      fetchMock = mockFetch(() => pdf('x.pdf'));
      renderDocuments({ status });
      expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual([
        'Conditions at the start of your policy',
        'Latest conditions',
        'Welcome letter',
        'Policy schedule',
      ]);
    },
  );

  it('should offer no certificate for an active policy whose end date has passed', () => {
    fetchMock = mockFetch(() => pdf('x.pdf'));
    renderDocuments({ status: 'ACTIVE', startDate: '2020-01-01', endDate: '2020-12-31' });
    expect(screen.queryByRole('button', { name: 'Certificate and coverage' })).toBeNull();
  });

  it("should name the documents the portal knows in the reader's language, others as the api names them", async () => {
    fetchMock = mockFetch(() => pdf('x.pdf'));
    const policy = mapPolicy(
      rawPolicy({
        documents: [
          { id: 'DOC-1', name: 'Welcome letter' },
          { id: 'DOC-2', name: 'Policy schedule' },
          { id: 'DOC-3', name: 'Visa letter: 2026' },
        ],
      }),
    );
    await act(() => loadLocale('nl').then(() => i18n.changeLanguage('nl')));
    render(<PolicyDocuments policy={policy} />);
    const names = screen.getAllByRole('button').map((button) => button.textContent);
    await act(() => i18n.changeLanguage('en-GB'));
    expect(names.slice(-3)).toEqual(['Welkomstbrief', 'Polisblad', 'Visa letter: 2026']);
  });

  it.each([
    ['Conditions at the start of your policy', '/api/en/policies/POL-1/conditions', ''],
    ['Latest conditions', '/api/en/policies/POL-1/conditions', '?latest=true'],
    ['Welcome letter', '/api/en/documents/DOC-1%2FW', ''],
    ['Policy schedule', '/api/en/documents/DOC-2', ''],
  ])('should download %s from %s%s', async (name, path, search) => {
    fetchMock = mockFetch(() => pdf('document.pdf'));
    renderDocuments();
    await userEvent.setup().click(screen.getByRole('button', { name }));
    await waitFor(() => expect(fetchMock?.requests).toHaveLength(1));
    const url = new URL(fetchMock.requests[0]?.url ?? '');
    expect(url.pathname).toBe(path);
    expect(url.search).toBe(search);
    await waitFor(() => expect(screen.getByRole('button', { name })).toBeEnabled());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('should say which named document could not be downloaded, with the CONTRACT error body', async () => {
    fetchMock = mockFetch(() => jsonResponse({ code: 'FORBIDDEN', message: 'No.' }, 403));
    renderDocuments();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Policy schedule' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Policy schedule could not be downloaded. Please try again later.',
    );
  });
});
