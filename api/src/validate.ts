import { toFieldIssues } from '@portal/contract/validation';
import * as v from 'valibot';
import { errors } from './errors.js';

/** Parses a body with a shared schema, or throws 400 VALIDATION_FAILED with the failing fields. */
export function parseBody<TSchema extends v.GenericSchema>(
  schema: TSchema,
  body: unknown,
): v.InferOutput<TSchema> {
  const input = body === undefined || body === null ? {} : body;
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  throw errors.validation(
    toFieldIssues(result.issues).map(({ field, code }) => ({ field: field || 'body', code })),
  );
}
