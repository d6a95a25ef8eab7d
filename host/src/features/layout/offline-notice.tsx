import { useTranslation } from '@portal/shared/react-i18next';
import { Icon } from '@portal/ui';
import { useOnline } from './use-online';

/**
 * Says that the browser is offline, above every page, and goes away when it is back online (what
 * failed meanwhile loads again by itself: the remote slots and the pages' data retry on `online`).
 * The status region is always there, so that screen readers announce the text when it appears.
 */
export function OfflineNotice() {
  const { t } = useTranslation('host');
  const online = useOnline();
  return (
    <div className="offline-notice" role="status">
      {online ? null : (
        <div className="offline-notice__inner">
          <Icon name="exclamation-circle" className="offline-notice__icon" size={20} />
          <p>
            <strong>{t('offline.title')}</strong> {t('offline.message')}
          </p>
        </div>
      )}
    </div>
  );
}
