export type { AlertMessage, AlertMessageContext } from './alert-message';
export { useGlobalAlertStore } from './global-alert-store';
export type { GlobalAlert, GlobalAlertState } from './global-alert-store';
