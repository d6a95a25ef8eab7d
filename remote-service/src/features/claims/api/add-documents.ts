import { postWithProgress } from '@portal/shared';

import { UPLOADED_RECEIPT_FIELD, forgetGoneUploads, uploadClaimReceipts } from './submit-claim';
import type { SendEvents } from './submit-claim';

/** The multipart body of `POST /api/en/claims/{claimNumber}/documents`: the ids of the uploaded files. */
export function documentsFormData(uploadedReceipts: readonly string[]): FormData {
  const body = new FormData();
  for (const id of uploadedReceipts) body.append(UPLOADED_RECEIPT_FIELD, id);
  return body;
}

/**
 * "We need more documents": uploads the files the claims handler asked for as the claim form does
 * (resumable, showing what has arrived, waiting while the connection is lost), then adds them to the
 * claim, which is in review again. Rejects like the claim form's send (see `claimFailureOf`).
 */
export async function addClaimDocuments(
  claimNumber: string,
  files: readonly File[],
  events: SendEvents = {},
): Promise<string> {
  const ids = await uploadClaimReceipts(files, events);
  try {
    await postWithProgress(
      `api/en/claims/${encodeURIComponent(claimNumber)}/documents`,
      documentsFormData(ids),
    );
  } catch (error) {
    await forgetGoneUploads(error, files);
    throw error;
  }
  return claimNumber;
}
