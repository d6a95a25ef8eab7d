import { useState } from 'react';
import type { FocusEvent, Ref } from 'react';
import { TextField } from '@portal/ui';

import { countryName, matchCountry } from './country-names';
import type { CountryOption } from './country-names';

/** Props of {@link CountryField}. */
export type CountryFieldProps = {
  id: string;
  name: string;
  label: string;
  /** The chosen country code, or the text typed so far when it names no country. */
  value: string;
  /** Gets the code of the country typed or picked, or the typed text when it names none. */
  onValueChange: (value: string) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  ref?: Ref<{ focus: () => void }>;
  error?: string;
  /** The id of the `<datalist>` of country names (one per form, shared by its country fields). */
  listId: string;
  options: readonly CountryOption[];
};

const isCode = (value: string) => /^[A-Z]{2}$/.test(value);

/**
 * A country chosen by typing its name: a text input with the browser's own suggestion list
 * (`<datalist>`), so it is searchable, keyboard-operable and announced without a widget of our
 * own. The form keeps the country's code; the input shows its name in the page's language.
 */
export function CountryField({
  value,
  onValueChange,
  options,
  listId,
  ref,
  onBlur,
  ...field
}: CountryFieldProps) {
  const shown = isCode(value) ? countryName(options, value) : value;
  // What the student typed, kept while it matches the form's value; a new value from outside
  // (a reset, another language, the countries arriving) shows that value's name instead.
  const [typed, setTyped] = useState<{ text: string; value: string; shown: string } | null>(null);
  const text = typed && typed.value === value && typed.shown === shown ? typed.text : shown;

  return (
    <TextField
      {...field}
      ref={ref as Ref<HTMLInputElement>}
      value={text}
      list={listId}
      autoComplete="off"
      required
      onBlur={(event) => {
        // Once the student leaves the field, a country they typed shows as its proper name.
        if (isCode(value)) setTyped(null);
        onBlur?.(event);
      }}
      onChange={(event) => {
        const next = event.target.value;
        const code = matchCountry(options, next) ?? next.trim();
        setTyped({ text: next, value: code, shown: isCode(code) ? countryName(options, code) : code });
        onValueChange(code);
      }}
    />
  );
}

/** The suggestion list of a form's country fields. */
export function CountryList({ id, options }: { id: string; options: readonly CountryOption[] }) {
  return (
    <datalist id={id}>
      {options.map((option) => (
        <option key={option.code} value={option.name} />
      ))}
    </datalist>
  );
}
