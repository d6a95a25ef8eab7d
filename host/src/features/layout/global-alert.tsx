import { useEffect } from 'react';
import { useLocation } from '@portal/shared/router';
import { Alert, useGlobalAlertStore } from '@portal/shared';

/** The alert for any 500 (with its incident number), shown above every page until closed or navigating. */
export function GlobalAlert() {
  const alert = useGlobalAlertStore((state) => state.alert);
  const clear = useGlobalAlertStore((state) => state.clear);
  const { pathname } = useLocation();

  useEffect(() => {
    clear();
  }, [pathname, clear]);

  if (alert.type === 'none') return null;
  return (
    <Alert
      key={JSON.stringify(alert.messages)}
      type={alert.type}
      title={alert.title}
      messages={alert.messages}
      onClose={clear}
    />
  );
}
