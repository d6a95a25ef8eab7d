import * as v from 'valibot';
import { http } from '@portal/shared';
import type { InsuranceRequest } from '@portal/contract/wire';
import { formToWireDate, insuranceRequestSchema } from '@portal/contract/validation';
import { parseJson } from '@portal/shared/get-json';
import { applicationResponseWireSchema } from '@portal/contract/wire';

const text = v.string();

/**
 * The fields of the form, flat, named by their path in the request (`person.email`): the shared
 * schema's issues then land on the field that caused them.
 */
const requestFormFields = v.object({
  insuranceType: text,
  startDate: text,
  endDate: text,
  destination: text,
  countryOfOrigin: text,
  'person.gender': text,
  'person.firstName': text,
  'person.surname': text,
  'person.birthDate': text,
  'person.nationality': text,
  'person.email': text,
  'educationalInstitution.name': text,
});

export type RequestFormInput = v.InferInput<typeof requestFormFields>;

/** The names of the form's fields, in the order of the form. */
export const REQUEST_FORM_FIELDS = Object.keys(requestFormFields.entries) as (keyof RequestFormInput)[];

/** An empty form. */
export const EMPTY_REQUEST_FORM: RequestFormInput = Object.fromEntries(
  REQUEST_FORM_FIELDS.map((name) => [name, '']),
) as RequestFormInput;

function nested(input: RequestFormInput) {
  const institution = input['educationalInstitution.name'].trim();
  return {
    insuranceType: input.insuranceType,
    startDate: input.startDate,
    endDate: input.endDate,
    destination: input.destination,
    countryOfOrigin: input.countryOfOrigin,
    person: {
      gender: input['person.gender'],
      firstName: input['person.firstName'],
      surname: input['person.surname'],
      birthDate: input['person.birthDate'],
      nationality: input['person.nationality'],
      email: input['person.email'],
    },
    ...(institution ? { educationalInstitution: { name: institution } } : {}),
  };
}

/**
 * The request form: the shared request schema (the api applies the same) on dd/mm/yyyy dates. The
 * home-country rule is repeated as a partial check because the shared rule runs only once every
 * other field is valid, and the visitor should hear it as soon as both countries are chosen.
 */
export function requestFormSchema(today?: Date) {
  return v.pipe(
    requestFormFields,
    v.transform(nested),
    insuranceRequestSchema({ dateFormat: 'form', today }),
    v.forward(
      v.partialCheck(
        [['destination'], ['countryOfOrigin']],
        (input) => input.destination !== input.countryOfOrigin,
        'validation.destination.homeCountry',
      ),
      ['destination'],
    ),
  );
}

export type RequestFormOutput = v.InferOutput<ReturnType<typeof requestFormSchema>>;

const REQUESTS_PATH = 'api/en/requests';

/** `POST /api/en/requests?lang=` (anonymous) → 201 with the application number; dates go as wire dates. */
export async function sendInsuranceRequest(request: RequestFormOutput, locale = 'en-GB'): Promise<string> {
  const wire = (value: string) => formToWireDate(value) ?? value;
  const body: InsuranceRequest = {
    ...request,
    startDate: wire(request.startDate),
    endDate: wire(request.endDate),
    person: { ...request.person, birthDate: wire(request.person.birthDate) },
  };
  // The confirmation mail is written in the language of the page the request was sent from.
  const lang = locale === 'nl' ? 'nl' : 'en';
  const answer: unknown = await http.post(REQUESTS_PATH, { json: body, searchParams: { lang } }).json();
  return parseJson(REQUESTS_PATH, applicationResponseWireSchema, answer).applicationNumber;
}
