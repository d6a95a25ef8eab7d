import * as v from 'valibot';
import { parseDate } from './dates';
import type { DateFormat } from './dates';

/** Minimum length of the login password field. */
export const LOGIN_PASSWORD_MIN = 8;
/** Minimum length of a new password. */
export const NEW_PASSWORD_MIN = 12;

/** Maximum lengths of free-text fields. */
export const MAX_LENGTHS = {
  email: 254,
  name: 70,
  postalCode: 10,
  houseNumber: 5,
  houseNumberAddition: 6,
  street: 60,
  city: 60,
  country: 60,
  moveReason: 500,
  terminationReason: 500,
  reasonShortTerm: 500,
  accountHolder: 70,
  subject: 150,
  question: 2000,
  description: 2000,
  explanation: 1000,
  password: 128,
} as const;

/** Options of the date-aware schema factories. */
export interface DateSchemaOptions {
  /** `form` reads dd/mm/yyyy (the forms), `wire` reads YYYY-MM-DD (the api). Default `wire`. */
  dateFormat?: DateFormat;
  /** Today, for "today or future/past" rules. Default: now. */
  today?: Date;
}

// C0 and C1 control characters and DEL (Unicode category Cc); tab, line feed and carriage return are
// allowed where a text may span lines. A lone surrogate (half of a UTF-16 pair) is not text either:
// databases refuse it.
const CONTROL_CHARACTERS = /\p{Cc}/u;
const MULTILINE_CONTROL_CHARACTERS = /(?![\t\n\r])\p{Cc}/u;
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * Whether a string is plain text: well-formed Unicode without control characters (with `multiline`,
 * tab and line breaks are allowed).
 */
export function isPlainText(value: string, options: { multiline?: boolean } = {}): boolean {
  const control = options.multiline ? MULTILINE_CONTROL_CHARACTERS : CONTROL_CHARACTERS;
  return !control.test(value) && !LONE_SURROGATE.test(value);
}

/** Rejects control characters and ill-formed strings with `validation.text.invalid`. */
export function plainText(options: { multiline?: boolean } = {}) {
  return v.check((value: string) => isPlainText(value, options), 'validation.text.invalid');
}

// Unicode's format characters (category Cf): the bidirectional controls (U+202A-U+202E, U+2066-U+2069,
// U+200E, U+200F, U+061C), zero-width spaces and joiners, the soft hyphen, the byte order mark. They
// are invisible, and a bidirectional control reverses or hides the text after it.
const FORMAT_CHARACTERS = /\p{Cf}/u;

/**
 * Rejects invisible format characters with `validation.text.format` (after {@link plainText}): for a
 * text quoted in a mail or shown as a name, so that what the student reads is what was typed (a
 * passkey's name in the mail that warns of it cannot turn the warning around).
 */
export function visibleText() {
  return v.check((value: string) => !FORMAT_CHARACTERS.test(value), 'validation.text.format');
}

/** Options of the free-text schemas. */
export interface TextOptions {
  /** Allows tab and line breaks (a question, a description). */
  multiline?: boolean;
}

/** A required, trimmed string of at most `max` characters. */
export function requiredText(max: number, options: TextOptions = {}) {
  return v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.nonEmpty('validation.required'),
    v.maxLength(max, 'validation.maxLength'),
    plainText(options),
  );
}

/** An optional trimmed string of at most `max` characters (empty allowed). */
export function optionalText(max: number, options: TextOptions = {}) {
  return v.optional(
    v.pipe(
      v.string('validation.type'),
      v.trim(),
      v.maxLength(max, 'validation.maxLength'),
      plainText(options),
    ),
  );
}

// The letters the documents' font prints (api/fonts: DejaVu Sans), and what joins the parts of a name.
// A passport's name is in Latin letters at least; an emoji or a CJK character would print as a box.
const NAME_CHARACTERS = /^[\p{Script=Latin}\p{Script=Greek}\p{Script=Cyrillic}\p{M} '’ʼ.-]*$/u;

/** A person's name as documents print it: required, at most {@link MAX_LENGTHS.name} characters, letters the PDFs can print. */
export const personNameSchema = v.pipe(
  requiredText(MAX_LENGTHS.name),
  v.regex(NAME_CHARACTERS, 'validation.name.characters'),
);

/** A required choice among `options`. */
export function requiredOption<const T extends readonly [string, ...string[]]>(options: T) {
  return v.picklist(options, 'validation.option');
}

/** A valid e-mail address. */
export const emailSchema = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.maxLength(MAX_LENGTHS.email, 'validation.maxLength'),
  plainText(),
  v.email('validation.email'),
);

/** A new password: 12+ characters, upper and lower case, a digit and (unless `special` is false) a special character. */
export function newPasswordSchema(options: { special?: boolean } = {}) {
  const { special = true } = options;
  return v.pipe(
    v.string('validation.required'),
    v.nonEmpty('validation.required'),
    v.maxLength(MAX_LENGTHS.password, 'validation.maxLength'),
    plainText(),
    v.minLength(NEW_PASSWORD_MIN, 'validation.password.minLength'),
    v.regex(/\p{Lu}/u, 'validation.password.uppercase'),
    v.regex(/\p{Ll}/u, 'validation.password.lowercase'),
    v.regex(/\d/, 'validation.password.digit'),
    v.check((value: string) => !special || /[^\p{L}\d\s]/u.test(value), 'validation.password.special'),
  );
}

/** A password as typed on the login form. */
export const loginPasswordSchema = v.pipe(
  v.string('validation.required'),
  v.nonEmpty('validation.required'),
  v.minLength(LOGIN_PASSWORD_MIN, 'validation.minLength'),
  v.maxLength(MAX_LENGTHS.password, 'validation.maxLength'),
  plainText(),
);

/** A date in the chosen format (output stays the input string). */
export function dateSchema(dateFormat: DateFormat = 'wire') {
  return v.pipe(
    v.string('validation.required'),
    v.trim(),
    v.nonEmpty('validation.required'),
    plainText(),
    v.check((value: string) => parseDate(value, dateFormat) !== null, 'validation.date.invalid'),
  );
}

function startOfLocalDay(date: Date): number {
  return new Date(date.getFullYear(), date.getMonth(), date.getDate()).getTime();
}

/** A valid date that is today or in the past (birth date). */
export function birthDateSchema(options: DateSchemaOptions = {}) {
  const { dateFormat = 'wire' } = options;
  return v.pipe(
    dateSchema(dateFormat),
    v.check((value: string) => {
      const date = parseDate(value, dateFormat);
      return date !== null && date.getTime() <= startOfLocalDay(options.today ?? new Date());
    }, 'validation.date.notFuture'),
  );
}

/** A valid date that is today or in the future. */
export function futureDateSchema(options: DateSchemaOptions = {}) {
  const { dateFormat = 'wire' } = options;
  return v.pipe(
    dateSchema(dateFormat),
    v.check((value: string) => {
      const date = parseDate(value, dateFormat);
      return date !== null && date.getTime() >= startOfLocalDay(options.today ?? new Date());
    }, 'validation.date.notPast'),
  );
}

/** A house number: digits only. */
export const houseNumberSchema = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.maxLength(MAX_LENGTHS.houseNumber, 'validation.maxLength'),
  v.regex(/^\d+$/, 'validation.numeric'),
);

/** An ISO 3166-1 alpha-2 country code. */
export const countryCodeSchema = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.nonEmpty('validation.required'),
  v.regex(/^[A-Z]{2}$/, 'validation.option'),
);

/** Dutch postcode for the address lookup (1234AB, space allowed). */
export const postcodeSchema = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[1-9]\d{3} ?[A-Z]{2}$/, 'validation.postcode.invalid'),
  v.transform((value: string) => value.replace(' ', '')),
);

/** House number for the address lookup. */
export const lookupHouseNumberSchema = v.pipe(
  v.string('validation.required'),
  v.trim(),
  v.regex(/^[1-9]\d{0,4}$/, 'validation.houseNumber.invalid'),
);
