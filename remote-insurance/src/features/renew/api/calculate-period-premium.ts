import { useEffect, useState } from 'react';
import { http } from '@portal/shared';
import type { CalculateRequest, CalculateResponse, PaymentTerm } from '@portal/contract/wire';
import { parseJson } from '@portal/shared/get-json';
import { calculateResponseWireSchema } from '@portal/contract/wire';

/** `POST /api/en/policies/{id}/calculate` with kind ADDPERIOD: the premium of the additional period. */
export async function calculatePeriodPremium(
  policyId: string,
  input: { endDate: string; paymentTerm: PaymentTerm },
  signal?: AbortSignal,
): Promise<CalculateResponse> {
  const body: CalculateRequest = { id: policyId, kind: 'ADDPERIOD', ...input };
  const path = `api/en/policies/${encodeURIComponent(policyId)}/calculate`;
  const answer: unknown = await http.post(path, { json: body, signal }).json();
  return parseJson(path, calculateResponseWireSchema, answer);
}

/** Wait after the last keystroke before asking for a premium. */
export const PREMIUM_DEBOUNCE_MS = 400;

export type PeriodPremium =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'done'; amount: number; days: number };

/**
 * The premium of the additional period for a valid end date (wire format) and payment term, asked
 * again as either changes, once the student stops typing; `idle` while there is nothing to ask.
 * An older answer never overwrites a newer question: each question aborts the one before.
 */
export function usePeriodPremium(
  policyId: string,
  endDate: string | null,
  paymentTerm: PaymentTerm | null,
): PeriodPremium {
  const [premium, setPremium] = useState<{ key: string; value: PeriodPremium } | null>(null);
  const key = endDate && paymentTerm ? `${endDate}|${paymentTerm}` : null;

  useEffect(() => {
    if (!endDate || !paymentTerm) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      calculatePeriodPremium(policyId, { endDate, paymentTerm }, controller.signal).then(
        (answer) => setPremium({ key: `${endDate}|${paymentTerm}`, value: { status: 'done', ...answer } }),
        () => {
          if (!controller.signal.aborted)
            setPremium({ key: `${endDate}|${paymentTerm}`, value: { status: 'failed' } });
        },
      );
    }, PREMIUM_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [policyId, endDate, paymentTerm]);

  if (!key) return { status: 'idle' };
  return premium?.key === key ? premium.value : { status: 'loading' };
}
