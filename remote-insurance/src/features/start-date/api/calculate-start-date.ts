import * as v from 'valibot';
import { http } from '@portal/shared';
import type { CalculateRequest, CalculateResponse } from '@portal/contract/wire';
import { parseJson } from '@portal/shared/get-json';
import { calculateResponseWireSchema } from '@portal/contract/wire';

/** The answer of `calculate`: `days` negative means fewer covered days (docs/contract.md). */
export const calculationSchema = v.object({
  ...calculateResponseWireSchema.entries,
  // The direction says which way the money goes: the amount itself is never negative.
  amount: v.pipe(v.number(), v.finite(), v.minValue(0)),
});

/** `POST /api/en/policies/{id}/calculate` with kind STARTDATE; `startDate` is a wire date. */
export async function calculateStartDate(policyId: string, startDate: string): Promise<CalculateResponse> {
  const path = `api/en/policies/${encodeURIComponent(policyId)}/calculate`;
  const body: unknown = await http
    .post(path, { json: { id: policyId, kind: 'STARTDATE', startDate } satisfies CalculateRequest })
    .json();
  // The schema is the wire contract: its output must stay a CalculateResponse.
  const result: CalculateResponse = parseJson(path, calculationSchema, body);
  return result;
}
