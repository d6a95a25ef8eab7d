import { createElement, lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

// Pages whose code failed to load, each with the way to give it a fresh lazy component.
const failedPages = new Set<() => void>();

/**
 * Lets every page whose code could not be fetched try again on its next render. React keeps a lazy
 * component's failure for good, and renders a failed one more than once before its error boundary
 * shows, so a failure is forgotten only when asked (a retry), never by rendering.
 */
export function retryFailedPages(): void {
  const resets = [...failedPages];
  failedPages.clear();
  for (const reset of resets) reset();
}

/**
 * `React.lazy` for a page that needs its namespace's texts: it renders once both its code and
 * `texts` (what `registerNamespace` returned) are there, so a Dutch visitor never sees English first.
 * Texts that cannot be fetched are logged and the page shows in English (the fallback language)
 * rather than not at all; code that cannot be fetched fails like any lazy component (the nearest
 * error boundary shows). Unlike `React.lazy`, such a failure is kept only until
 * {@link retryFailedPages} (a slot's Retry): the page then fetches its code again.
 *
 * @example
 * const texts = registerNamespace('billing', { en, nl: () => import('../locales/nl.json') });
 * const invoices = lazyWithTexts(texts, () =>
 *   import('../features/invoices/components/invoices-page').then((m) => m.InvoicesPage),
 * );
 */
export function lazyWithTexts<Props extends object>(
  texts: Promise<void>,
  load: () => Promise<ComponentType<Props>>,
): ComponentType<Props> {
  const textsOrFallback = texts.catch((error: unknown) => {
    console.error('The page texts could not be loaded; showing the English ones.', error);
  });
  const create = (): LazyExoticComponent<ComponentType<Props>> =>
    lazy(() =>
      Promise.all([textsOrFallback, load()]).then(
        ([, component]) => ({ default: component }),
        (error: unknown) => {
          // A chunk that could not be fetched (a dropped connection) may well come on a retry.
          failedPages.add(() => {
            current = create();
          });
          throw error;
        },
      ),
    );
  let current = create();

  function LazyPage(props: Props) {
    return createElement(current, props);
  }
  return LazyPage;
}
