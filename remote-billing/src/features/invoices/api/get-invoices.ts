import { useCallback, useEffect, useState } from 'react';
import { http } from '@portal/shared';
import { mapInvoice } from '@portal/shared/domain';
import type { Invoice } from '@portal/shared/domain';
import type { RawInvoice } from '@portal/shared/wire';

/** What the invoices call answers: the invoices, or 204 when the institute pays them. */
export type InvoicesResult = { paidByInstitute: true } | { paidByInstitute: false; invoices: Invoice[] };

/** `GET /api/en/profiles/{profileId}/invoices`; a 204 means the institute pays (SPEC.md §7). */
export async function getInvoices(profileId: string, signal?: AbortSignal): Promise<InvoicesResult> {
  const response = await http.get(`api/en/profiles/${encodeURIComponent(profileId)}/invoices`, { signal });
  if (response.status === 204) return { paidByInstitute: true };
  const raw = await response.json<RawInvoice[]>();
  return { paidByInstitute: false, invoices: raw.map(mapInvoice) };
}

export type InvoicesState =
  { status: 'loading' } | { status: 'error' } | { status: 'success'; result: InvoicesResult };

/** Loads the student's invoices; `retry` loads them again after a failure. */
export function useInvoices(profileId: string) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<{ key: string; value: InvoicesState }>({
    key: '',
    value: { status: 'loading' },
  });
  const key = `${profileId}\n${attempt}`;

  useEffect(() => {
    const controller = new AbortController();
    getInvoices(profileId, controller.signal).then(
      (result) => setState({ key, value: { status: 'success', result } }),
      () => {
        // A 401 is handled by the http client (back to login); an abort is the page going away.
        if (!controller.signal.aborted) setState({ key, value: { status: 'error' } });
      },
    );
    return () => controller.abort();
  }, [key, profileId]);

  const retry = useCallback(() => setAttempt((count) => count + 1), []);
  return { state: state.key === key ? state.value : ({ status: 'loading' } as const), retry };
}
