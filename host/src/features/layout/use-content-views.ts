import { useEffect } from 'react';
import { useLocation } from '@portal/shared/router';
import type { RouteHandle } from '../../app/route-handle';
import { trackContentView } from '../tag-manager/tag-manager';

/** Reports a `content-view` to the tag manager on each route change (when it is installed). */
export function useContentViews(enabled: boolean, handle: RouteHandle | undefined): void {
  const { pathname } = useLocation();

  useEffect(() => {
    if (enabled) trackContentView(handle);
  }, [enabled, handle, pathname]);
}
