export {
  AUTH_STORAGE_KEY,
  checkSessionWhenOnline,
  INVALID_CREDENTIALS_CODE,
  LAST_LOGOUT_KEY,
  lastLogoutAt,
  onLogout,
  useAuthStore,
} from './auth-store';
export type {
  AuthSession,
  AuthState,
  LoginErrorKey,
  LoginResult,
  LogoutHook,
  SessionEnd,
} from './auth-store';
export { basicAuthHeader } from './basic-auth';
export { ProfileGate } from './profile-gate';
export type { ProfileGateProps } from './profile-gate';
