import { createElement, lazy, useState } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

/** How often a page's code is fetched before the page fails (see `loadCode` in lazyWithTexts). */
const CODE_ATTEMPTS = 3;
/** The pause after a failed attempt, times the attempt's number. */
const CODE_RETRY_DELAY_MS = 250;

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

/** A page component from {@link lazyWithTexts}: `preload()` fetches its code and texts ahead. */
export type PreloadablePage<Props extends object> = ComponentType<Props> & {
  /** Starts fetching the page's code and texts (once); settles when the page can render at once. */
  preload: () => Promise<void>;
};

/**
 * `React.lazy` for a page that needs its namespace's texts: it renders once both its code and
 * `texts` (what `registerNamespace` returned) are there, so a Dutch visitor never sees English first.
 * Texts that cannot be fetched are logged and the page shows in English (the fallback language)
 * rather than not at all; code that cannot be fetched fails like any lazy component (the nearest
 * error boundary shows). Unlike `React.lazy`, such a failure is kept only until
 * {@link retryFailedPages} (a slot's Retry): the page then fetches its code again.
 *
 * `preload()` starts the fetch before the page is rendered (the host does it for the page a URL
 * opens, beside its own start-up). A page whose code and texts are there renders at once, without
 * suspending: React would otherwise show the Suspense fallback and hold the page back for its
 * fallback throttle (300 ms) although nothing is left to wait for.
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
): PreloadablePage<Props> {
  const textsOrFallback = texts.catch((error: unknown) => {
    console.error('The page texts could not be loaded; showing the English ones.', error);
  });
  let loading: Promise<ComponentType<Props>> | undefined;
  let loaded: ComponentType<Props> | undefined;
  // A page's code that fails is fetched again before the page fails: when the page was opened on
  // its URL, the host server had the browser preload its chunks, and Chromium answers the first
  // request after each failed preload (the remote was down, then a Retry) with that failure instead
  // of asking the network again. A page of several chunks may meet a failed preload on each, and
  // webpack hands a retry a chunk's load still under way, so the code is tried three times, with a
  // short pause between attempts.
  const loadCode = async (): Promise<ComponentType<Props>> => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await load();
      } catch (error) {
        if (attempt >= CODE_ATTEMPTS) throw error;
        // Lets the other chunks of the failed attempt settle, so the next one asks afresh.
        await new Promise((resolve) => setTimeout(resolve, CODE_RETRY_DELAY_MS * attempt));
      }
    }
  };
  const fetchPage = (): Promise<ComponentType<Props>> => {
    loading ??= Promise.all([textsOrFallback, loadCode()]).then(
      ([, component]) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        // A chunk that could not be fetched (a dropped connection) may well come on a retry.
        failedPages.add(() => {
          loading = undefined;
          current = create();
        });
        throw error;
      },
    );
    return loading;
  };
  const create = (): LazyExoticComponent<ComponentType<Props>> =>
    lazy(() => fetchPage().then((component) => ({ default: component })));
  let current = create();

  function LazyPage(props: Props) {
    // Chosen once per mounted page: switching from the lazy wrapper to the component itself would
    // mount the page afresh and lose its state.
    const [ready] = useState(() => loaded);
    return createElement(ready ?? current, props);
  }
  return Object.assign(LazyPage, {
    preload: () =>
      fetchPage().then(
        () => undefined,
        () => undefined,
      ),
  });
}
