export { AUTH_STORAGE_KEY, useAuthStore } from './auth-store';
export type { AuthSession, AuthState, LoginErrorKey, LoginResult } from './auth-store';
export { basicAuthHeader } from './basic-auth';
export { ProfileGate } from './profile-gate';
export type { ProfileGateProps } from './profile-gate';
