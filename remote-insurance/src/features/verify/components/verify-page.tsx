import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import { useNavigate } from '@portal/shared/router';
import { useLocale } from '@portal/shared';
import type { PageProps } from '@portal/shared';
import { formatDate } from '@portal/contract/domain';
import { Button, Icon, PageHeading, ResourceView, TextField } from '@portal/ui';
import type { ProofVerification } from '@portal/contract/wire';

import { verifyPaths } from '../../../lib/verify-paths';
import { normalizeShortCode } from '../api/short-code';
import { useProofVerification } from '../api/verify-proof';
import './verify-page.css';
import { useFlowTranslation } from '../../../lib/flow-texts';

export type VerifyPageProps = PageProps;

/**
 * `/verify` and `/verify/{code}`: anyone holding a proof-of-cover letter (a university, a landlord, a
 * municipality) checks it here without a login, by the letter's QR code or by typing its short code.
 */
export function VerifyPage({ code }: VerifyPageProps) {
  const { t } = useFlowTranslation();
  return (
    <section className="verify-page">
      <PageHeading title={t('verify.title')} description={t('verify.intro')} focusOnMount />
      {code ? <VerifyResult code={code} /> : null}
      <VerifyForm again={Boolean(code)} />
    </section>
  );
}

function VerifyResult({ code }: { code: string }) {
  const { t } = useFlowTranslation();
  const resource = useProofVerification(code);
  return (
    <ResourceView resource={resource} errorText={t('verify.failed')} loadingLabel={t('verify.loading')}>
      {(result) => (result.known ? <KnownProof proof={result.proof} /> : <UnknownProof />)}
    </ResourceView>
  );
}

type Verdict = 'valid' | 'notValid' | 'noLongerValid';

function Outcome({
  verdict,
  explanation,
  children,
}: {
  verdict: Verdict;
  explanation: string;
  children?: ReactNode;
}) {
  const { t } = useFlowTranslation();
  const { locale } = useLocale();
  const id = useId();
  return (
    <section className={`verify-result verify-result--${verdict}`} aria-labelledby={`${id}-verdict`}>
      <h2 id={`${id}-verdict`} className="verify-result__verdict">
        <Icon name={verdict === 'valid' ? 'check-circle' : 'exclamation-circle'} size={28} />
        {t(`verify.verdict.${verdict}`)}
      </h2>
      <p className="verify-result__explanation">{explanation}</p>
      {children}
      <p className="verify-result__checked">{t('verify.checkedOn', { date: formatDate(today(), locale) })}</p>
    </section>
  );
}

function KnownProof({ proof }: { proof: ProofVerification }) {
  const { t } = useFlowTranslation();
  const { locale } = useLocale();
  const start = formatDate(proof.startDate, locale);
  const end = formatDate(proof.endDate, locale);
  return (
    <Outcome
      verdict={proof.valid ? 'valid' : 'noLongerValid'}
      explanation={t(`verify.explanation.${proof.coverStatus}`, { start, end })}
    >
      <dl className="verify-result__details">
        <Item term={t('verify.initials')}>{proof.initials}</Item>
        <Item term={t('verify.birthYear')}>{proof.birthYear}</Item>
        <Item term={t('verify.insuranceType')}>
          {t(`insuranceType.${proof.insuranceType.toLowerCase()}`)}
        </Item>
        <Item term={t('verify.period')}>{t('card.periodValue', { start, end })}</Item>
        <Item term={t('verify.status')}>{t(`verify.coverStatus.${proof.coverStatus}`)}</Item>
        <Item term={t('verify.issuedOn')}>{formatDate(proof.issuedOn, locale)}</Item>
        <Item term={t('verify.code')}>{proof.code}</Item>
      </dl>
    </Outcome>
  );
}

function UnknownProof() {
  const { t } = useFlowTranslation();
  return <Outcome verdict="notValid" explanation={t('verify.explanation.unknown')} />;
}

function Item({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="definition">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function today(): string {
  const now = new Date();
  const two = (value: number) => String(value).padStart(2, '0');
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** Typing the short code printed on a letter; the check itself is the page of that code. */
function VerifyForm({ again }: { again: boolean }) {
  const { t } = useFlowTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = normalizeShortCode(value);
    if (code) {
      setError(undefined);
      setValue('');
      void navigate(verifyPaths.code(code));
      return;
    }
    setError(t(value.trim() === '' ? 'validation.required' : 'verify.form.invalid'));
    document.getElementById(`${id}-code`)?.focus();
  };

  return (
    <form className="form verify-form" noValidate onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t(again ? 'verify.form.titleAgain' : 'verify.form.title')}</h2>
      <TextField
        id={`${id}-code`}
        name="code"
        label={t('verify.form.code')}
        hint={t('verify.form.hint')}
        error={error}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          if (error) setError(undefined);
        }}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={40}
        required
      />
      <Button type="submit">{t('verify.form.submit')}</Button>
    </form>
  );
}
