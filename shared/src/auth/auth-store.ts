import { HTTPError } from 'ky';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

import { baseHttp } from '../http/base-http';
import { forgetReadsAhead } from '../http/reads-ahead';
import { isBackendUnavailable } from '../http/backend-unavailable';
import { readApiError } from '../http/read-api-error';
import type { CommonKey } from '../i18n/keys';
import type { LoginResponse } from '@portal/contract/wire';
import { basicAuthHeader } from './basic-auth';

/** Session storage key of the persisted auth state (docs/requirements.md §3 Auth session). */
export const AUTH_STORAGE_KEY = 'portal-auth';

/**
 * Translation keys a failed login can give (docs/requirements.md §8). Extracted from the common texts, so a
 * key missing from the English file fails the build rather than showing a raw key.
 */
export type LoginErrorKey = Extract<
  CommonKey,
  'LoginForm.errors.failed' | 'LoginForm.errors.blocked' | 'errors.serviceUnavailable'
>;

/** Error code of a 403 for a missing or wrong anti-forgery token (docs/contract.md, general). */
export const XSRF_INVALID_CODE = 'XSRF_INVALID';

/** Local storage key of the moment (ms since the epoch) of the last logout on this device. */
export const LAST_LOGOUT_KEY = 'portal-last-logout';

/**
 * Something a feature keeps on the device for the logged-in student and removes when they log out.
 * A hook may be asynchronous; the logout does not wait for it, and a hook that fails does not stop
 * the others.
 */
export type LogoutHook = () => void | Promise<void>;

const logoutHooks = new Set<LogoutHook>();

/**
 * Registers `hook` to run at every logout in this page, on whichever page the student logs out.
 * Returns the function that unregisters it. The store knows nothing of what the hooks remove: a
 * feature that keeps data on the device registers its own clean-up when its code is loaded, and
 * compares its data with {@link lastLogoutAt} for a logout that happened before that.
 */
export function onLogout(hook: LogoutHook): () => void {
  logoutHooks.add(hook);
  return () => {
    logoutHooks.delete(hook);
  };
}

function runLogoutHooks(): void {
  for (const hook of logoutHooks) {
    try {
      void Promise.resolve(hook()).catch(() => undefined);
    } catch {
      // One feature's clean-up failing must not keep the others' data on the device.
    }
  }
}

function localStore(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

function recordLogout(at: number): void {
  try {
    localStore()?.setItem(LAST_LOGOUT_KEY, String(at));
  } catch {
    // Storage refused (private browsing, full): the hooks of this page still run.
  }
}

/**
 * When the student last logged out on this device (in any tab, before any reload), or null. Data a
 * feature saved before then belongs to a session that has ended, even when the feature's code was
 * not loaded in the page where the logout happened.
 */
export function lastLogoutAt(): number | null {
  let stored: string | null | undefined;
  try {
    stored = localStore()?.getItem(LAST_LOGOUT_KEY);
  } catch {
    return null;
  }
  const at = stored ? Number(stored) : NaN;
  return Number.isFinite(at) ? at : null;
}

/** Code of the api's 401 for a wrong e-mail address or password (docs/contract.md, `POST /api/login`). */
export const INVALID_CREDENTIALS_CODE = 'INVALID_CREDENTIALS';

/**
 * Outcome of {@link AuthState.login}. `detailKey` is the message of the api's own answer when it
 * gives one (docs/requirements.md §8 "Invalid credentials"), shown beside the message of the status.
 */
export type LoginResult =
  | { ok: true }
  | { ok: false; errorKey: LoginErrorKey; detailKey?: Extract<CommonKey, 'errors.invalidCredentials'> };

/** The persisted session fields. */
export type AuthSession = {
  authenticated: boolean;
  blocked: boolean;
  apiUnavailable: boolean;
  /** The first name of the logged-in student. */
  username: string | null;
  profileId: string | null;
};

/**
 * How the last session ended in this page: the student logged out, or the backend said the session
 * was over (a 401, or a session check that found none). Drafts on the device are removed after a
 * logout only: a student whose session expired logs in again and finds what they were typing.
 */
export type SessionEnd = 'logout' | 'expired' | null;

/** State and actions of {@link useAuthStore}. */
export type AuthState = AuthSession & {
  /** How the last session ended; `null` while signed in or before any session. Not persisted. */
  sessionEnd: SessionEnd;
  /**
   * True while a session check is under way. Pages that need a login wait for it rather than send a
   * student with a valid session cookie to the login page; public pages do not wait.
   */
  sessionChecking: boolean;
  /** `POST /api/login` with basic credentials; never rejects. */
  login: (email: string, password: string) => Promise<LoginResult>;
  /**
   * `GET /api/checksession`; any failure leaves the store unauthenticated, and a 401 or 403 to a
   * browser that had a session marks it expired. Never rejects.
   */
  checkSession: () => Promise<void>;
  /**
   * `GET /api/logout`; the store is cleared, and the {@link onLogout} hooks run, even when the call
   * fails. Never rejects.
   */
  logout: () => Promise<void>;
  /**
   * Forgets the session in the browser (after any 401). When the browser had one, it has expired
   * (`sessionEnd` 'expired', and the login page says so).
   */
  markUnauthenticated: () => void;
  /** Records that the backend cannot be reached (a 404 of docs/requirements.md §8, or the proxy's 502–504). */
  markApiUnavailable: () => void;
  /** Records that the backend answers again (after it could not be reached). */
  markApiAvailable: () => void;
};

const SIGNED_OUT = { authenticated: false, username: null, profileId: null } as const;
const EXPIRED = { ...SIGNED_OUT, sessionEnd: 'expired' } as const;

function isLoginResponse(value: unknown): value is LoginResponse {
  return (
    typeof value === 'object' &&
    value !== null &&
    'firstName' in value &&
    typeof value.firstName === 'string' &&
    'profileId' in value &&
    typeof value.profileId === 'string'
  );
}

function signedIn(body: LoginResponse): Partial<AuthState> {
  return {
    authenticated: true,
    sessionEnd: null,
    username: body.firstName,
    profileId: body.profileId,
    blocked: false,
    apiUnavailable: false,
  };
}

type Failure = { status: number | undefined; code: string | undefined; unavailable: boolean };

async function describeFailure(error: unknown): Promise<Failure> {
  const response = error instanceof HTTPError ? error.response : undefined;
  return {
    status: response?.status,
    code: (await readApiError(error))?.code,
    // docs/requirements.md §8 names a 404; through the host, an unreachable backend is the proxy's 502–504.
    unavailable: response ? response.status === 404 || (await isBackendUnavailable(response)) : false,
  };
}

// docs/requirements.md §8: a 403 sets blocked. The one 403 that says nothing about the account is a failed
// anti-forgery check, which the login repairs by fetching the cookie and trying once more.
const isBlocked = ({ status, code }: Failure): boolean => status === 403 && code !== XSRF_INVALID_CODE;

// Each login, logout and 401 starts a new generation. An answer is applied only while its
// generation is still the newest, so a slow session check cannot undo a later login or logout.
let generation = 0;

/**
 * The auth session of the whole page (docs/requirements.md §3–4). It is one instance across the host and
 * the remotes because `@portal/shared` is a Module Federation singleton; it is kept in session
 * storage under `portal-auth`.
 */
export const useAuthStore = create<AuthState>()(
  persist(
    (set, get) => ({
      authenticated: false,
      blocked: false,
      apiUnavailable: false,
      username: null,
      profileId: null,
      sessionChecking: false,
      sessionEnd: null,

      login: async (email, password) => {
        const mine = (generation += 1);
        // A read started ahead before this login was made with another session, or none.
        forgetReadsAhead();
        const apply = (state: Partial<AuthState>) => {
          if (mine === generation) set(state);
        };
        const post = () =>
          baseHttp.post('api/login', { headers: { Authorization: basicAuthHeader(email, password) } }).json();

        let failure: Failure;
        try {
          let body: unknown;
          try {
            body = await post();
          } catch (error) {
            failure = await describeFailure(error);
            if (failure.status !== 403 || failure.code !== XSRF_INVALID_CODE) throw error;
            // No anti-forgery cookie yet (a first visit whose start-up check failed, an expired
            // cookie): any GET brings one, and then the login is tried once more.
            await baseHttp.get('api/checksession', { throwHttpErrors: false });
            body = await post();
          }
          if (!isLoginResponse(body)) {
            apply(SIGNED_OUT);
            return { ok: false, errorKey: 'errors.serviceUnavailable' };
          }
          apply(signedIn(body));
          return { ok: true };
        } catch (error) {
          failure = await describeFailure(error);
        }
        if (failure.status === 401) {
          apply(SIGNED_OUT);
          return failure.code === INVALID_CREDENTIALS_CODE
            ? { ok: false, errorKey: 'LoginForm.errors.failed', detailKey: 'errors.invalidCredentials' }
            : { ok: false, errorKey: 'LoginForm.errors.failed' };
        }
        if (isBlocked(failure)) {
          apply({ ...SIGNED_OUT, blocked: true });
          return { ok: false, errorKey: 'LoginForm.errors.blocked' };
        }
        if (failure.unavailable) {
          apply({ ...SIGNED_OUT, apiUnavailable: true });
          return { ok: false, errorKey: 'errors.serviceUnavailable' };
        }
        // Network failure, a 403 that is not a block (a second XSRF_INVALID) or any other status:
        // the service cannot answer now.
        apply(SIGNED_OUT);
        return { ok: false, errorKey: 'errors.serviceUnavailable' };
      },

      checkSession: async () => {
        // A check does not start a generation: it only reports, and a newer login or logout wins.
        const mine = generation;
        const apply = (state: Partial<AuthState>) => {
          if (mine === generation) set(state);
        };
        set({ sessionChecking: true });
        // No session where the browser had none is a visitor, not an expired session.
        const ended = () => (get().authenticated ? EXPIRED : SIGNED_OUT);
        try {
          const body: unknown = await baseHttp.get('api/checksession').json();
          apply(isLoginResponse(body) ? signedIn(body) : ended());
        } catch (error) {
          const failure = await describeFailure(error);
          if (isBlocked(failure)) apply({ ...ended(), blocked: true });
          // A backend that cannot be reached says nothing about the session: the student stays
          // logged in in the browser, and the pages say that the service is unavailable.
          else if (failure.unavailable) apply({ apiUnavailable: true });
          // No answer at all (offline): nothing is known of the session, so it has not expired; the
          // check runs again when the browser is back online (checkSessionWhenOnline).
          else if (failure.status === undefined) apply(SIGNED_OUT);
          else apply(ended());
        } finally {
          set({ sessionChecking: false });
        }
      },

      logout: async () => {
        const mine = (generation += 1);
        forgetReadsAhead();
        // The session ends in the browser at once and whatever the server answers (docs/requirements.md §4).
        set({ ...SIGNED_OUT, sessionEnd: 'logout' });
        // What features keep on the device for the student goes with the session (docs/requirements.md §4).
        recordLogout(Date.now());
        runLogoutHooks();
        try {
          await baseHttp.get('api/logout');
        } catch {
          // Nothing to undo: the browser has forgotten the session already.
        } finally {
          if (mine === generation) set(SIGNED_OUT);
        }
      },

      markUnauthenticated: () => {
        generation += 1;
        forgetReadsAhead();
        // A 401 to a visitor (a page that needs a login, opened without one) ends no session.
        set(get().authenticated ? EXPIRED : SIGNED_OUT);
      },

      markApiUnavailable: () => set({ apiUnavailable: true }),
      markApiAvailable: () => set({ apiUnavailable: false }),
    }),
    {
      name: AUTH_STORAGE_KEY,
      storage: createJSONStorage(() => sessionStorage),
      partialize: ({ authenticated, blocked, apiUnavailable, username, profileId }): AuthSession => ({
        authenticated,
        blocked,
        apiUnavailable,
        username,
        profileId,
      }),
    },
  ),
);

/**
 * Checks the session again each time the browser comes back online: a page that started without a
 * network (the Emergency Pass) could not check it, and would otherwise show a visitor's navigation
 * to a logged-in student until a reload. Returns the function that stops it.
 */
export function checkSessionWhenOnline(): () => void {
  const recheck = () => void useAuthStore.getState().checkSession();
  window.addEventListener('online', recheck);
  return () => window.removeEventListener('online', recheck);
}
