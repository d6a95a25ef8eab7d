import { Component } from 'react';
import type { ReactNode } from 'react';
import { isRemoteUnavailable } from './preload-error';

/** Props of {@link RemoteErrorBoundary}. */
export type RemoteErrorBoundaryProps = {
  /** Shown in the remote's place when it could not be loaded. */
  fallback: ReactNode;
  children: ReactNode;
};

type RemoteErrorBoundaryState = { error: unknown; failed: boolean };

/**
 * One per remote slot: a remote that could not be loaded shows the fallback in its place only.
 * Any other error is rethrown to the next boundary up, as SPEC.md §8 asks for unhandled failures.
 */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, RemoteErrorBoundaryState> {
  override state: RemoteErrorBoundaryState = { error: undefined, failed: false };

  static getDerivedStateFromError(error: unknown): RemoteErrorBoundaryState {
    return { error, failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    if (isRemoteUnavailable(this.state.error)) return this.props.fallback;
    throw this.state.error;
  }
}
