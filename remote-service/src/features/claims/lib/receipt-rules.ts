import {
  CLAIM_MAX_RECEIPTS,
  CLAIM_MAX_RECEIPT_BYTES,
  RECEIPT_SIGNATURE_LENGTH,
  sniffReceiptType,
} from '@portal/contract/validation';
import type { ValidationCode } from '@portal/contract/validation';

import { prepareUploads } from './resumable-receipts';
import { shrinkPhoto } from './shrink-photo';

/** A file that was not added, and why. */
export type RefusedReceipt = { name: string; code: ValidationCode };

async function headOf(file: Blob): Promise<Uint8Array> {
  const head = file.slice(0, RECEIPT_SIGNATURE_LENGTH);
  // FileReader where Blob.arrayBuffer is missing (older engines).
  if (typeof head.arrayBuffer === 'function') return new Uint8Array(await head.arrayBuffer());
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsArrayBuffer(head);
  });
}

/**
 * Checks files the student adds to `current`, with the api's rules: at most 5 in all, 10 MB each,
 * PDF, JPEG or PNG by their first bytes (a renamed file is refused here already). A photo larger than
 * 1 MB is made smaller first (shrink-photo.ts), so a 12 MB photo can still be added. Returns
 * the files to add (smaller photos in place of the chosen ones) and those refused, each with its own
 * reason.
 */
export async function checkReceipts(
  current: readonly File[],
  added: readonly File[],
): Promise<{ accepted: File[]; refused: RefusedReceipt[] }> {
  const accepted: File[] = [];
  const refused: RefusedReceipt[] = [];
  for (const file of added) {
    if (current.length + accepted.length >= CLAIM_MAX_RECEIPTS) {
      refused.push({ name: file.name, code: 'validation.files.tooMany' });
      continue;
    }
    const type = sniffReceiptType(await headOf(file).catch(() => new Uint8Array()));
    const sent = type ? await shrinkPhoto(file, type) : file;
    if (sent.size > CLAIM_MAX_RECEIPT_BYTES) {
      refused.push({ name: file.name, code: 'validation.files.size' });
    } else if (!type) {
      refused.push({ name: file.name, code: 'validation.files.type' });
    } else {
      accepted.push(sent);
    }
  }
  // A receipt to send: its code is fetched now, while she fills in the rest, not when she sends.
  if (accepted.length > 0) prepareUploads();
  return { accepted, refused };
}

/** A file size for people: `850 KB`, `1.2 MB` (in the locale's number format). */
export function formatFileSize(bytes: number, locale: string): string {
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(locale, { maximumFractionDigits: digits }).format(value);
  if (bytes < 1024) return `${number(bytes, 0)} B`;
  if (bytes < 1024 * 1024) return `${number(bytes / 1024, 0)} KB`;
  return `${number(bytes / (1024 * 1024), 1)} MB`;
}
