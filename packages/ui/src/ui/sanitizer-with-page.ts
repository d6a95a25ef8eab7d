// DOMPurify in the code of the page that imports this module, instead of on demand: for a page that
// shows content HTML at its first render (an FAQ answer opened by its link), whose
// sanitiser would otherwise be fetched only once the page's code has run, a round trip later. The
// page's files (and so the server's preloads of them) then include it; other pages still fetch it
// on first use (./sanitized-html.tsx).
import DOMPurify from 'dompurify';
import { takeSanitizerFromPage } from './sanitized-html';

/**
 * Makes DOMPurify part of the calling page's code and the sanitiser of its HTML. Call it where the
 * page's module is evaluated. In a browser only: a server that renders frames has its own sanitiser
 * (DOMPurify needs a DOM).
 */
export function bringSanitizerWithPage(): void {
  if (typeof window !== 'undefined' && DOMPurify.isSupported) takeSanitizerFromPage(DOMPurify);
}
