import { registerNamespace } from '@portal/shared';
import type { NamespaceResources } from '@portal/shared';
import en from './locales/en.json';

/** The host's translation namespace. */
export const HOST_NAMESPACE = 'host';

// One object, so that registering again (the start-up failure does) does not fetch the texts again.
const HOST_TEXTS: NamespaceResources = {
  en,
  // Same chunk name as the shared texts: a Dutch visitor fetches both in one request.
  nl: () => import(/* webpackChunkName: "on-demand-locale-nl" */ './locales/nl.json'),
};

/**
 * Adds the host's texts to the page's one i18next instance: English at once, Dutch fetched when
 * Dutch is used. The promise resolves when the texts of the current language are there (the
 * start-up awaits `localeReady()`, which covers them).
 */
export function registerHostTexts(): Promise<void> {
  return registerNamespace(HOST_NAMESPACE, HOST_TEXTS);
}
