import { useTranslation } from '@portal/shared/react-i18next';
import { NEW_PASSWORD_MIN, newPasswordSchema } from '@portal/contract/validation';
import * as v from 'valibot';
import { PROFILE_NAMESPACE } from '../../../lib/profile-texts';

/** The rules of a new password (docs/requirements.md §5), by the code the schema reports when one fails. */
const RULES = [
  'validation.password.minLength',
  'validation.password.uppercase',
  'validation.password.lowercase',
  'validation.password.digit',
  'validation.password.special',
] as const;

type Rule = (typeof RULES)[number];

const schema = newPasswordSchema();

/** The rules `password` does not meet yet, read from the shared schema so the list never disagrees with it. */
export function unmetRules(password: string): Set<Rule> {
  const result = v.safeParse(schema, password);
  const failed = new Set<string>(result.success ? [] : result.issues.map((issue) => issue.message));
  // An empty password fails at "required" before the rules run: then none is met.
  if (password === '') return new Set(RULES);
  return new Set(RULES.filter((rule) => failed.has(rule)));
}

/** The new-password rules as a list that ticks off each rule as the student types. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const { t } = useTranslation(PROFILE_NAMESPACE);
  const unmet = unmetRules(password);
  return (
    <div id={id} className="password-checklist">
      <p className="field__hint">{t('profile.password.rulesIntro')}</p>
      <ul>
        {RULES.map((rule) => {
          const met = !unmet.has(rule);
          return (
            <li key={rule} className={met ? 'password-checklist__met' : 'password-checklist__unmet'}>
              <span aria-hidden="true">{met ? '✓' : '○'} </span>
              {t(`profile.password.rules.${rule.slice('validation.password.'.length)}`, {
                min: NEW_PASSWORD_MIN,
              })}
              <span className="visually-hidden">
                {' '}
                {met ? t('profile.password.ruleMet') : t('profile.password.ruleUnmet')}
              </span>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
