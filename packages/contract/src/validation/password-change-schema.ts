// On its own, so that the login page, which imports the other account schemas, does not carry it.
import * as v from 'valibot';
import { newPasswordSchema } from './fields';
import { withRules } from './form-rules';

/** Password change of a logged-in student: current password, new password (with special character) and repeat. */
export const passwordChangeFormSchema = withRules(
  v.object({
    password: v.pipe(v.string('validation.required'), v.nonEmpty('validation.required')),
    newPassword: newPasswordSchema(),
    repeatPassword: v.string('validation.required'),
  }),
  [
    {
      field: 'repeatPassword',
      test: (input) => (input.newPassword === input.repeatPassword ? null : 'validation.newPassword.notSame'),
    },
  ],
);
