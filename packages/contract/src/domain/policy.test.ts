import type { RawPolicy } from '../wire';
import { displayStatus, mapPolicy, PolicyStatus } from './policy';

function rawPolicy(overrides: Partial<RawPolicy> = {}): RawPolicy {
  return {
    policyId: 'POL-1',
    policyNumber: 'N-100',
    insuranceType: 'TRAVEL',
    coverage: 'Worldwide',
    destination: 'NL',
    startDate: '2026-09-01',
    endDate: '2027-08-31',
    birthDate: '2001-02-03',
    cancelledFromStart: 'false',
    status: 'ACTIVE',
    editable: 'true',
    renewable: 'false',
    individual: 'true',
    customerType: 'INDIVIDUAL',
    totalAmount: 412.5,
    paymentTerm: 'MONTHLY',
    paymentMethod: 'DIRECT_DEBIT',
    documents: [{ id: 'D-1', name: 'Certificate' }],
    ...overrides,
  } as RawPolicy;
}

describe('mapPolicy', () => {
  it('should map the fields of docs/requirements.md §3', () => {
    expect(
      mapPolicy(rawPolicy({ educationalInstitution: { name: 'TU Delft' }, faculty: 'EEMCS', study: 'CS' })),
    ).toEqual({
      id: 'POL-1',
      number: 'N-100',
      editable: true,
      renewable: false,
      individual: true,
      cancelledFromStart: false,
      insuranceType: 'travel',
      coverage: 'Worldwide',
      destination: 'NL',
      startDate: '2026-09-01',
      endDate: '2027-08-31',
      birthDate: '2001-02-03',
      premium: 412.5,
      paymentTerm: 'MONTHLY',
      paymentMethod: 'DIRECT_DEBIT',
      state: 0,
      status: 'ACTIVE',
      customerType: 'INDIVIDUAL',
      educationalInstitution: { name: 'TU Delft' },
      faculty: 'EEMCS',
      study: 'CS',
      destinationAddress: undefined,
      documents: [{ id: 'D-1', name: 'Certificate' }],
      collapsed: true,
    });
  });

  it('should read booleans only from the string true', () => {
    const policy = mapPolicy(rawPolicy({ editable: 'false', renewable: 'true', individual: 'false' }));
    expect(policy).toMatchObject({ editable: false, renewable: true, individual: false });
  });

  it('should use the application number when there is no policy number', () => {
    expect(mapPolicy(rawPolicy({ policyNumber: undefined, applicationNumber: 'A-7' })).number).toBe('A-7');
  });

  it('should give an empty educational institution when absent', () => {
    expect(mapPolicy(rawPolicy()).educationalInstitution).toEqual({});
  });

  it.each([
    ['TRAVEL', 'travel'],
    ['HEALTH', 'health'],
    ['STAY', 'stay'],
  ] as const)('should map insurance type %s to %s', (raw, kind) => {
    expect(mapPolicy(rawPolicy({ insuranceType: raw })).insuranceType).toBe(kind);
  });

  it.each([
    ['ACTIVE', 0],
    ['UNDER_REVIEW', 1],
    ['NOT_ACTIVE', 2],
    ['EXPIRED', 3],
    ['CANCELLED', 4],
    ['DISAPPROVED', 5],
    ['UNDER_REVIEW_NEW', 6],
  ] as const)('should map status %s to state %i', (status, state) => {
    const policy = mapPolicy(rawPolicy({ status }));
    expect(policy.state).toBe(state);
    expect(policy.status).toBe(status);
    expect(PolicyStatus[status]).toBe(state);
  });

  it('should throw Unrecognized status for any other status', () => {
    const unknown = rawPolicy({ status: 'SUSPENDED' as RawPolicy['status'] });
    expect(() => mapPolicy(unknown)).toThrow(new Error('Unrecognized status'));
    expect(() => mapPolicy(rawPolicy({ status: 'toString' as RawPolicy['status'] }))).toThrow(
      'Unrecognized status',
    );
  });

  it('should throw for an unknown insurance type', () => {
    expect(() => mapPolicy(rawPolicy({ insuranceType: 'CAR' as RawPolicy['insuranceType'] }))).toThrow(
      'Unrecognized insurance type',
    );
  });
});

describe('displayStatus', () => {
  it('should show NOT_ACTIVE as ACTIVE and keep the others', () => {
    expect(displayStatus('NOT_ACTIVE')).toBe('ACTIVE');
    expect(displayStatus('EXPIRED')).toBe('EXPIRED');
    expect(displayStatus('UNDER_REVIEW_NEW')).toBe('UNDER_REVIEW_NEW');
  });
});
