import * as v from 'valibot';
import { http } from '@portal/shared';
import type { CalculateRequest, CalculateResponse } from '@portal/shared/wire';

/** The answer of `calculate`: `days` negative means fewer covered days (docs/contract.md). */
export const calculationSchema = v.object({
  days: v.pipe(v.number(), v.integer()),
  amount: v.pipe(v.number(), v.finite(), v.minValue(0)),
  direction: v.picklist(['BILL', 'REFUND']),
});

/** `POST /api/en/policies/{id}/calculate` with kind STARTDATE; `startDate` is a wire date. */
export async function calculateStartDate(policyId: string, startDate: string): Promise<CalculateResponse> {
  const body: unknown = await http
    .post(`api/en/policies/${encodeURIComponent(policyId)}/calculate`, {
      json: { id: policyId, kind: 'STARTDATE', startDate } satisfies CalculateRequest,
    })
    .json();
  // The schema is the wire contract: its output must stay a CalculateResponse.
  const result: CalculateResponse = v.parse(calculationSchema, body);
  return result;
}
