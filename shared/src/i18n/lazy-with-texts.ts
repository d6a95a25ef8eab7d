import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * `React.lazy` for a page that needs its namespace's texts: it renders once both its code and
 * `texts` (what `registerNamespace` returned) are there, so a Dutch visitor never sees English first.
 * When either fails, the page fails like any lazy component (the nearest error boundary shows).
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
  return lazy(() => Promise.all([texts, load()]).then(([, component]) => ({ default: component })));
}
