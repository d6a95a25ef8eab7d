// Bank details apart from the other fields: ibantools then loads only with the forms that take an
// IBAN or BIC, not with every form that validates an e-mail address.
import { electronicFormatIBAN, isSEPACountry, isValidBIC, isValidIBAN } from 'ibantools';
import * as v from 'valibot';

/** Normalizes an IBAN as typed (spaces, lower case) to its electronic form. */
export function normalizeIban(value: string): string {
  return electronicFormatIBAN(value) ?? value.replace(/\s+/g, '').toUpperCase();
}

/** A valid IBAN, never from the UK; with `sepa` only from the SEPA area. Output is the electronic form. */
export function ibanSchema(options: { sepa?: boolean } = {}) {
  return v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.transform(normalizeIban),
    v.check((iban: string) => isValidIBAN(iban), 'validation.iban.invalid'),
    v.check((iban: string) => !iban.startsWith('GB'), 'validation.iban.uk'),
    v.check((iban: string) => !options.sepa || isSEPACountry(iban.slice(0, 2)), 'validation.iban.sepa'),
  );
}

/** A valid BIC (8 or 11 characters). */
export const bicSchema = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.toUpperCase(),
  v.check((bic: string) => isValidBIC(bic), 'validation.bic.invalid'),
);
