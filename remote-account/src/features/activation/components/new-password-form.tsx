import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import * as v from 'valibot';
import { errorStatus, paths } from '@portal/shared';
import { NEW_PASSWORD_MIN, newPasswordFormSchema, toFieldIssues } from '@portal/shared/validation';
import type { FieldIssue } from '@portal/shared/validation';

import { activateAccount } from '../api/activate-account';
import { setPassword } from '../api/set-password';
import type { ActivateMode } from '../activate-mode';

type Field = 'password' | 'repeatPassword';

export type NewPasswordFormProps = {
  mode: ActivateMode;
  token: string;
  username: string;
};

type Outcome = 'idle' | 'pending' | 'done' | 'invalid' | 'failed';

/** New password + repeat; activation does not require a special character, set password does. */
export function NewPasswordForm({ mode, token, username }: NewPasswordFormProps) {
  const { t } = useTranslation('account');
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', repeatPassword: '' });
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [outcome, setOutcome] = useState<Outcome>('idle');
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const special = mode === 'setpassword';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = v.safeParse(newPasswordFormSchema({ special }), values);
    if (!result.success) {
      const found = toFieldIssues(result.issues);
      setIssues(found);
      const first = found[0]?.field;
      if (first === 'password' || first === 'repeatPassword') inputs.current[first]?.focus();
      return;
    }
    setIssues([]);
    setOutcome('pending');
    try {
      const send = mode === 'activate' ? activateAccount : setPassword;
      await send(username, token, result.output.password);
      setOutcome('done');
    } catch (error) {
      setOutcome(errorStatus(error) === 401 ? 'invalid' : 'failed');
    }
  };

  if (outcome === 'done') {
    return (
      <div role="status" className="confirmation">
        <p>{t(`activate.${mode}.done`)}</p>
        <p>
          <Link to={paths.login()}>{t('activate.toLogin')}</Link>
        </p>
      </div>
    );
  }

  const rulesId = `${id}-rules`;
  const field = (name: Field, autoComplete: string) => {
    const issue = issues.find((item) => item.field === name);
    const errorId = `${id}-${name}-error`;
    const describedBy = [name === 'password' ? rulesId : null, issue ? errorId : null]
      .filter(Boolean)
      .join(' ');
    return (
      <div className="form-field">
        <label htmlFor={`${id}-${name}`}>{t(`activate.${name}`)}</label>
        <input
          ref={(element) => {
            inputs.current[name] = element;
          }}
          id={`${id}-${name}`}
          name={name}
          type="password"
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          aria-invalid={issue ? true : undefined}
          aria-describedby={describedBy || undefined}
          required
        />
        {issue ? (
          <p id={errorId} className="form-field__error">
            {t(issue.code, { min: NEW_PASSWORD_MIN, ...issue.params })}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <>
      <div aria-live="polite">
        {outcome === 'invalid' ? <p role="alert">{t('errors.linkInvalid')}</p> : null}
        {outcome === 'failed' ? <p role="alert">{t('errors.serviceUnavailable')}</p> : null}
      </div>
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={outcome === 'pending'}>
        <p id={rulesId}>
          {t(special ? 'activate.rulesWithSpecial' : 'activate.rules', { min: NEW_PASSWORD_MIN })}
        </p>
        {field('password', 'new-password')}
        {field('repeatPassword', 'new-password')}
        <button type="submit" className="button button--primary" disabled={outcome === 'pending'}>
          {t(`activate.${mode}.submit`)}
        </button>
      </form>
    </>
  );
}
