import type { i18n as I18n } from 'i18next';

import { i18n, initI18n, loadLocale, registerNamespace } from '@portal/shared';
import type { NamespaceResources } from '@portal/shared';
import type { Locale } from '@portal/shared';

/** Options of {@link initTestI18n}. */
export type InitTestI18nOptions = {
  /** The language to switch to (default en-GB); its texts are loaded first. */
  lng?: Locale;
  /** Namespaces to register, e.g. `{ billing: { en, nl: () => import('@portal/shared') } }`. */
  namespaces?: Record<string, NamespaceResources>;
};

/**
 * The i18n instance for unit tests: initialised once, given the namespaces a test needs, and
 * switched to `lng` (default en-GB) once that language's texts of every registered namespace are
 * loaded, so a Dutch test sees Dutch on its first render.
 */
export async function initTestI18n(options: InitTestI18nOptions = {}): Promise<I18n> {
  const lng = options.lng ?? 'en-GB';
  initI18n({ lng: 'en-GB' });
  for (const [ns, resources] of Object.entries(options.namespaces ?? {}))
    void registerNamespace(ns, resources);
  await loadLocale(lng);
  if (i18n.language !== lng) await i18n.changeLanguage(lng);
  return i18n;
}
