import { Suspense, use, useCallback, useState } from 'react';
import { Spinner } from '@portal/ui';
import { retryFailedPages } from '@portal/shared';
import type { PageProps } from '@portal/shared';
import { claimLoadFailures } from './preload-error';
import { RemoteErrorBoundary } from './remote-error-boundary';
import type { RemoteName } from '../../app/runtime-config-shape';
import { loadedRemotePages, loadRemotePages, retryRemotePages } from './remote-pages';
import { RemoteUnavailable } from './remote-unavailable';
import { PageNotAvailable } from '../pages/page-not-available';

/** Props of {@link RemoteSlot}. */
export type RemoteSlotProps = {
  remote: RemoteName;
  /** Key in the remote's `pages`. */
  page: string;
  pageProps: PageProps;
};

function RemotePage({ remote, page, pageProps }: RemoteSlotProps) {
  claimLoadFailures(remote);
  const pages = loadedRemotePages(remote) ?? use(loadRemotePages(remote));
  const Page = pages[page];
  // A route whose page the loaded remote does not have (its table and its code from two releases).
  if (!Page) return <PageNotAvailable />;
  return <Page {...pageProps} />;
}

/**
 * A page from a remote, with its own error boundary: when the remote cannot be loaded, or the page's
 * own code cannot be fetched after the remote had loaded, this place shows a notice with a retry
 * button inside the layout, and the rest of the portal keeps working.
 */
export function RemoteSlot({ remote, page, pageProps }: RemoteSlotProps) {
  const [attempt, setAttempt] = useState(0);

  const retry = useCallback(() => {
    retryFailedPages();
    retryRemotePages(remote);
    setAttempt((current) => current + 1);
  }, [remote]);

  return (
    <RemoteErrorBoundary
      key={`${remote}:${page}:${attempt}`}
      remote={remote}
      fallback={<RemoteUnavailable onRetry={retry} />}
    >
      <Suspense fallback={<Spinner size="large" />}>
        <RemotePage remote={remote} page={page} pageProps={pageProps} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
