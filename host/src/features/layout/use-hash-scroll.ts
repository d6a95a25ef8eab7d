import { useEffect, useRef } from 'react';
import { useLocation } from '@portal/shared/router';

const WAIT_FOR_TARGET_MS = 5000;

/**
 * After each navigation: scroll to the hash anchor when there is one, else to the top. The anchor
 * may be in a remote page that is still loading, so it is waited for a few seconds. The page the
 * portal opens on is left where the browser put it (the top, or where a reload was): scrolling
 * there would force a layout in the middle of the first render.
 */
export function useHashScroll(): void {
  const { pathname, hash } = useLocation();
  const opened = useRef(false);

  useEffect(() => {
    const first = !opened.current;
    opened.current = true;
    if (!hash) {
      if (!first) window.scrollTo({ top: 0 });
      return undefined;
    }
    const id = decodeURIComponent(hash.slice(1));
    const scrollToTarget = () => {
      const target = document.getElementById(id);
      target?.scrollIntoView();
      return target !== null;
    };
    if (scrollToTarget()) return undefined;
    const observer = new MutationObserver(() => {
      if (scrollToTarget()) observer.disconnect();
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = window.setTimeout(() => observer.disconnect(), WAIT_FOR_TARGET_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [pathname, hash]);
}
