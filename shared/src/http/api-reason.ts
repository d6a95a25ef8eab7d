// Why the api refused a call, for the forms to say. Also `@portal/shared/api-reason`, which each remote
// bundles: a remote runs with the host's @portal/shared, which may be a release older and not have
// these (docs/design.md, independent releases); this file reads the host's errors by their shape.
import type { AlertMessage } from '../alert/alert-message';
import { errorStatus, readApiError } from './read-api-error';
import type { ApiErrorBody } from '@portal/contract/wire';

/** Why the api refused a call, as it said it (docs/contract.md error body): its code and its message. */
export type ApiReason = { code: string; message: string };

/** A translation function as i18next's `t` is called here: a list of keys and a default value. */
export type ReasonTranslate = (keys: string[], options: { defaultValue: string }) => string;

// Longer than any message of the api; anything longer is not a reason to show a student.
const MAX_MESSAGE_LENGTH = 400;
const CODE_PATTERN = /^[A-Z][A-Z0-9_]{0,63}$/;
// Refusals of the portal's own machinery, not of what the student asked: the generic text fits.
const NOT_FOR_STUDENTS = new Set(['XSRF_INVALID']);
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/**
 * The reason a form shows for a refused call, or `undefined` when there is none to show:
 * - a 4xx with the contract's error body and a message is a reason (a rule of the api: under review,
 *   an overlap, a locked policy), whatever the form was doing;
 * - a 401 is not (the session ended: the portal logs out), nor a 5xx or a failure without an answer
 *   (those are the incident alert's and the "please try again later" texts' to tell);
 * - a 400 or 422 naming fields is not either: those errors go beside their fields;
 * - nor a failed anti-forgery check, which says nothing a student could act on.
 * The message is the api's text, trimmed and without control characters; it is shown as text.
 */
export function apiReasonOf(
  status: number | undefined,
  body: ApiErrorBody | undefined,
): ApiReason | undefined {
  if (status === undefined || status < 400 || status >= 500 || status === 401 || !body) return undefined;
  if ((status === 400 || status === 422) && (body.fields?.length ?? 0) > 0) return undefined;
  if (NOT_FOR_STUDENTS.has(body.code)) return undefined;
  const message = body.message.replace(CONTROL_CHARACTERS, ' ').trim();
  if (message === '' || message.length > MAX_MESSAGE_LENGTH || !CODE_PATTERN.test(body.code))
    return undefined;
  return { code: body.code, message };
}

/** {@link apiReasonOf} of a failed call (a ky `HTTPError`); `undefined` for any other error. */
export async function readApiReason(error: unknown): Promise<ApiReason | undefined> {
  return apiReasonOf(errorStatus(error), await readApiError(error));
}

/**
 * The text of a reason: the portal's own words for a code it knows (`apiErrors.<CODE>` in the
 * caller's namespaces, so a Dutch student reads Dutch), else the api's message as it came.
 */
export function apiReasonText(t: ReasonTranslate, reason: ApiReason): string {
  return t([`apiErrors.${reason.code}`], { defaultValue: reason.message });
}

/**
 * A reason as an `Alert` message: its code identifies the alert (`data-error-code`), its text is
 * {@link apiReasonText} (given as the default, so the api's words are never read as a key).
 */
export function apiReasonMessage(t: ReasonTranslate, reason: ApiReason): AlertMessage {
  return { code: reason.code, context: { defaultValue: apiReasonText(t, reason) } };
}
