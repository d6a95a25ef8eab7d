import type { ReactNode } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import type { UseApiResourceResult } from '@portal/shared';
import { Button } from './button';
import { Spinner } from './spinner';

/** Props of {@link LoadState}. */
export type LoadStateProps = {
  /** True while the first answer is awaited. */
  loading: boolean;
  /** The message shown when loading failed; nothing is shown without one. */
  error?: string;
  /** Loads again after a failure. */
  onRetry: () => void;
  /** What is being loaded, for assistive technology (default "Loading…"). */
  loadingLabel?: string;
};

/**
 * The loading and failure states of data a page fetches: a spinner while loading, the error with
 * a retry button after a failure. The spinner (status) and the error (alert) are live regions
 * themselves, so nothing around them is: a second region would have them announced twice.
 */
export function LoadState({ loading, error, onRetry, loadingLabel }: LoadStateProps) {
  const { t } = useTranslation();
  return (
    <div>
      {loading ? <Spinner label={loadingLabel} /> : null}
      {error ? (
        <div role="alert" className="load-error">
          <p>{error}</p>
          <Button variant="secondary" onClick={onRetry}>
            {t('LoadState.retry')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** Props of {@link ResourceView}. */
export type ResourceViewProps<T> = {
  /** What `useApiResource` returned. */
  resource: UseApiResourceResult<T>;
  /** The message shown when loading failed. */
  errorText: string;
  /** What is being loaded, for assistive technology. */
  loadingLabel?: string;
  /** Renders the loaded data. */
  children: (data: T) => ReactNode;
};

/** The data of a `useApiResource` hook once loaded; {@link LoadState} until then or after a failure. */
export function ResourceView<T>({ resource, errorText, loadingLabel, children }: ResourceViewProps<T>) {
  const { state, retry } = resource;
  if (state.status === 'success') return <>{children(state.data)}</>;
  return (
    <LoadState
      loading={state.status === 'loading'}
      error={state.status === 'error' ? errorText : undefined}
      onRetry={retry}
      loadingLabel={loadingLabel}
    />
  );
}
