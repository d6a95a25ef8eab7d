import { useEffect, useState } from 'react';

import { EMPTY_REQUEST_FORM, REQUEST_FORM_FIELDS } from '../api/send-insurance-request';
import type { RequestFormInput } from '../api/send-insurance-request';

/** Where the request form keeps what was typed until it is sent (this tab only). */
export const REQUEST_DRAFT_KEY = 'portal.insurance.request-draft';

/** The draft kept in session storage, field by field; anything unreadable is left empty. */
export function readRequestDraft(): RequestFormInput {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(REQUEST_DRAFT_KEY) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return EMPTY_REQUEST_FORM;
    const draft = { ...EMPTY_REQUEST_FORM };
    for (const name of REQUEST_FORM_FIELDS) {
      const value: unknown = (stored as Record<string, unknown>)[name];
      if (typeof value === 'string') draft[name] = value;
    }
    return draft;
  } catch {
    // Storage blocked or a broken entry: start empty rather than fail the page.
    return EMPTY_REQUEST_FORM;
  }
}

/** Forgets the draft (after the request was sent). */
export function clearRequestDraft(): void {
  try {
    window.sessionStorage.removeItem(REQUEST_DRAFT_KEY);
  } catch {
    // Nothing was kept where storage is blocked.
  }
}

/**
 * The draft to start the form with, and a saver: `values` are written back whenever they change
 * while `keep` is true, so that a reload of the page loses nothing that was typed.
 */
export function useRequestDraft(values: RequestFormInput, keep: boolean): void {
  useEffect(() => {
    if (!keep) return;
    try {
      window.sessionStorage.setItem(REQUEST_DRAFT_KEY, JSON.stringify(values));
    } catch {
      // Storage full or blocked: the form still works, only without surviving a reload.
    }
  }, [values, keep]);
}

/** The initial values of the form: the draft read once, on the first render. */
export function useInitialRequestDraft(): RequestFormInput {
  const [initial] = useState(readRequestDraft);
  return initial;
}
