import { Component } from 'react';
import type { ReactNode } from 'react';
import { isRemoteName } from '../../app/runtime-config-shape';
import { noteBoundaryError } from '../field-data/field-data';
import { isChunkLoadError, isRemoteUnavailable, raisePreloadError } from './preload-error';

/** Props of {@link RemoteErrorBoundary}. */
export type RemoteErrorBoundaryProps = {
  /** The remote whose page this boundary holds. */
  remote: string;
  /** Shown in the remote's place when it could not be loaded. */
  fallback: ReactNode;
  children: ReactNode;
};

/**
 * What to do with the caught error: show the fallback, rethrow it, or (a page chunk that failed)
 * ask the `preload-error` handlers first, once the error has been committed.
 */
type Verdict = 'fallback' | 'rethrow' | 'ask';

type RemoteErrorBoundaryState = { failed: false } | { failed: true; error: unknown; verdict: Verdict };

function verdictOf(error: unknown): Verdict {
  if (isRemoteUnavailable(error)) return 'fallback';
  return isChunkLoadError(error) ? 'ask' : 'rethrow';
}

/**
 * One per remote slot: a remote that could not be loaded shows the fallback in its place only, and
 * so does a page whose code could not be fetched after the remote had loaded (a failed dynamic
 * import raises a `preload-error` event, and the slot that claims it shows its fallback). Any
 * other error is rethrown to the next boundary up, as docs/requirements.md §8 asks for unhandled failures.
 */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, RemoteErrorBoundaryState> {
  override state: RemoteErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(error: unknown): RemoteErrorBoundaryState {
    return { failed: true, error, verdict: verdictOf(error) };
  }

  override componentDidCatch(error: unknown): void {
    // Every failure of the page is field data for its remote's team (a remote that did not load is
    // noted by the federation runtime's hook already).
    const owner = isRemoteName(this.props.remote) ? this.props.remote : 'host';
    // The page's own code that could not be fetched is a load failure of the remote.
    if (isChunkLoadError(error)) noteBoundaryError(error, owner, 'remote-load');
    else if (!isRemoteUnavailable(error)) noteBoundaryError(error, owner);
    if (!this.state.failed || this.state.verdict !== 'ask') return;
    // The event goes out from the commit, not from render: render may run more than once.
    const verdict = raisePreloadError(this.props.remote, error) ? 'fallback' : 'rethrow';
    this.setState({ failed: true, error, verdict });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (this.state.verdict === 'fallback') return this.props.fallback;
    if (this.state.verdict === 'ask') return null;
    throw this.state.error;
  }
}
