// The login feature as other features see it: the page, which the passkey button is tried on.
export { LoginPage } from './components/login-page';
