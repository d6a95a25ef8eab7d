import { useEffect } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link, useLocation } from '@portal/shared/router';
import { paths, useGlobalAlertStore } from '@portal/shared';
import { Alert } from '@portal/ui';

/**
 * The alert for any 500, shown above every page until closed or navigating. It is the common
 * error of docs/requirements.md §8: the message, the incident number and a link to customer service.
 */
export function GlobalAlert() {
  const { t } = useTranslation();
  const alert = useGlobalAlertStore((state) => state.alert);
  const clear = useGlobalAlertStore((state) => state.clear);
  const { pathname } = useLocation();

  useEffect(() => {
    clear();
  }, [pathname, clear]);

  if (alert.type === 'none') return null;
  const incident = alert.messages.find((message) => typeof message.context?.iId === 'string')?.context?.iId;
  return (
    <Alert
      key={JSON.stringify(alert.messages)}
      type={alert.type}
      title={alert.title}
      messages={alert.messages}
      onClose={clear}
    >
      {typeof incident === 'string' ? (
        <p className="alert__incident">{t('CommonError.incident', { iId: incident })}</p>
      ) : null}
      <p>
        <Link to={paths.contact()}>{t('CommonError.contactCustomerService')}</Link>
      </p>
    </Alert>
  );
}
