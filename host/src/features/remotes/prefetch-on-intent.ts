import { savesData } from './fetch-ahead';
import { preloadRemotePage } from './remote-pages';
import type { RemoteName } from '../../app/runtime-config-shape';

/**
 * Prefetch on intent (docs/performance.md, "Fetched ahead"), a chunk of its own that the app loads
 * once the first page is idle (../../app/app-routes.tsx): when a link in the portal is about to be
 * followed — the mouse rests on it, a finger touches it, or the keyboard focuses it — the code of the
 * page it opens is fetched, so that the click waits only for the page's data. So is the code of each
 * page that the main navigation links to, once its link is in view ({@link prefetchInView}): those
 * are the moves a student makes all the time. Once the first page is idle the other remotes' entries
 * are there already (fetch-ahead.ts); this adds the pages' own chunks and texts. Nothing is fetched
 * when the browser asks to save data.
 */

/** Marks an element whose links' pages are fetched once they are in view (the main navigation). */
export const PREFETCH_IN_VIEW_SELECTOR = '[data-prefetch-in-view] a[href]';

/** A page of a remote, as the route tree knows it. */
export type IntentTarget = { remote: RemoteName; page: string };

/** How long the mouse rests on a link before its page is fetched: a pointer passing over fetches nothing. */
export const HOVER_DELAY_MS = 65;

/** The pages fetched on intent on this page view (each once). */
const fetched = new Set<string>();

/** Resolves once the browser is back online. */
function whenOnline(): Promise<void> {
  return new Promise((resolve) => window.addEventListener('online', () => resolve(), { once: true }));
}

/**
 * Fetches the code of a page, once per page view, unless the browser asks to save data. Offline (the
 * Emergency Pass opens so), it waits for the network: nothing could arrive before.
 */
function prefetchPage(target: IntentTarget): void {
  if (savesData()) return;
  const key = `${target.remote}/${target.page}`;
  if (fetched.has(key)) return;
  fetched.add(key);
  // A page that could not be fetched ahead is fetched again when it is opened.
  const fetchPage = () => preloadRemotePage(target.remote, target.page).catch(() => undefined);
  if (navigator.onLine) void fetchPage();
  else void whenOnline().then(fetchPage);
}

/**
 * Fetches the code of the pages beneath a page (a policy card's renewal, termination, start date and
 * address, beneath My Insurance), called once the page is idle: the page links to them, and a move
 * then waits only for its data, whose read starts with the move. Nothing when the browser asks to
 * save data.
 */
export function prefetchPages(remote: RemoteName, pages: readonly string[]): void {
  for (const page of pages) prefetchPage({ remote, page });
}

/** The portal path of a link (`/en/...` on this origin), relative to /en, or undefined. */
function portalPath(link: HTMLAnchorElement): string | undefined {
  if (link.target && link.target !== '_self') return undefined;
  if (link.hasAttribute('download')) return undefined;
  const url = new URL(link.href, window.location.href);
  if (url.origin !== window.location.origin) return undefined;
  const match = /^\/en(\/.*)?$/.exec(url.pathname);
  return match ? (match[1] ?? '/') : undefined;
}

/** The link an event happened in, if any. */
function linkOf(target: EventTarget | null): HTMLAnchorElement | undefined {
  return (target instanceof Element && target.closest<HTMLAnchorElement>('a[href]')) || undefined;
}

/**
 * Listens on `root` for the intent to follow a link, and fetches the code of the page that
 * `targetOf(path)` says it opens. Returns the function that stops listening.
 */
export function prefetchOnIntent(
  targetOf: (path: string) => IntentTarget | undefined,
  root: Document = document,
): () => void {
  let hover: ReturnType<typeof setTimeout> | undefined;
  const prefetch = (link: HTMLAnchorElement | undefined) => {
    if (!link || savesData()) return;
    const path = portalPath(link);
    const target = path === undefined ? undefined : targetOf(path);
    if (target) prefetchPage(target);
  };
  const onPointerOver = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    const link = linkOf(event.target);
    if (!link) return;
    clearTimeout(hover);
    hover = setTimeout(() => prefetch(link), HOVER_DELAY_MS);
  };
  const onPointerOut = (event: PointerEvent) => {
    if (linkOf(event.target) && !linkOf(event.relatedTarget)) clearTimeout(hover);
  };
  // A touch or a pointer press on a link: the click follows within a few hundred ms.
  const onPress = (event: Event) => prefetch(linkOf(event.target));
  const onFocus = (event: FocusEvent) => prefetch(linkOf(event.target));
  const options = { capture: true, passive: true } as const;
  root.addEventListener('pointerover', onPointerOver, options);
  root.addEventListener('pointerout', onPointerOut, options);
  root.addEventListener('touchstart', onPress, options);
  root.addEventListener('pointerdown', onPress, options);
  root.addEventListener('focusin', onFocus, options);
  return () => {
    clearTimeout(hover);
    root.removeEventListener('pointerover', onPointerOver, options);
    root.removeEventListener('pointerout', onPointerOut, options);
    root.removeEventListener('touchstart', onPress, options);
    root.removeEventListener('pointerdown', onPress, options);
    root.removeEventListener('focusin', onFocus, options);
  };
}

/**
 * Fetches the code of the page each link in a `data-prefetch-in-view` element opens, once the link
 * is in view (a navigation folded away on a phone fetches nothing until it is opened). Each page once
 * per page view; nothing when the browser asks to save data. Returns the function that stops watching.
 */
export function prefetchInView(
  targetOf: (path: string) => IntentTarget | undefined,
  root: ParentNode = document,
): () => void {
  if (typeof IntersectionObserver !== 'function' || savesData()) return () => {};
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting || !(entry.target instanceof HTMLAnchorElement)) continue;
      observer.unobserve(entry.target);
      const path = portalPath(entry.target);
      const target = path === undefined ? undefined : targetOf(path);
      if (target) prefetchPage(target);
    }
  });
  for (const link of root.querySelectorAll<HTMLAnchorElement>(PREFETCH_IN_VIEW_SELECTOR))
    observer.observe(link);
  return () => observer.disconnect();
}

/** Forgets the pages fetched on intent (tests). */
export function resetPrefetchOnIntent(): void {
  fetched.clear();
}
