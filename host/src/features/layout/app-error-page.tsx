import { useEffect } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { useRouteError } from '@portal/shared/router';
import { Button } from '@portal/shared';

/** The last error boundary: an error no slot handled (SPEC.md §8, rethrown). */
export function AppErrorPage() {
  const { t } = useTranslation('host');
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
    document.body.classList.replace('loading', 'default');
  }, [error]);

  return (
    <main className="app-main" role="alert">
      <h1>{t('errors.somethingWentWrong', { ns: 'common' })}</h1>
      <Button onClick={() => window.location.reload()}>{t('appError.reload')}</Button>
    </main>
  );
}
