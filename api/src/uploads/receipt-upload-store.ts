import type { Readable } from 'node:stream';
import { RECEIPT_SIGNATURE_LENGTH, sniffReceiptType } from '@portal/contract/validation';
import { DataStore, ERRORS, Upload } from '@tus/utils';
import { ApiError, errors } from '../errors.js';
import type { Db } from '../db/db.js';

/** Chunks of a resumable upload are written to the database in pieces of about this size. */
export const UPLOAD_CHUNK_BYTES = 256 * 1024;

/**
 * The metadata key the upload route puts the owner's profile id in when an upload begins; the store
 * keeps it in its own column and never hands it back as metadata.
 */
export const OWNER_METADATA_KEY = 'portal-owner';

/** The receipt's name as the student's file was called (tus metadata `filename`), kept as given. */
export const FILE_NAME_METADATA_KEY = 'filename';

interface UploadRow {
  id: string;
  upload_length: number;
  upload_offset: number;
  metadata: Record<string, string | null>;
  created_at: Date | string;
}

/**
 * An error the tus server answers with its `status_code` (the upload route turns it into the contract
 * body): the error itself travels through the tus handlers to the route.
 */
export function tusError(error: ApiError): ApiError & { status_code: number; body: string } {
  return Object.assign(error, { status_code: error.statusCode, body: error.message });
}

/** The error of a file that is not a PDF, JPEG or PNG by its first bytes: the claim form's own message. */
export const notAReceipt = () =>
  tusError(errors.validation([{ field: 'receipts', code: 'validation.files.type' }]));

/** Another request wrote to the same upload at the same time (on this replica or another one). */
const offsetConflict = () =>
  tusError(new ApiError(409, 'UPLOAD_OFFSET_MISMATCH', 'The upload offset does not match what has arrived.'));

/**
 * A tus data store that keeps receipts in PostgreSQL: the receipt's row in `claim_receipts` (with no claim
 * yet), the upload's length, offset and owner in `receipt_uploads`, and the bytes in
 * `claim_receipt_chunks` as today's receipts are. Every replica on the same database can therefore say
 * how much arrived and take the rest. A chunk and the offset move together in one transaction, and only
 * from the offset the writer started at, so two writers of the same upload can never interleave bytes.
 */
export class ReceiptUploadStore extends DataStore {
  /** Why the bytes of an upload were refused in the request now running for it, until the route reads it. */
  private readonly refusals = new Map<string, ApiError>();

  constructor(private readonly db: Db) {
    super();
    this.extensions = ['creation'];
  }

  override async create(upload: Upload): Promise<Upload> {
    const { [OWNER_METADATA_KEY]: owner, ...metadata } = upload.metadata ?? {};
    if (!owner) throw new Error('An upload began without its owner.');
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO claim_receipts (id, claim_number, profile_id, position, name, content_type, size)
         VALUES ($1, NULL, $2, 0, $3, 'application/octet-stream', 0)`,
        [upload.id, owner, metadata[FILE_NAME_METADATA_KEY] ?? 'receipt'],
      );
      await tx.query(
        'INSERT INTO receipt_uploads (id, profile_id, upload_length, metadata) VALUES ($1, $2, $3, $4)',
        [upload.id, owner, upload.size ?? 0, JSON.stringify(metadata)],
      );
    });
    upload.metadata = metadata;
    return upload;
  }

  override async getUpload(id: string): Promise<Upload> {
    const [row] = await this.db.query<UploadRow>(
      `SELECT u.id, u.upload_length, u.upload_offset, u.metadata, u.created_at FROM receipt_uploads u
       JOIN claim_receipts r ON r.id = u.id WHERE u.id = $1 AND r.claim_number IS NULL`,
      [id],
    );
    if (!row) throw ERRORS.FILE_NOT_FOUND;
    return new Upload({
      id: row.id,
      size: row.upload_length,
      offset: row.upload_offset,
      metadata: row.metadata,
      creation_date: new Date(row.created_at).toISOString(),
    });
  }

  /**
   * Stores what arrives from `offset` on and answers the new offset. A break in the request (the
   * connection lost) keeps what had arrived before it: the client asks for the offset and sends the rest.
   * The first bytes of a receipt must be those of a PDF, JPEG or PNG; anything else is refused before
   * a byte of it is stored.
   */
  override async write(stream: Readable, id: string, offset: number): Promise<number> {
    let position = offset;
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    const flush = async () => {
      if (pendingBytes === 0) return;
      const data = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      await this.db.transaction(async (tx) => {
        const [row] = await tx.query<{ seq: number }>(
          `UPDATE receipt_uploads SET upload_offset = upload_offset + $3, next_seq = next_seq + 1
           WHERE id = $1 AND upload_offset = $2 AND upload_offset + $3 <= upload_length
           RETURNING next_seq - 1 AS seq`,
          [id, position, data.length],
        );
        if (!row) throw offsetConflict();
        await tx.query('INSERT INTO claim_receipt_chunks (receipt_id, seq, data) VALUES ($1, $2, $3)', [
          id,
          row.seq,
          data,
        ]);
      });
      position += data.length;
    };
    const checkHead = () => {
      if (offset !== 0 || position > 0 || pendingBytes < RECEIPT_SIGNATURE_LENGTH) return;
      if (!sniffReceiptType(Buffer.concat(pending).subarray(0, RECEIPT_SIGNATURE_LENGTH))) {
        const refusal = notAReceipt();
        this.refusals.set(id, refusal);
        throw refusal;
      }
    };
    try {
      for await (const data of stream) {
        const chunk = data as Buffer;
        pending.push(chunk);
        pendingBytes += chunk.length;
        checkHead();
        if (pendingBytes >= UPLOAD_CHUNK_BYTES) await flush();
      }
    } catch (error) {
      // What arrived before the break is kept (unless it is no receipt at all), then the break is told.
      if (!(error instanceof ApiError)) await flush();
      throw error;
    }
    await flush();
    return position;
  }

  /** The refusal of the bytes `write` last had for upload `id`, if any; forgotten once read. */
  takeRefusal(id: string): ApiError | undefined {
    const refusal = this.refusals.get(id);
    this.refusals.delete(id);
    return refusal;
  }

  /**
   * Marks a complete upload as a receipt: its type read from its first bytes, its size and name. A file
   * whose bytes are of no accepted type is deleted and refused.
   */
  async finish(id: string, name: (type: string) => string): Promise<void> {
    const [head] = await this.db.query<{ data: Uint8Array }>(
      'SELECT data FROM claim_receipt_chunks WHERE receipt_id = $1 AND seq = 0',
      [id],
    );
    const type = head ? sniffReceiptType(Buffer.from(head.data).subarray(0, RECEIPT_SIGNATURE_LENGTH)) : null;
    if (!type) {
      await this.db.query('DELETE FROM claim_receipts WHERE id = $1 AND claim_number IS NULL', [id]);
      throw notAReceipt();
    }
    await this.db.query(
      `UPDATE claim_receipts r SET content_type = $2, size = u.upload_length, name = $3
       FROM receipt_uploads u WHERE r.id = $1 AND u.id = r.id`,
      [id, type, name(type)],
    );
    await this.db.query('UPDATE receipt_uploads SET finished_at = now() WHERE id = $1', [id]);
  }
}
