import { downloadDocument } from '@portal/shared';
import type { Policy } from '@portal/contract/domain';

/**
 * The documents of a policy the api makes on request (and so always up to date): the certificate,
 * the insurance card, and the conditions as they were at the start of the policy or as they are now.
 */
export type PolicyDocumentKind = 'certificate' | 'icscard' | 'conditions' | 'latestConditions';

const PATHS: Record<PolicyDocumentKind, string> = {
  certificate: 'certificate',
  icscard: 'icscard',
  conditions: 'conditions',
  latestConditions: 'conditions?latest=true',
};

const FALLBACK_NAMES: Record<PolicyDocumentKind, string> = {
  certificate: 'certificate',
  icscard: 'icscard',
  conditions: 'conditions',
  latestConditions: 'conditions-latest',
};

/**
 * `GET /api/en/policies/{id}/{kind}` (`/conditions?latest=true` for the latest conditions), saved
 * under the name the api gives, else `{kind}-{number}.pdf`. 30 s timeout (docs/requirements.md §7).
 */
export function downloadPolicyDocument(
  policy: Pick<Policy, 'id' | 'number'>,
  kind: PolicyDocumentKind,
): Promise<string> {
  return downloadDocument(
    `api/en/policies/${encodeURIComponent(policy.id)}/${PATHS[kind]}`,
    `${FALLBACK_NAMES[kind]}-${policy.number}.pdf`,
  );
}
