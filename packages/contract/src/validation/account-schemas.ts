// The account forms (login, passwords, e-mail change) on their own, so that the login page does not
// carry the policy, payment and claim schemas.
import * as v from 'valibot';
import { emailSchema, loginPasswordSchema, newPasswordSchema } from './fields';
import { withRules } from './form-rules';

/** Login form: e-mail and password. */
export const loginSchema = v.object({ email: emailSchema, password: loginPasswordSchema });

/** `{password}` of activation (no special character needed) or set password. */
export function passwordBodySchema(options: { special?: boolean } = {}) {
  return v.object({ password: newPasswordSchema(options) });
}

/** `{newUsername}` of an e-mail change. */
export const newUsernameSchema = v.object({ newUsername: emailSchema });

/** New password with repeat (set-password and activation forms). */
export function newPasswordFormSchema(options: { special?: boolean } = {}) {
  return withRules(
    v.object({ password: newPasswordSchema(options), repeatPassword: v.string('validation.required') }),
    [
      {
        field: 'repeatPassword',
        test: (input) => (input.password === input.repeatPassword ? null : 'validation.password.notSame'),
      },
    ],
  );
}

/** E-mail change form: new e-mail, its repeat and the current password. */
export const emailChangeFormSchema = withRules(
  v.object({
    newUsername: emailSchema,
    repeatUsername: v.string('validation.required'),
    password: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required')),
  }),
  [
    {
      field: 'repeatUsername',
      test: (input) =>
        input.newUsername.toLowerCase() === input.repeatUsername.trim().toLowerCase()
          ? null
          : 'validation.email.notSame',
    },
  ],
);
