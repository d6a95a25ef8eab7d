import { registerNamespace } from '@portal/shared';
import en from './locales/en.json';
import nl from './locales/nl.json';

/** The host's translation namespace. */
export const HOST_NAMESPACE = 'host';

/** Adds the host's texts to the page's one i18next instance. */
export function registerHostTexts(): void {
  registerNamespace(HOST_NAMESPACE, { en, nl });
}
