import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';

/** Props of {@link SanitizedHtml}. */
export type SanitizedHtmlProps = {
  html: string;
  /** The wrapping element (default `div`). */
  as?: 'div' | 'span' | 'p' | 'li' | 'section';
  className?: string;
  id?: string;
};

/** What sanitises HTML: DOMPurify in a browser. */
export type HtmlSanitizer = { sanitize: (html: string) => string };
type Purifier = HtmlSanitizer;

// DOMPurify is a quarter of the login page's JS budget and the login page shows no HTML, so it is
// loaded on first use. The chunk name starts with `on-demand-`: the start-up budget leaves it out.
let purifier: Purifier | undefined;
let loadingPurifier: Promise<Purifier> | undefined;

function loadPurifier(): Promise<Purifier> {
  loadingPurifier ??= import(/* webpackChunkName: "on-demand-dompurify" */ 'dompurify').then(
    (module) => {
      purifier = module.default;
      return purifier;
    },
    (error: unknown) => {
      // A failed chunk load may succeed on the next render that needs it.
      loadingPurifier = undefined;
      throw error;
    },
  );
  return loadingPurifier;
}

/**
 * The sanitiser of a server that renders first frames (DOMPurify needs a DOM, which Node has not):
 * with it, content HTML is in the frame; without it (the build's prerender) it stays empty there.
 */
export function setServerHtmlSanitizer(sanitizer: HtmlSanitizer): void {
  purifier = sanitizer;
}

/**
 * DOMPurify as a page's code brought it (./sanitizer-with-page.ts): its HTML then renders without
 * fetching the sanitiser after the page's code.
 */
export function takeSanitizerFromPage(sanitizer: HtmlSanitizer): void {
  purifier ??= sanitizer;
  loadingPurifier ??= Promise.resolve(sanitizer);
}

/**
 * Starts loading DOMPurify before the first HTML needs it. Kept for the remotes of the release before,
 * whose FAQ pages call it; a page now brings it with its code instead (./sanitizer-with-page.ts).
 */
export function preloadHtmlSanitizer(): void {
  loadPurifier().catch(() => undefined);
}

// Text without markup or entities renders as text as it is: nothing to sanitise, nothing to wait for.
const isPlainText = (html: string): boolean => !/[<&]/.test(html);

/** Sanitises HTML with DOMPurify (scripts, event handlers and `javascript:` URLs removed), loading it first. */
export async function sanitizeHtml(html: string): Promise<string> {
  return (await loadPurifier()).sanitize(html);
}

/**
 * Renders HTML from the content system or a translation after sanitising it: content is
 * trusted but may still be edited by many people, so nothing executable reaches the page.
 * Markup stays empty until DOMPurify is loaded (once per page); plain text shows at once. When
 * DOMPurify cannot be loaded, a message with a retry button shows instead: unsanitised HTML never
 * reaches the page.
 */
export function SanitizedHtml({ html, as: Element = 'div', className, id }: SanitizedHtmlProps) {
  const { t } = useTranslation();
  const plain = isPlainText(html);
  const [loaded, setLoaded] = useState<Purifier | undefined>(purifier);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (plain || loaded) return;
    let active = true;
    loadPurifier().then(
      (loadedPurifier) => {
        if (active) setLoaded(loadedPurifier);
      },
      (error: unknown) => {
        console.error(error);
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [plain, loaded, attempt]);

  const retry = useCallback(() => {
    setFailed(false);
    setAttempt((current) => current + 1);
  }, []);

  const clean = useMemo(() => (plain || !loaded ? '' : loaded.sanitize(html)), [plain, loaded, html]);
  if (failed && !plain && !loaded) {
    return (
      <Element id={id} className={className}>
        <span role="alert">{t('SanitizedHtml.unavailable')}</span>{' '}
        <button type="button" className="link-button" onClick={retry}>
          {t('SanitizedHtml.retry')}
        </button>
      </Element>
    );
  }
  if (plain) {
    return (
      <Element id={id} className={className}>
        {html}
      </Element>
    );
  }
  return <Element id={id} className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
