import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * `React.lazy` for a page that needs its namespace's texts: it renders once both its code and
 * `texts` (what `registerNamespace` returned) are there, so a Dutch visitor never sees English first.
 * Texts that cannot be fetched are logged and the page shows in English (the fallback language)
 * rather than not at all; code that cannot be fetched fails like any lazy component (the nearest
 * error boundary shows).
 *
 * @example
 * const texts = registerNamespace('billing', { en, nl: () => import('../locales/nl.json') });
 * const invoices = lazyWithTexts(texts, () =>
 *   import('../features/invoices/components/invoices-page').then((m) => m.InvoicesPage),
 * );
 */
export function lazyWithTexts<Props>(
  texts: Promise<void>,
  load: () => Promise<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  const textsOrFallback = texts.catch((error: unknown) => {
    console.error('The page texts could not be loaded; showing the English ones.', error);
  });
  return lazy(() => Promise.all([textsOrFallback, load()]).then(([, component]) => ({ default: component })));
}
