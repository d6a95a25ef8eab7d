import { jsonResponse } from '@portal/testing';
import type { RawPolicy } from '@portal/contract/wire';

import { toFormDate, toWireDate } from '@portal/contract/validation';

function daysFromToday(n: number): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() + n);
}

/** A wire date `n` days from today. */
export function day(n: number): string {
  return toWireDate(daysFromToday(n));
}

/** A form date (dd/mm/yyyy) `n` days from today. */
export function formDay(n: number): string {
  return toFormDate(daysFromToday(n));
}

/** A policy of anna's kind: individual, editable, starting in 10 days, with a Dutch address. */
export function rawPolicy(overrides: Partial<RawPolicy> = {}): RawPolicy {
  return {
    policyId: 'POL-1',
    policyNumber: 'ST-2026-1',
    insuranceType: 'STAY',
    coverage: 'Stay Essential',
    destination: 'NL',
    startDate: day(10),
    endDate: day(374),
    birthDate: '2003-04-12',
    cancelledFromStart: 'false',
    status: 'NOT_ACTIVE',
    editable: 'true',
    renewable: 'false',
    individual: 'true',
    customerType: 'INDIVIDUAL',
    destinationAddress: {
      postalCode: '1012AB',
      houseNumber: '1',
      street: 'Dam',
      city: 'Amsterdam',
      country: 'NL',
    },
    totalAmount: 360,
    paymentTerm: 'QUARTERLY',
    paymentMethod: 'BANK_TRANSFER',
    documents: [],
    ...overrides,
  };
}

/** The api's answer to `GET /api/en/profiles/{id}/policies`, or null for another call. */
export function policiesAnswer(request: Request, policies: RawPolicy[]): Response | null {
  return /\/api\/en\/profiles\/[^/]+\/policies$/.test(new URL(request.url).pathname)
    ? jsonResponse(policies)
    : null;
}

/** The requests sent to `path` so far. */
export function requestsTo(requests: readonly Request[], path: string): Request[] {
  return requests.filter((request) => new URL(request.url).pathname === path);
}
