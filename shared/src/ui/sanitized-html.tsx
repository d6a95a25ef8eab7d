import DOMPurify from 'dompurify';
import { useMemo } from 'react';

/** Props of {@link SanitizedHtml}. */
export type SanitizedHtmlProps = {
  html: string;
  /** The wrapping element (default `div`). */
  as?: 'div' | 'span' | 'p' | 'li' | 'section';
  className?: string;
  id?: string;
};

/** Sanitises HTML with DOMPurify (scripts, event handlers and `javascript:` URLs removed). */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html);
}

/**
 * Renders HTML from the content system or a translation after sanitising it: content is
 * trusted but may still be edited by many people, so nothing executable reaches the page.
 */
export function SanitizedHtml({ html, as: Element = 'div', className, id }: SanitizedHtmlProps) {
  const clean = useMemo(() => sanitizeHtml(html), [html]);
  return <Element id={id} className={className} dangerouslySetInnerHTML={{ __html: clean }} />;
}
