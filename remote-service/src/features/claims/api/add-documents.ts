import { postWithProgress } from '@portal/shared';

/** The multipart body of `POST /api/en/claims/{claimNumber}/documents`: the files only. */
export function documentsFormData(files: readonly File[]): FormData {
  const body = new FormData();
  for (const file of files) body.append('receipts', file, file.name);
  return body;
}

/**
 * "We need more documents": sends the files the claims handler asked for, with the upload's progress.
 * The claim is then in review again. Rejects like the claim form's send (see `claimFailureOf`).
 */
export async function addClaimDocuments(
  claimNumber: string,
  files: readonly File[],
  onProgress?: (fraction: number) => void,
): Promise<string> {
  await postWithProgress(
    `api/en/claims/${encodeURIComponent(claimNumber)}/documents`,
    documentsFormData(files),
    {
      onProgress: ({ loaded, total }) => onProgress?.(total > 0 ? loaded / total : 0),
    },
  );
  return claimNumber;
}
