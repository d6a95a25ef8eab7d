import { useId, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import * as v from 'valibot';
import { Alert, paths, readRedirect, useAuthStore } from '@portal/shared';
import type { LoginErrorKey } from '@portal/shared';
import { LOGIN_PASSWORD_MIN, loginSchema, toFieldIssues } from '@portal/shared/validation';
import type { FieldIssue } from '@portal/shared/validation';

type Field = 'email' | 'password';

/** E-mail + password form; on success it goes to the `redirect` parameter or My Insurance. */
export function LoginForm() {
  const { t } = useTranslation('account');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const login = useAuthStore((state) => state.login);
  const id = useId();
  const [values, setValues] = useState<Record<Field, string>>({ email: '', password: '' });
  const [issues, setIssues] = useState<FieldIssue[]>([]);
  const [failure, setFailure] = useState<LoginErrorKey | null>(null);
  const [pending, setPending] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const issueOf = (field: Field) => issues.find((issue) => issue.field === field);
  const message = (issue: FieldIssue) => t(issue.code, { min: LOGIN_PASSWORD_MIN, ...issue.params });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const result = v.safeParse(loginSchema, values);
    if (!result.success) {
      const found = toFieldIssues(result.issues);
      setIssues(found);
      const first = found[0]?.field;
      if (first === 'email' || first === 'password') inputs.current[first]?.focus();
      return;
    }
    setIssues([]);
    setPending(true);
    const outcome = await login(result.output.email, result.output.password);
    setPending(false);
    if (outcome.ok) {
      const target = readRedirect(searchParams);
      // Returning to the login page itself would only show "you are logged in".
      navigate(target && !target.startsWith(paths.login()) ? target : paths.insurances(), { replace: true });
    } else {
      setFailure(outcome.errorKey);
    }
  };

  const field = (name: Field, type: 'email' | 'password', autoComplete: string) => {
    const issue = issueOf(name);
    const errorId = `${id}-${name}-error`;
    return (
      <div className="form-field">
        <label htmlFor={`${id}-${name}`}>{t(`login.${name}`)}</label>
        <input
          ref={(element) => {
            inputs.current[name] = element;
          }}
          id={`${id}-${name}`}
          name={name}
          type={type}
          autoComplete={autoComplete}
          value={values[name]}
          onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
          aria-invalid={issue ? true : undefined}
          aria-describedby={issue ? errorId : undefined}
          required
        />
        {issue ? (
          <p id={errorId} className="form-field__error">
            {message(issue)}
          </p>
        ) : null}
      </div>
    );
  };

  return (
    <>
      <div aria-live="polite">
        {failure ? (
          <Alert type="error" title={t('login.failedTitle')} messages={[{ code: failure }]} />
        ) : null}
      </div>
      <form className="form" noValidate onSubmit={onSubmit} aria-busy={pending}>
        {field('email', 'email', 'username')}
        {field('password', 'password', 'current-password')}
        <button type="submit" className="button button--primary" disabled={pending}>
          {pending ? t('login.submitting') : t('login.submit')}
        </button>
      </form>
      <ul className="link-list">
        <li>
          <Link to={paths.resetPassword()}>{t('login.forgotPassword')}</Link>
        </li>
        <li>
          <Link to={paths.request()}>{t('login.requestInsurance')}</Link>
        </li>
      </ul>
    </>
  );
}
