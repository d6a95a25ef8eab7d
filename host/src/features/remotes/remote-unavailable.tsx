import { useEffect, useRef } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Button } from '@portal/ui';

/** Props of {@link RemoteUnavailable}. */
export type RemoteUnavailableProps = {
  onRetry: () => void;
};

/**
 * What a remote's place shows while that remote cannot be reached; the rest of the portal works.
 * It takes focus when shown, so that keyboard users land on the notice and its retry button. When
 * the browser comes back online it retries by itself: the failure was most likely the connection.
 */
export function RemoteUnavailable({ onRetry }: RemoteUnavailableProps) {
  const { t } = useTranslation('host');
  const notice = useRef<HTMLDivElement>(null);

  useEffect(() => {
    notice.current?.focus();
  }, []);

  useEffect(() => {
    window.addEventListener('online', onRetry);
    return () => window.removeEventListener('online', onRetry);
  }, [onRetry]);

  return (
    <div className="remote-unavailable" role="alert" tabIndex={-1} ref={notice}>
      <p>{t('remote.unavailable')}</p>
      <Button onClick={onRetry}>{t('remote.retry')}</Button>
    </div>
  );
}
