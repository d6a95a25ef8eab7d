import { useTranslation } from '@portal/shared/react-i18next';
import { Button, Spinner } from '@portal/shared';

export type LoadStateProps = {
  /** True while the first answer is awaited. */
  loading: boolean;
  /** The message shown when loading failed; nothing is shown without one. */
  error?: string;
  onRetry: () => void;
};

/**
 * The loading and failure states of content loaded from the content endpoint. The spinner
 * (status) and the error (alert) are live regions themselves, so nothing around them is.
 */
export function LoadState({ loading, error, onRetry }: LoadStateProps) {
  const { t } = useTranslation('service');
  return (
    <div>
      {loading ? <Spinner label={t('loading')} /> : null}
      {error ? (
        <div role="alert" className="load-error">
          <p>{error}</p>
          <Button variant="secondary" onClick={onRetry}>
            {t('retry')}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
