import { DOCUMENT_TIMEOUT_MS, fileNameFromDisposition, http, saveFile } from '@portal/shared';
import { hasCover } from '@portal/contract/domain';
import type { Policy } from '@portal/contract/domain';
import type { ProofRequest } from '@portal/contract/wire';

/** The languages a proof-of-cover letter is written in. */
export const PROOF_LANGUAGES = ['en', 'nl'] as const satisfies readonly ProofRequest['language'][];
export type ProofLanguage = (typeof PROOF_LANGUAGES)[number];

/** What a made letter gives the page: the file it saved and the verification code printed on it. */
export type CreatedProof = { fileName: string; code: string | null };

/**
 * Whether a policy's card offers a proof of cover: the api makes letters only for cover that is in
 * force or starts later (ACTIVE, NOT_ACTIVE) and has not ended (the shared rule `hasCover`).
 */
export function canProveCover(policy: Pick<Policy, 'status' | 'endDate'>, today: Date = new Date()): boolean {
  return hasCover(policy, today);
}

/**
 * `POST /api/en/policies/{id}/proof`: the api makes the letter, which is saved as a download at once.
 * Rejects like `http` (a 409 `NO_COVER` when the policy gives no cover any more).
 */
export async function createProof(
  policy: Pick<Policy, 'id' | 'number'>,
  language: ProofLanguage,
): Promise<CreatedProof> {
  const body: ProofRequest = { language };
  const response = await http.post(`api/en/policies/${encodeURIComponent(policy.id)}/proof`, {
    json: body,
    timeout: DOCUMENT_TIMEOUT_MS,
    // The body is a PDF; JSON stays acceptable for the error body.
    headers: { Accept: 'application/pdf, application/json' },
  });
  const blob = await response.blob();
  const fileName =
    fileNameFromDisposition(response.headers.get('Content-Disposition')) ??
    `proof-of-cover-${policy.number}-${language}.pdf`;
  saveFile(blob, fileName);
  return { fileName, code: response.headers.get('X-Verification-Code') };
}
