import { useTranslation } from '@portal/shared/react-i18next';
import { useAuthStore } from '@portal/shared';

/** "Hello, Anna" in the header while a student is logged in (the store's first name). */
export function Greeting() {
  const { t } = useTranslation('host');
  const name = useAuthStore((state) => (state.authenticated ? state.username : null));
  if (!name) return null;
  return <p className="app-header__greeting">{t('greeting', { name })}</p>;
}
