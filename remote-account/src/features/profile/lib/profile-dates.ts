// The date conversions of the Profile page, written out rather than taken from the shared date
// helpers: those format with date-fns, and a module the login page shares with this page is
// bundled with every export either page uses, which would put date-fns on the login page's first
// load (the typed-date module has no date-fns). The strings are checked by the shared schemas
// before they get here.

import { typedDateToWire } from '@portal/contract/typed-date';

const pad = (value: number): string => String(value).padStart(2, '0');

/** `YYYY-MM-DD` (wire) as `dd/mm/yyyy` (forms); anything else is returned as it is. */
export function wireToFormDate(wire: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(wire);
  return match ? `${match[3]}/${match[2]}/${match[1]}` : wire;
}

/** A typed date (`dd/mm/yyyy`, `1-12-2003`, `01122003`…) as `YYYY-MM-DD`; anything else as it is. */
export function formToWireDate(form: string): string {
  return typedDateToWire(form) ?? form;
}

/** The local day of `date` as a wire date. */
export function wireDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
