import { randomBytes } from 'node:crypto';
import type { MultipartFile } from '@fastify/multipart';
import { RECEIPT_SIGNATURE_LENGTH, sniffReceiptType } from '@portal/contract/validation';
import type { Db } from '../../db/db.js';
import * as store from './store.js';

// A receipt as a file: its id, its name, its type read from its bytes, and its bytes stored in chunks as a
// form's upload streams in.

/** Receipts are written to the database in chunks of this size as the upload streams in. */
export const RECEIPT_CHUNK_BYTES = 256 * 1024;

/** A receipt's id; anything else is never looked up. */
export const RECEIPT_ID = /^RCT-[0-9A-F]{16}$/;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/** A receipt as it came in: stored under `id`, its type read from its first bytes (null: none we accept). */
export interface UploadedReceipt {
  id: string;
  type: string | null;
  size: number;
}

/**
 * A file name safe to store and to send back in Content-Disposition: no folders, no control
 * characters, no broken surrogates, at most 200 characters.
 */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  const clean = base.replace(LONE_SURROGATE, '').replace(CONTROL_CHARACTERS, '').trim().slice(0, 200);
  return clean === '' ? 'receipt' : clean;
}

/** The extensions of each receipt type; the first is the one a name gets. */
const RECEIPT_EXTENSIONS: Record<string, readonly string[]> = {
  'application/pdf': ['pdf'],
  'image/jpeg': ['jpg', 'jpeg'],
  'image/png': ['png'],
};

/**
 * A receipt's name with the extension of the type read from its bytes: a PDF named `page.html` is
 * `page.pdf`, so that no system opens it by the name the uploader chose. A name that already ends in
 * one of the type's extensions stays as it is.
 */
export function receiptName(name: string, type: string): string {
  const extensions = RECEIPT_EXTENSIONS[type];
  if (!extensions) return name;
  const dot = name.lastIndexOf('.');
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
  if (extensions.includes(extension)) return name;
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${base.slice(0, 195)}.${extensions[0]}`;
}

/** The Content-Disposition of a receipt's download: an attachment, its name in ASCII and in UTF-8. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._ -]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Stores one uploaded file as it arrives, in chunks of {@link RECEIPT_CHUNK_BYTES}. Its type comes from
 * its first bytes; a file of any other type is read to the end (the request must be consumed) but not
 * kept. A file over the size limit makes the stream throw 413.
 */
export async function storeReceipt(
  db: Db,
  profileId: string | null,
  position: number,
  part: MultipartFile,
  uploaded: UploadedReceipt[],
): Promise<void> {
  const receipt: UploadedReceipt = {
    id: `RCT-${randomBytes(8).toString('hex').toUpperCase()}`,
    type: null,
    size: 0,
  };
  await store.insertReceipt(db, { id: receipt.id, profileId, position, name: cleanFileName(part.filename) });
  // Registered before the first chunk, so a failure half-way still deletes what was written.
  uploaded.push(receipt);
  let head = Buffer.alloc(0);
  let sniffed = false;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let seq = 0;
  // Writes whole chunks of RECEIPT_CHUNK_BYTES while there are, and the rest at the end (`last`).
  const flush = async (last: boolean) => {
    while (pendingBytes >= RECEIPT_CHUNK_BYTES || (last && pendingBytes > 0)) {
      const all = Buffer.concat(pending);
      const data = all.subarray(0, RECEIPT_CHUNK_BYTES);
      await store.insertReceiptChunk(db, receipt.id, seq, data);
      seq += 1;
      const rest = all.subarray(data.length);
      pending = rest.length > 0 ? [rest] : [];
      pendingBytes = rest.length;
    }
  };
  for await (const data of part.file) {
    const chunk = data as Buffer;
    receipt.size += chunk.length;
    if (!sniffed) {
      head = Buffer.concat([head, chunk.subarray(0, RECEIPT_SIGNATURE_LENGTH)]);
      if (head.length < RECEIPT_SIGNATURE_LENGTH) {
        pending.push(chunk);
        pendingBytes += chunk.length;
        continue;
      }
      sniffed = true;
      receipt.type = sniffReceiptType(head);
    }
    if (!receipt.type) continue;
    pending.push(chunk);
    pendingBytes += chunk.length;
    if (pendingBytes >= RECEIPT_CHUNK_BYTES) await flush(false);
  }
  if (!sniffed) receipt.type = sniffReceiptType(head);
  if (!receipt.type) return;
  await flush(true);
  await store.completeReceipt(db, {
    id: receipt.id,
    type: receipt.type,
    size: receipt.size,
    name: receiptName(cleanFileName(part.filename), receipt.type),
  });
}
