/**
 * The one react-i18next of the portal: every app imports it from here (ESLint forbids
 * `react-i18next` elsewhere). This module is shared as a singleton by Module Federation, so the host
 * and the remotes use one i18n context; and because it names what the apps use instead of sharing
 * `react-i18next` whole, webpack leaves the rest of it (Trans, withTranslation, SSR helpers, …) out of
 * the bundle. Add an export here when an app needs another part of react-i18next.
 */
export { I18nextProvider, initReactI18next, useTranslation } from 'react-i18next';
