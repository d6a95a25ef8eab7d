import {
  CLAIM_STATUSES,
  CONTACT_CATEGORIES,
  GENDERS,
  INSURANCE_TYPES,
  PAYMENT_METHODS,
  PAYMENT_TERMS,
} from '@portal/contract/validation';
import { addDays, addHours } from 'date-fns';
import * as v from 'valibot';
import claims from './data/claims.json' with { type: 'json' };
import postcodes from './data/postcodes.json' with { type: 'json' };
import students from './data/students.json' with { type: 'json' };

// The demo data is in the data files beside this module (bundled into the built server): a student
// more is an object more in students.json. Dates are days from the day of seeding, so the demo always
// has a policy running today, an invoice due and a claim filed last week.

const text = v.pipe(v.string(), v.nonEmpty());
const days = v.pipe(v.number(), v.integer());

/** A day relative to the day of seeding: `{ "days": -60 }` is sixty days before it. */
const DayOffset = v.strictObject({ days });
type DayOffset = v.InferOutput<typeof DayOffset>;

/** A moment relative to the moment of seeding: that day at `hour` o'clock, local time. */
const MomentOffset = v.strictObject({
  days,
  hour: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(23)),
});
type MomentOffset = v.InferOutput<typeof MomentOffset>;

const Policy = v.strictObject({
  id: text,
  number: v.optional(text),
  application: v.optional(text),
  type: v.picklist(INSURANCE_TYPES),
  coverage: text,
  destination: text,
  start: DayOffset,
  end: DayOffset,
  status: text,
  editable: v.boolean(),
  renewable: v.boolean(),
  cancelledFromStart: v.optional(v.boolean()),
  amount: v.number(),
  term: v.picklist(PAYMENT_TERMS),
  method: v.picklist(PAYMENT_METHODS),
  iban: v.optional(text),
  bic: v.optional(text),
  holder: v.optional(text),
  address: v.optional(
    v.strictObject({ postalCode: text, houseNumber: text, street: text, city: text, country: text }),
  ),
});

const Invoice = v.strictObject({
  number: text,
  /** The policy number it bills. */
  policy: text,
  date: DayOffset,
  from: DayOffset,
  until: DayOffset,
  amount: v.number(),
  open: v.boolean(),
});

const Student = v.strictObject({
  account: text,
  profile: text,
  email: v.pipe(v.string(), v.email()),
  gender: v.picklist(GENDERS),
  firstName: text,
  surname: text,
  birthDate: v.pipe(v.string(), v.isoDate()),
  origin: text,
  nationality: text,
  customerType: v.picklist(['INDIVIDUAL', 'INSTITUTE', 'INSTITUTE_STUDENT_PAYS']),
  editable: v.boolean(),
  activated: v.optional(v.boolean()),
  blocked: v.optional(v.boolean()),
  /** What the demo shows with this student; not stored. */
  about: v.optional(text),
  institution: v.optional(v.strictObject({ name: text, faculty: text, study: text })),
  policies: v.array(Policy),
  invoices: v.array(Invoice),
});

const Claim = v.strictObject({
  number: text,
  profile: text,
  /** The policy number it claims on. */
  policy: text,
  category: v.picklist(CONTACT_CATEGORIES),
  incident: DayOffset,
  description: text,
  amount: v.number(),
  /** Each step reached, oldest first; the last is the claim's status. */
  history: v.pipe(
    v.array(
      v.strictObject({ status: v.picklist(CLAIM_STATUSES), at: MomentOffset, reason: v.optional(text) }),
    ),
    v.minLength(1),
  ),
  /** The name of its receipt, a small PDF made at seeding. */
  receipt: text,
});

/** Postcodes the address lookup knows, each with house numbers 1..20. */
const Postcode = v.strictObject({ postcode: text, street: text, city: text });

const DemoData = v.pipe(
  v.strictObject({ students: v.array(Student), claims: v.array(Claim), postcodes: v.array(Postcode) }),
  v.check((data) => {
    const policies = new Map(
      data.students.flatMap((student) => student.policies.map((policy) => [policy.number, student.profile])),
    );
    return (
      data.students.every((student) =>
        student.invoices.every((invoice) => policies.get(invoice.policy) === student.profile),
      ) && data.claims.every((claim) => policies.get(claim.policy) === claim.profile)
    );
  }, 'every invoice and claim is on a policy number of its own student'),
);
export type DemoData = v.InferOutput<typeof DemoData>;
export type DemoStudent = DemoData['students'][number];
export type DemoClaim = DemoData['claims'][number];

/** The demo data files (or `files` in their shape), checked: a mistake stops the seed saying what and where. */
export function demoData(files: unknown = { students, claims, postcodes }): DemoData {
  const result = v.safeParse(DemoData, files);
  if (!result.success) throw new Error(`The demo data files are invalid:\n${v.summarize(result.issues)}`);
  return result.output;
}

/** The day `offset` names, from `today`. */
export function demoDay(today: Date, offset: DayOffset): Date {
  return addDays(today, offset.days);
}

/** The moment `offset` names: its day from `today`, at its hour (the minutes of `today` kept). */
export function demoMoment(today: Date, offset: MomentOffset): Date {
  return addHours(addDays(today, offset.days), offset.hour - today.getHours());
}
