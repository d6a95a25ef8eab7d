import { useCallback, useId, useMemo, useRef, useState } from 'react';
import type { ChangeEvent, FocusEvent, FormEvent } from 'react';
import { useTranslation } from '@portal/shared/react-i18next';
import * as v from 'valibot';

import { toFieldIssues } from '@portal/contract/validation';
import type { FieldIssue } from '@portal/contract/validation';
import { errorIdOf } from './field-parts';

type FormSchema = v.GenericSchema<Record<string, unknown>, Record<string, unknown>>;

/** An element a bound field can focus. */
type Focusable = { focus: () => void };

/** Props {@link UseValibotFormResult.field} gives a text input, select or radio group. */
export type BoundFieldProps = {
  id: string;
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
  ref: (element: Focusable | null) => void;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  /** The translated error, shown once the field was left or the form submitted. */
  error: string | undefined;
};

/** Props {@link UseValibotFormResult.checkbox} gives a checkbox. */
export type BoundCheckboxProps = Omit<BoundFieldProps, 'value' | 'onChange'> & {
  checked: boolean;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
};

/** What {@link useValibotForm} returns. */
export type UseValibotFormResult<TInput extends Record<string, unknown>, TOutput> = {
  values: TInput;
  setValue: <K extends keyof TInput>(name: K, value: TInput[K]) => void;
  /** Props for a text-like field bound to `name`. */
  field: (name: keyof TInput & string) => BoundFieldProps;
  /** Props for a checkbox bound to the boolean `name`. */
  checkbox: (name: keyof TInput & string) => BoundCheckboxProps;
  /** The visible, translated error per field (dot path). */
  errors: Record<string, string>;
  /** All current issues, shown or not. */
  issues: FieldIssue[];
  isValid: boolean;
  isSubmitting: boolean;
  /**
   * A submit handler: validates everything, shows every error and focuses the first invalid
   * field; when valid, calls `onValid` with the schema's output. While `onValid` runs, another
   * submit does nothing.
   */
  handleSubmit: (
    onValid: (output: TOutput) => void | Promise<void>,
  ) => (event?: FormEvent<HTMLFormElement>) => Promise<void>;
  /** Shows errors the backend found (`ApiErrorBody.fields`), until the field changes. */
  setServerErrors: (fields: readonly { field: string; code: string }[]) => void;
  /** Back to the initial (or given) values, nothing touched. */
  reset: (values?: TInput) => void;
};

function currentIssues(schema: FormSchema, values: Record<string, unknown>): FieldIssue[] {
  const result = v.safeParse(schema, values);
  return result.success ? [] : toFieldIssues(result.issues);
}

/**
 * Form state bound to a valibot schema whose issue messages are i18n keys. Errors appear after
 * a field is left or the form is submitted, translated with their parameters (e.g. `{max}`);
 * fields get `aria-invalid` and `aria-describedby` pointing at their error text.
 */
export function useValibotForm<TSchema extends FormSchema>(
  schema: TSchema,
  initial: v.InferInput<TSchema>,
): UseValibotFormResult<v.InferInput<TSchema>, v.InferOutput<TSchema>> {
  type Input = v.InferInput<TSchema>;
  const { t } = useTranslation();
  const formId = useId();
  const [values, setValues] = useState<Input>(initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [submitted, setSubmitted] = useState(false);
  const [isSubmitting, setSubmitting] = useState(false);
  const [serverIssues, setServerIssues] = useState<Record<string, string>>({});
  // Set at once, unlike the state: a second submit in the same tick sees it.
  const submitting = useRef(false);
  // Registered in render order, which is the order to look for the first invalid field.
  const elements = useRef(new Map<string, Focusable>());
  const refCallbacks = useRef(new Map<string, (element: Focusable | null) => void>());

  const issues = useMemo(() => currentIssues(schema, values), [schema, values]);

  const errors = useMemo(() => {
    const visible: Record<string, string> = {};
    for (const [field, code] of Object.entries(serverIssues)) visible[field] = t(code);
    for (const issue of issues) {
      if (submitted || touched[issue.field]) visible[issue.field] = t(issue.code, issue.params);
    }
    return visible;
  }, [issues, serverIssues, submitted, touched, t]);

  const setValue = useCallback(<K extends keyof Input>(name: K, value: Input[K]) => {
    setValues((previous) => ({ ...previous, [name]: value }));
    setServerIssues((previous) => {
      if (!(String(name) in previous)) return previous;
      const { [String(name)]: _removed, ...rest } = previous;
      return rest;
    });
  }, []);

  const refFor = (name: string) => {
    let callback = refCallbacks.current.get(name);
    if (!callback) {
      callback = (element) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      };
      refCallbacks.current.set(name, callback);
    }
    return callback;
  };

  const common = (name: string) => {
    const id = `${formId}-${name}`;
    const error = errors[name];
    return {
      id,
      name,
      onBlur: () => setTouched((previous) => (previous[name] ? previous : { ...previous, [name]: true })),
      ref: refFor(name),
      'aria-invalid': error ? (true as const) : undefined,
      'aria-describedby': error ? errorIdOf(id) : undefined,
      error,
    };
  };

  const field = (name: keyof Input & string): BoundFieldProps => {
    const raw = values[name];
    return {
      ...common(name),
      value: raw === undefined || raw === null ? '' : String(raw),
      onChange: (event) => setValue(name, event.target.value as Input[typeof name]),
    };
  };

  const checkbox = (name: keyof Input & string): BoundCheckboxProps => ({
    ...common(name),
    checked: values[name] === true,
    onChange: (event) => setValue(name, event.target.checked as Input[typeof name]),
  });

  const handleSubmit =
    (onValid: (output: v.InferOutput<TSchema>) => void | Promise<void>) =>
    async (event?: FormEvent<HTMLFormElement>) => {
      event?.preventDefault();
      // One send at a time: pressing again (or Enter in a field) while it runs sends nothing more.
      if (submitting.current) return;
      setSubmitted(true);
      const result = v.safeParse(schema, values);
      if (!result.success) {
        const invalid = new Set(toFieldIssues(result.issues).map((issue) => issue.field));
        for (const [name, element] of elements.current) {
          if (invalid.has(name)) {
            element.focus();
            break;
          }
        }
        return;
      }
      submitting.current = true;
      setSubmitting(true);
      try {
        await onValid(result.output);
      } finally {
        submitting.current = false;
        setSubmitting(false);
      }
    };

  const setServerErrors = useCallback((fields: readonly { field: string; code: string }[]) => {
    setServerIssues(Object.fromEntries(fields.map((item) => [item.field, item.code])));
    const first = fields[0];
    if (first) elements.current.get(first.field)?.focus();
  }, []);

  const reset = useCallback(
    (next?: Input) => {
      setValues(next ?? initial);
      setTouched({});
      setSubmitted(false);
      setServerIssues({});
    },
    [initial],
  );

  return {
    values,
    setValue,
    field,
    checkbox,
    errors,
    issues,
    isValid: issues.length === 0,
    isSubmitting,
    handleSubmit,
    setServerErrors,
    reset,
  };
}
