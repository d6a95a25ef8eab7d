/** @jest-environment jest-fixed-jsdom */
import { MalformedResponseError } from '@portal/shared/get-json';
import { jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';
import type { RawPolicy } from '@portal/contract/wire';

import { getPolicies, toPolicyEntry } from './get-policies';

const policy: RawPolicy = {
  policyId: 'pol-1',
  applicationNumber: 'APP-1',
  insuranceType: 'STAY',
  coverage: 'Basic',
  destination: 'DE',
  startDate: '2026-02-01',
  endDate: '2027-01-31',
  birthDate: '2001-05-04',
  cancelledFromStart: 'false',
  status: 'UNDER_REVIEW_NEW',
  editable: 'false',
  renewable: 'false',
  individual: 'true',
  customerType: 'INSTITUTE',
  totalAmount: 0,
  paymentTerm: 'AT_ONCE',
  paymentMethod: 'DIRECT_DEBIT',
  documents: [{ id: 'doc-1', name: 'Conditions' }],
};

let fetchMock: FetchMock | undefined;
afterEach(() => fetchMock?.restore());

describe('toPolicyEntry', () => {
  it('should map a policy that matches the contract', () => {
    const entry = toPolicyEntry(policy, 0);
    expect(entry).toMatchObject({
      ok: true,
      policy: { id: 'pol-1', number: 'APP-1', insuranceType: 'stay' },
    });
  });

  it('should drop fields the contract does not know', () => {
    const entry = toPolicyEntry({ ...policy, internalNote: 'x' }, 0);
    expect(entry.ok).toBe(true);
  });

  it.each([
    ['an unknown status', { ...policy, status: 'PENDING' }, 'unrecognizedStatus'],
    ['a missing status', { ...policy, status: undefined }, 'unrecognizedStatus'],
    ['an unknown insurance type', { ...policy, insuranceType: 'PET' }, 'invalid'],
    ['a date that is not a date', { ...policy, startDate: '01/02/2026' }, 'invalid'],
    ['a boolean instead of "true"/"false"', { ...policy, editable: true }, 'invalid'],
    ['a missing document list', { ...policy, documents: undefined }, 'invalid'],
  ])('should report %s without throwing', (_case, raw, problem) => {
    expect(toPolicyEntry(raw, 3)).toEqual({ ok: false, key: 'unreadable-3-pol-1', number: 'APP-1', problem });
  });

  it('should report something that is not a policy at all', () => {
    expect(toPolicyEntry('nonsense', 1)).toEqual({
      ok: false,
      key: 'unreadable-1-',
      number: undefined,
      problem: 'invalid',
    });
  });
});

describe('getPolicies', () => {
  it('should ask for the policies of the profile and map each one', async () => {
    fetchMock = mockFetch(() => jsonResponse([policy, { ...policy, policyId: 'pol-2', status: 'X' }]));
    const entries = await getPolicies('p 1');
    expect(new URL(fetchMock.requests[0]?.url ?? '').pathname).toBe('/api/en/profiles/p%201/policies');
    expect(entries.map((entry) => entry.ok)).toEqual([true, false]);
  });

  it.each([
    ['an object', { policies: [] }],
    ['null', null],
    ['a string', 'policies'],
  ])('should reject %s as body with a clear error', async (_case, body) => {
    fetchMock = mockFetch(() => jsonResponse(body));
    const failure = getPolicies('p-1');
    await expect(failure).rejects.toBeInstanceOf(MalformedResponseError);
    await expect(failure).rejects.toThrow(
      'The response of api/en/profiles/p-1/policies does not match the contract',
    );
  });
});
