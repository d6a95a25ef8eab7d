/**
 * @jest-environment jest-fixed-jsdom
 */
import { jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';
import { apiReasonMessage, apiReasonOf, apiReasonText, readApiReason } from './api-reason';
import { http } from './http';

const underReview = {
  code: 'UNDER_REVIEW',
  message: 'A change is under review; no further changes are possible until approval.',
};

describe('apiReasonOf', () => {
  it.each([403, 404, 409, 422, 429])('should take the reason of a %i with a message', (status) => {
    expect(apiReasonOf(status, underReview)).toEqual(underReview);
  });

  it.each([
    ['a 401 (the session ended)', 401],
    ['a 500 (the incident alert says it)', 500],
    ['a 503', 503],
    ['a success', 200],
    ['no answer', undefined],
  ])('should give no reason for %s', (_, status) => {
    expect(apiReasonOf(status, underReview)).toBeUndefined();
  });

  it('should give no reason for a failed anti-forgery check: nothing a student could act on', () => {
    const refused = { code: 'XSRF_INVALID', message: 'The anti-forgery token is missing or wrong.' };
    expect(apiReasonOf(403, refused)).toBeUndefined();
  });

  it('should leave field errors to their fields', () => {
    const fields = [{ field: 'endDate', code: 'validation.date.invalid' }];
    expect(apiReasonOf(400, { code: 'VALIDATION_FAILED', message: 'Invalid', fields })).toBeUndefined();
    expect(apiReasonOf(422, { code: 'START_DATE_RULE', message: 'No', fields })).toBeUndefined();
    expect(apiReasonOf(400, { code: 'MALFORMED_JSON', message: 'The body is not JSON.' })).toEqual({
      code: 'MALFORMED_JSON',
      message: 'The body is not JSON.',
    });
  });

  it('should show the message as plain words: trimmed, without control characters', () => {
    expect(apiReasonOf(409, { code: 'OVERLAP', message: '  Overlaps\u0000 with\nAPP-1  ' })).toEqual({
      code: 'OVERLAP',
      message: 'Overlaps  with APP-1',
    });
  });

  it('should give no reason without a body, with an empty or huge message, or an odd code', () => {
    expect(apiReasonOf(409, undefined)).toBeUndefined();
    expect(apiReasonOf(409, { code: 'OVERLAP', message: ' \u0007 ' })).toBeUndefined();
    expect(apiReasonOf(409, { code: 'OVERLAP', message: 'x'.repeat(5000) })).toBeUndefined();
    expect(apiReasonOf(409, { code: 'apiErrors.x', message: 'Overlap' })).toBeUndefined();
  });
});

describe('apiReasonText', () => {
  const known: Record<string, string> = { 'apiErrors.UNDER_REVIEW': 'Een wijziging wordt beoordeeld.' };
  const t = (keys: string[], options: { defaultValue: string }) =>
    keys.map((key) => known[key]).find((text) => text !== undefined) ?? options.defaultValue;

  it("should use the portal's words for a code it knows", () => {
    expect(apiReasonText(t, underReview)).toBe('Een wijziging wordt beoordeeld.');
  });

  it('should make an alert message identified by the code, its text never read as a key', () => {
    expect(apiReasonMessage(t, { code: 'OVERLAP', message: 'Overlaps with: APP-1.' })).toEqual({
      code: 'OVERLAP',
      context: { defaultValue: 'Overlaps with: APP-1.' },
    });
  });

  it("should use the api's words for a code it does not know", () => {
    expect(apiReasonText(t, { code: 'SOMETHING_NEW', message: 'A new rule refused it.' })).toBe(
      'A new rule refused it.',
    );
  });
});

describe('readApiReason', () => {
  let fetchMock: FetchMock | undefined;
  afterEach(() => fetchMock?.restore());

  it('should read the reason of a refused call', async () => {
    fetchMock = mockFetch(() => jsonResponse(underReview, 409));
    const error: unknown = await http.post('api/en/policies/P/terminate', { json: {} }).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    await expect(readApiReason(error)).resolves.toEqual(underReview);
  });

  it("should read the reason of another release's HTTPError, as a remote reads the host's errors", async () => {
    // Not ky's class of this copy: the host's http of an older release made it.
    class HTTPError extends Error {
      override name = 'HTTPError';
      constructor(readonly response: Response) {
        super('Request failed with status code 409');
      }
    }
    const error = new HTTPError(jsonResponse(underReview, 409));
    await expect(readApiReason(error)).resolves.toEqual(underReview);
    const named = Object.assign(new Error('x'), { name: 'HTTPError', response: 'not a response' });
    await expect(readApiReason(named)).resolves.toBeUndefined();
  });

  it('should give no reason for an error that is not an answer', async () => {
    await expect(readApiReason(new TypeError('Failed to fetch'))).resolves.toBeUndefined();
  });
});
