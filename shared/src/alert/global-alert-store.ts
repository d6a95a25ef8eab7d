import { create } from 'zustand';

import type { AlertMessage } from './alert-message';

/** The alert the host shows above every page; `type: 'none'` means nothing is shown. */
export type GlobalAlert = {
  type: 'none' | 'error';
  title: string;
  messages: AlertMessage[];
};

/** State and actions of {@link useGlobalAlertStore}. */
export type GlobalAlertState = {
  alert: GlobalAlert;
  /**
   * Shows the common error with the incident number the backend gave for a 500
   * (docs/requirements.md §3 Global error alert). Without a number the generic internal-error text is shown.
   */
  showIncident: (iId?: string) => void;
  /** Says that too many attempts were made and in how many minutes to try again (a 429). */
  showRateLimited: (minutes: number) => void;
  /** Shows "Service unavailable" (docs/requirements.md §8): the backend cannot be reached now. */
  showServiceUnavailable: () => void;
  /** Hides "Service unavailable" once the backend answers again; any other alert stays. */
  clearServiceUnavailable: () => void;
  /** Hides the alert. */
  clear: () => void;
};

const NO_ALERT: GlobalAlert = { type: 'none', title: '', messages: [] };

/**
 * The global error alert (one instance for the whole page: `@portal/shared` is a Module
 * Federation singleton). The HTTP client fills it on every 500; the host renders it.
 */
const SERVICE_UNAVAILABLE: GlobalAlert = {
  type: 'error',
  title: 'CommonError.title',
  messages: [{ code: 'errors.serviceUnavailable' }],
};

const isServiceUnavailable = (alert: GlobalAlert): boolean =>
  alert.messages.length === 1 && alert.messages[0]?.code === 'errors.serviceUnavailable';

export const useGlobalAlertStore = create<GlobalAlertState>()((set, get) => ({
  alert: NO_ALERT,
  showIncident: (iId) =>
    set({
      alert: {
        type: 'error',
        title: 'CommonError.title',
        messages: iId ? [{ code: 'CommonError.message', context: { iId } }] : [{ code: 'errors.internal' }],
      },
    }),
  showRateLimited: (minutes) =>
    set({
      alert: {
        type: 'error',
        title: 'errors.rateLimitedTitle',
        messages: [{ code: 'errors.rateLimited', context: { count: minutes } }],
      },
    }),
  showServiceUnavailable: () => set({ alert: SERVICE_UNAVAILABLE }),
  clearServiceUnavailable: () => {
    if (isServiceUnavailable(get().alert)) set({ alert: NO_ALERT });
  },
  clear: () => set({ alert: NO_ALERT }),
}));
