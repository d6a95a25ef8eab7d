import { downloadDocument } from '@portal/shared';
import type { Policy } from '@portal/shared/domain';

/** The documents of a policy the api makes on request (and so always up to date). */
export type PolicyDocumentKind = 'certificate' | 'icscard' | 'conditions';

/** `GET /api/en/policies/{id}/{kind}`, saved as `{kind}-{number}.pdf` unless the api names it. */
export function downloadPolicyDocument(
  policy: Pick<Policy, 'id' | 'number'>,
  kind: PolicyDocumentKind,
): Promise<string> {
  return downloadDocument(
    `api/en/policies/${encodeURIComponent(policy.id)}/${kind}`,
    `${kind}-${policy.number}.pdf`,
  );
}
