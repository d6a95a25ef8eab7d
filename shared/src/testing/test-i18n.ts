import type { i18n as I18n } from 'i18next';

import { i18n, initI18n, registerNamespace } from '../i18n/init-i18n';
import type { NamespaceResources } from '../i18n/init-i18n';
import type { Locale } from '../i18n/locales';

/**
 * The i18n instance for unit tests: initialised once, switched to `lng` (default en-GB) and
 * given the namespaces a remote's tests need, e.g. `initTestI18n({ namespaces: { billing } })`.
 */
export async function initTestI18n(
  options: { lng?: Locale; namespaces?: Record<string, NamespaceResources> } = {},
): Promise<I18n> {
  initI18n({ lng: options.lng ?? 'en-GB' });
  for (const [ns, resources] of Object.entries(options.namespaces ?? {})) registerNamespace(ns, resources);
  if (i18n.language !== (options.lng ?? 'en-GB')) await i18n.changeLanguage(options.lng ?? 'en-GB');
  return i18n;
}
