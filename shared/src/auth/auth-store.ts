import { HTTPError } from 'ky';
import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';

import { baseHttp } from '../http/base-http';
import type { CommonKey } from '../i18n/keys';
import type { LoginResponse } from '../wire';
import { basicAuthHeader } from './basic-auth';

/** Session storage key of the persisted auth state (SPEC.md §3 Auth session). */
export const AUTH_STORAGE_KEY = 'portal-auth';

/**
 * Translation keys a failed login can give (SPEC.md §8). Extracted from the common texts, so a
 * key missing from the English file fails the build rather than showing a raw key.
 */
export type LoginErrorKey = Extract<
  CommonKey,
  'LoginForm.errors.failed' | 'LoginForm.errors.blocked' | 'errors.serviceUnavailable'
>;

/** Outcome of {@link AuthState.login}. */
export type LoginResult = { ok: true } | { ok: false; errorKey: LoginErrorKey };

/** The persisted session fields. */
export type AuthSession = {
  authenticated: boolean;
  blocked: boolean;
  apiUnavailable: boolean;
  /** The first name of the logged-in student. */
  username: string | null;
  profileId: string | null;
};

/** State and actions of {@link useAuthStore}. */
export type AuthState = AuthSession & {
  /** `POST /api/login` with basic credentials; never rejects. */
  login: (email: string, password: string) => Promise<LoginResult>;
  /** `GET /api/checksession`; any failure leaves the store unauthenticated. Never rejects. */
  checkSession: () => Promise<void>;
  /** `GET /api/logout`; the store is cleared even when the call fails. Never rejects. */
  logout: () => Promise<void>;
  /** Forgets the session in the browser (after any 401). */
  markUnauthenticated: () => void;
};

const SIGNED_OUT = { authenticated: false, username: null, profileId: null } as const;

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

function signedIn(body: LoginResponse): Partial<AuthSession> {
  return {
    authenticated: true,
    username: body.firstName,
    profileId: body.profileId,
    blocked: false,
    apiUnavailable: false,
  };
}

/**
 * The auth session of the whole page (SPEC.md §3–4). It is one instance across the host and
 * the remotes because `@portal/shared` is a Module Federation singleton; it is kept in session
 * storage under `portal-auth`.
 */
export const useAuthStore = create<AuthState>()(
  persist(
    (set) => ({
      authenticated: false,
      blocked: false,
      apiUnavailable: false,
      username: null,
      profileId: null,

      login: async (email, password) => {
        try {
          const body: unknown = await baseHttp
            .post('api/login', { headers: { Authorization: basicAuthHeader(email, password) } })
            .json();
          if (!isLoginResponse(body)) {
            set(SIGNED_OUT);
            return { ok: false, errorKey: 'errors.serviceUnavailable' };
          }
          set(signedIn(body));
          return { ok: true };
        } catch (error) {
          const status = error instanceof HTTPError ? error.response.status : undefined;
          if (status === 401) {
            set(SIGNED_OUT);
            return { ok: false, errorKey: 'LoginForm.errors.failed' };
          }
          if (status === 403) {
            set({ ...SIGNED_OUT, blocked: true });
            return { ok: false, errorKey: 'LoginForm.errors.blocked' };
          }
          if (status === 404) {
            set({ ...SIGNED_OUT, apiUnavailable: true });
            return { ok: false, errorKey: 'errors.serviceUnavailable' };
          }
          // Network failure or any other status: the service cannot answer now.
          set(SIGNED_OUT);
          return { ok: false, errorKey: 'errors.serviceUnavailable' };
        }
      },

      checkSession: async () => {
        try {
          const body: unknown = await baseHttp.get('api/checksession').json();
          set(isLoginResponse(body) ? signedIn(body) : SIGNED_OUT);
        } catch (error) {
          const status = error instanceof HTTPError ? error.response.status : undefined;
          if (status === 403) set({ ...SIGNED_OUT, blocked: true });
          else if (status === 404) set({ ...SIGNED_OUT, apiUnavailable: true });
          else set(SIGNED_OUT);
        }
      },

      logout: async () => {
        try {
          await baseHttp.get('api/logout');
        } catch {
          // The session ends in the browser whatever the server answered (SPEC.md §4).
        } finally {
          set(SIGNED_OUT);
        }
      },

      markUnauthenticated: () => set(SIGNED_OUT),
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
