import { useId } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import { Link } from '@portal/shared/router';
import { paths } from '@portal/shared';
import type { PageProps } from '@portal/shared';

export type AccessibilityPageProps = PageProps;

const CHECKS = ['axe', 'keyboard', 'forms'] as const;
const EXCEPTIONS = ['pdf', 'content', 'dutch', 'automated'] as const;

/**
 * The accessibility statement (`/accessibility`, public), as the European Accessibility Act expects
 * of a consumer service: the standard, how it is checked, what does not meet it yet, and how to
 * report a problem.
 */
export function AccessibilityPage(_props: AccessibilityPageProps) {
  const { t } = useTranslation('service');
  const headingId = useId();
  const section = (name: string) => `${headingId}-${name}`;
  return (
    <article className="accessibility-page" aria-labelledby={headingId}>
      <h1 id={headingId}>{t('accessibility.title')}</h1>
      <p>{t('accessibility.intro')}</p>
      <section aria-labelledby={section('standard')}>
        <h2 id={section('standard')}>{t('accessibility.standard.title')}</h2>
        <p>{t('accessibility.standard.text')}</p>
      </section>
      <section aria-labelledby={section('checks')}>
        <h2 id={section('checks')}>{t('accessibility.checks.title')}</h2>
        <ul>
          {CHECKS.map((key) => (
            <li key={key}>{t(`accessibility.checks.${key}`)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={section('exceptions')}>
        <h2 id={section('exceptions')}>{t('accessibility.exceptions.title')}</h2>
        <p>{t('accessibility.exceptions.intro')}</p>
        <ul>
          {EXCEPTIONS.map((key) => (
            <li key={key}>{t(`accessibility.exceptions.${key}`)}</li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={section('report')}>
        <h2 id={section('report')}>{t('accessibility.report.title')}</h2>
        <p>{t('accessibility.report.text')}</p>
        {/* A paragraph of its own: a link set apart from running text needs no underline to be found. */}
        <p>
          <Link to={paths.contact()}>{t('accessibility.report.link')}</Link>
        </p>
      </section>
      <p>{t('accessibility.updated')}</p>
    </article>
  );
}
