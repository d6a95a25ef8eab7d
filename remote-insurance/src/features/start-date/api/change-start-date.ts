import { http } from '@portal/shared';
import type { ChangeStartDateRequest } from '@portal/contract/wire';

/** `POST /api/en/policies/{id}/changestartdate`; `startDate` is a wire date. 422 names the failed rule. */
export async function changeStartDate(policyId: string, startDate: string): Promise<void> {
  await http.post(`api/en/policies/${encodeURIComponent(policyId)}/changestartdate`, {
    json: { id: policyId, startDate } satisfies ChangeStartDateRequest,
  });
}
