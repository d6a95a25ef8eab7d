import { useCallback, useState } from 'react';
import { errorStatus, http, readApiError } from '@portal/shared';
import { apiReasonOf } from '@portal/shared/api-reason';
import type { ApiReason } from '@portal/shared/api-reason';
import type { AddPeriodRequest, FieldError } from '@portal/contract/wire';
import { parseJson } from '@portal/shared/get-json';
import { applicationResponseWireSchema } from '@portal/contract/wire';

/** `POST /api/en/policies/{id}/addperiod`: 201 with the application number of the renewal. */
export async function addPeriod(body: AddPeriodRequest): Promise<string> {
  const path = `api/en/policies/${encodeURIComponent(body.id)}/addperiod`;
  const answer: unknown = await http.post(path, { json: body }).json();
  return parseJson(path, applicationResponseWireSchema, answer).applicationNumber;
}

/** The policy or request the new period overlaps (409 `OVERLAP`), dates in wire format. */
export type Overlap = { policyNumber: string; startDate: string; endDate: string };

/** How a renewal ended: sent, overlapping, refused fields, or failed otherwise. */
export type AddPeriodResult =
  | { outcome: 'sent'; applicationNumber: string }
  | { outcome: 'overlap'; overlap: Overlap }
  | { outcome: 'invalid'; fields: FieldError[] }
  | { outcome: 'failed'; reason?: ApiReason };

/** Sends a renewal and sorts the answer into what the pages show. */
export async function submitRenewal(body: AddPeriodRequest): Promise<AddPeriodResult> {
  try {
    return { outcome: 'sent', applicationNumber: await addPeriod(body) };
  } catch (error) {
    const status = errorStatus(error);
    const answer = await readApiError(error);
    if (status === 409 && answer?.code === 'OVERLAP') {
      return {
        outcome: 'overlap',
        overlap: {
          policyNumber: answer.policyNumber ?? '',
          startDate: answer.startDate ?? '',
          endDate: answer.endDate ?? '',
        },
      };
    }
    if (status === 400 && answer?.fields?.length) return { outcome: 'invalid', fields: answer.fields };
    const reason = apiReasonOf(status, answer);
    return reason ? { outcome: 'failed', reason } : { outcome: 'failed' };
  }
}

/** Sends the renewal, with `sending` true meanwhile. */
export function useSubmitRenewal() {
  const [sending, setSending] = useState(false);
  const submit = useCallback(async (body: AddPeriodRequest) => {
    setSending(true);
    try {
      return await submitRenewal(body);
    } finally {
      setSending(false);
    }
  }, []);
  return { sending, submit };
}
