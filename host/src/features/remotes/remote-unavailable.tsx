import { useTranslation } from 'react-i18next';
import { Button } from '@portal/shared';

/** Props of {@link RemoteUnavailable}. */
export type RemoteUnavailableProps = {
  onRetry: () => void;
};

/** What a remote's place shows while that remote cannot be reached; the rest of the portal works. */
export function RemoteUnavailable({ onRetry }: RemoteUnavailableProps) {
  const { t } = useTranslation('host');
  return (
    <div className="remote-unavailable" role="alert">
      <p>{t('remote.unavailable')}</p>
      <Button onClick={onRetry}>{t('remote.retry')}</Button>
    </div>
  );
}
