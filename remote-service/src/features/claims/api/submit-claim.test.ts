/** @jest-environment jest-fixed-jsdom */
import { File as NodeFile } from 'node:buffer';
import { HTTPError } from '@portal/shared';
import * as v from 'valibot';

import { claimFailureOf, claimFormData, claimFormSchema } from './submit-claim';

const policies = [{ policyNumber: 'TR-2026-100101', startDate: '2026-01-01', endDate: '2026-12-31' }];
const today = new Date(2026, 5, 15);
const typed = {
  policyNumber: 'TR-2026-100101',
  category: 'CLAIMS',
  incidentDate: '10/06/2026',
  description: 'Doctor visit',
  amount: '125,50',
  iban: 'NL91 ABNA 0417 1643 00',
};
const httpError = (status: number, body: unknown) =>
  new HTTPError(
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    new Request('http://localhost/api/en/claims', { method: 'POST' }),
    {} as never,
  );

describe('claim form rules', () => {
  const codes = (input: Record<string, string>) => {
    const result = v.safeParse(claimFormSchema(policies, today), input);
    return result.success ? [] : result.issues.map((issue) => issue.message);
  };

  it('should accept a claim typed as the form shows it', () => {
    expect(codes(typed)).toEqual([]);
  });

  it('should check each rule with its own message', () => {
    expect(codes({ ...typed, incidentDate: '16/06/2026' })).toEqual(['validation.date.notFuture']);
    expect(codes({ ...typed, incidentDate: '31/12/2025' })).toEqual([
      'validation.incidentDate.outsidePolicy',
    ]);
    expect(codes({ ...typed, amount: '0' })).toEqual(['validation.amount.positive']);
    expect(codes({ ...typed, amount: '60000' })).toEqual(['validation.amount.max']);
    expect(codes({ ...typed, amount: '1,234' })).toEqual(['validation.amount']);
    expect(codes({ ...typed, iban: 'GB82WEST12345698765432' })).toEqual(['validation.iban.uk']);
    expect(codes({ ...typed, policyNumber: 'HE-2026-100301' })).toEqual(['validation.option']);
    expect(codes({ ...typed, description: '' })).toEqual(['validation.required']);
  });
});

describe('claimFormData', () => {
  it('should send the date as YYYY-MM-DD and every receipt under receipts', () => {
    const output = v.parse(claimFormSchema(policies, today), typed);
    // The platform's File: the test environment's FormData takes no other.
    const receipts = [
      new NodeFile(['%PDF-'], 'a.pdf'),
      new NodeFile(['%PDF-'], 'b.pdf'),
    ] as unknown as File[];
    const body = claimFormData(output, receipts);
    expect(body.get('incidentDate')).toBe('2026-06-10');
    expect(body.get('amount')).toBe('125,50');
    expect(body.get('category')).toBe('CLAIMS');
    expect(body.getAll('receipts').map((receipt) => (receipt as File).name)).toEqual(['a.pdf', 'b.pdf']);
  });
});

describe('claimFailureOf', () => {
  it('should tell each answer apart', async () => {
    expect(await claimFailureOf(new TypeError('Failed to fetch'))).toEqual({ kind: 'network' });
    expect(await claimFailureOf(httpError(413, { code: 'PAYLOAD_TOO_LARGE', message: 'x' }))).toEqual({
      kind: 'tooLarge',
    });
    const fields = [{ field: 'iban', code: 'validation.iban.uk' }];
    expect(await claimFailureOf(httpError(400, { code: 'VALIDATION_FAILED', message: 'x', fields }))).toEqual(
      {
        kind: 'invalid',
        fields,
      },
    );
    expect(
      await claimFailureOf(httpError(500, { code: 'INTERNAL_ERROR', message: 'x', incidentId: 'inc-1' })),
    ).toEqual({ kind: 'server', incidentId: 'inc-1' });
    expect(await claimFailureOf(httpError(401, { code: 'UNAUTHENTICATED', message: 'x' }))).toEqual({
      kind: 'unauthorized',
    });
    // A refusal with the api's reason keeps it, to be shown in its words instead of "could not be sent".
    const limit = 'Too many attempts. Please try again in 3 minutes.';
    expect(await claimFailureOf(httpError(429, { code: 'RATE_LIMITED', message: limit }))).toEqual({
      kind: 'refused',
      reason: { code: 'RATE_LIMITED', message: limit },
    });
    expect(await claimFailureOf(httpError(403, { code: 'XSRF_INVALID', message: ' ' }))).toEqual({
      kind: 'other',
    });
  });
});
