import { useTranslation } from '@portal/shared/react-i18next';
import { PageHeading } from '@portal/ui';

/** `/demo-pages/test`: the shell without its header, for testing. */
export function DemoPage() {
  const { t } = useTranslation('host');
  return (
    <>
      <PageHeading title={t('routes.demo')} />
      <p>{t('demo.body')}</p>
    </>
  );
}
