import { http } from './http';

/** docs/requirements.md §9: document downloads give up after 30 s. */
export const DOCUMENT_TIMEOUT_MS = 30000;

/**
 * The file name of a `Content-Disposition` header: `filename*` (RFC 5987, UTF-8) wins over
 * `filename`; `undefined` when neither is there.
 */
export function fileNameFromDisposition(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim().replace(/^"|"$/g, ''));
    } catch {
      // Fall through to the plain filename parameter.
    }
  }
  const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;]+)/i.exec(header);
  if (!plain) return undefined;
  const name = (plain[2] ?? plain[1] ?? '').replace(/\\(.)/g, '$1').trim();
  return name || undefined;
}

/**
 * Downloads a document (certificate, insurance card, conditions, …) and saves it under the name
 * the server gives, else `fallbackName`. Resolves with the name used; rejects like {@link http}.
 *
 * @param path - relative to the origin without a leading slash, e.g. `api/en/documents/42`.
 */
export async function downloadDocument(path: string, fallbackName = 'document.pdf'): Promise<string> {
  const response = await http.get(path, {
    timeout: DOCUMENT_TIMEOUT_MS,
    // The body is a PDF; JSON stays acceptable for the error body.
    headers: { Accept: 'application/pdf, application/octet-stream, application/json' },
  });
  const blob = await response.blob();
  const fileName = fileNameFromDisposition(response.headers.get('Content-Disposition')) ?? fallbackName;
  saveFile(blob, fileName);
  return fileName;
}

/**
 * Hands a file the page received to the browser as a download named `fileName` (a document made by a
 * POST, e.g. a proof-of-cover letter, cannot go through {@link downloadDocument}).
 */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoke on the next tick: some browsers start reading the URL only after click() returns.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
