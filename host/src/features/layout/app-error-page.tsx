import { Component, useEffect } from 'react';
import type { ReactNode } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Button } from '@portal/ui';
import { noteBoundaryError } from '../field-data/field-data';

/** Props of {@link AppErrorPage}. */
export type AppErrorPageProps = {
  /** What was thrown; logged for the incident. */
  error: unknown;
};

/** What the last error boundary shows: an error no slot handled (docs/requirements.md §8, rethrown). */
export function AppErrorPage({ error }: AppErrorPageProps) {
  const { t } = useTranslation('host');

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

/** Props of {@link AppErrorBoundary}. */
export type AppErrorBoundaryProps = { children: ReactNode };

type AppErrorBoundaryState = { failed: false } | { failed: true; error: unknown };

/** The boundary around the whole route tree: the last stop of an error nothing else handled. */
export class AppErrorBoundary extends Component<AppErrorBoundaryProps, AppErrorBoundaryState> {
  override state: AppErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(error: unknown): AppErrorBoundaryState {
    return { failed: true, error };
  }

  override componentDidCatch(error: unknown): void {
    // Field data for the team of the page (a remote's page that failed was noted by its own slot).
    noteBoundaryError(error);
  }

  override render() {
    return this.state.failed ? <AppErrorPage error={this.state.error} /> : this.props.children;
  }
}
