import * as v from 'valibot';
import type { ValidationCode } from './codes';

type Obj = Record<string, unknown>;

/** A cross-field rule: the code to report at `field`, or null. */
export interface FieldRule<T> {
  field: string;
  test: (input: T) => ValidationCode | null;
}

/** Runs cross-field rules after the object schema passed; each failing rule adds an issue at its field. */
export function withRules<TSchema extends v.GenericSchema<unknown, Obj>>(
  schema: TSchema,
  rules: ReadonlyArray<FieldRule<v.InferOutput<TSchema>>>,
) {
  return v.pipe(
    schema,
    v.rawCheck<v.InferOutput<TSchema>>(({ dataset, addIssue }) => {
      if (!dataset.typed) return;
      const input = dataset.value;
      for (const rule of rules) {
        const code = rule.test(input);
        if (code) {
          addIssue({
            message: code,
            path: [{ type: 'object', origin: 'value', input, key: rule.field, value: input[rule.field] }],
          });
        }
      }
    }),
  );
}

export function schemaIssue(schema: v.GenericSchema, value: unknown): ValidationCode | null {
  const result = v.safeParse(schema, value);
  return result.success ? null : ((result.issues[0]?.message ?? 'validation.type') as ValidationCode);
}
