// The passkeys feature as other features see it: the login page's passkey button and the Profile section.
export { PasskeyLogin } from './components/passkey-login';
export { PasskeysSection } from './components/passkeys-section';
