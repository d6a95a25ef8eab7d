import { useEffect, useRef } from 'react';
import type { RefObject } from 'react';
import { useLocation } from '@portal/shared/router';

/**
 * After each client-side navigation, moves focus to the page (the `<main>` element, which has
 * `tabIndex={-1}`), so keyboard and screen-reader users start at the new content instead of on a
 * link that no longer exists. Not on the first load (the browser starts at the top itself), and
 * not for a hash navigation (the anchor is the target). A page that focused its own heading
 * (PageHeading `focusOnMount`) keeps that focus.
 */
export function useFocusOnNavigation(main: RefObject<HTMLElement | null>): void {
  const { pathname, search, hash } = useLocation();
  const previous = useRef<string | null>(null);

  useEffect(() => {
    const page = `${pathname}${search}`;
    const before = previous.current;
    previous.current = page;
    if (before === null || before === page || hash) return;
    const target = main.current;
    if (!target) return;
    const active = document.activeElement;
    if (active instanceof HTMLHeadingElement && target.contains(active)) return;
    target.focus({ preventScroll: true });
  }, [pathname, search, hash, main]);
}
