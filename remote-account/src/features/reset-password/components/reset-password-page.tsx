import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import * as v from 'valibot';
import { paths } from '@portal/shared';
import type { PageProps } from '@portal/shared';
import { toFieldIssues } from '@portal/shared/validation';
import type { FieldIssue } from '@portal/shared/validation';

import { requestPasswordResetSchema, useRequestPasswordReset } from '../api/request-password-reset';

export type ResetPasswordPageProps = PageProps;

/** Asks for the e-mail address and mails a set-password link to it. */
export function ResetPasswordPage(_props: ResetPasswordPageProps) {
  const { t } = useTranslation('account');
  const id = useId();
  const [email, setEmail] = useState('');
  const [issue, setIssue] = useState<FieldIssue | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const { status, submit } = useRequestPasswordReset();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = v.safeParse(requestPasswordResetSchema, { email });
    if (!result.success) {
      setIssue(toFieldIssues(result.issues)[0] ?? null);
      input.current?.focus();
      return;
    }
    setIssue(null);
    await submit(result.output);
  };

  const errorId = `${id}-email-error`;
  return (
    <section className="account-page" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>{t('resetPassword.title')}</h1>
      <div aria-live="polite">
        {status === 'done' ? (
          <p role="status" className="confirmation">
            {t('resetPassword.sent')}
          </p>
        ) : null}
        {status === 'failed' ? (
          <p role="alert" className="form-error">
            {t('errors.serviceUnavailable')}
          </p>
        ) : null}
      </div>
      {status === 'done' ? (
        <p>
          <Link to={paths.login()}>{t('resetPassword.backToLogin')}</Link>
        </p>
      ) : (
        <>
          <p>{t('resetPassword.intro')}</p>
          <form className="form" noValidate onSubmit={onSubmit} aria-busy={status === 'pending'}>
            <div className="form-field">
              <label htmlFor={`${id}-email`}>{t('resetPassword.email')}</label>
              <input
                ref={input}
                id={`${id}-email`}
                name="email"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                aria-invalid={issue ? true : undefined}
                aria-describedby={issue ? errorId : undefined}
                required
              />
              {issue ? (
                <p id={errorId} className="form-field__error">
                  {t(issue.code, issue.params)}
                </p>
              ) : null}
            </div>
            <button type="submit" className="button button--primary" disabled={status === 'pending'}>
              {t('resetPassword.submit')}
            </button>
          </form>
        </>
      )}
    </section>
  );
}
