import { downloadDocument } from '@portal/shared';
import type { PolicyDocument } from '@portal/contract/wire';

/**
 * `GET /api/en/documents/{id}`: one of the documents the policy lists by name, saved under the name
 * the api gives, else the document's own name. 30 s timeout (docs/requirements.md §7).
 */
export function downloadNamedDocument(document: PolicyDocument): Promise<string> {
  const fallback = `${document.name.trim().replace(/[^\p{L}\p{N}._-]+/gu, '-') || 'document'}.pdf`;
  return downloadDocument(`api/en/documents/${encodeURIComponent(document.id)}`, fallback);
}
