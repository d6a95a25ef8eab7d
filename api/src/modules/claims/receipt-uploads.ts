import { randomBytes } from 'node:crypto';
import { CLAIM_MAX_RECEIPT_BYTES, isPlainText } from '@portal/contract/validation';
import { Server } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { requirePrincipal } from '../../auth/session.js';
import { ApiError, errors } from '../../errors.js';
import {
  FILE_NAME_METADATA_KEY,
  OWNER_METADATA_KEY,
  ReceiptUploadStore,
  tusError,
} from '../../uploads/receipt-upload-store.js';
import { requestBodyStream } from '../../uploads/request-body.js';
import type { RouteContext } from '../../http/context.js';
import { cleanFileName, receiptName } from './receipt-files.js';
import * as claimStore from './store.js';

/** Where receipts are uploaded with the resumable upload protocol (tus 1.0.0, creation extension). */
export const RECEIPT_UPLOADS_PATH = '/api/en/receipt-uploads';

/** Uploads a student may have begun and not yet filed with a claim (younger than a day). */
export const MAX_OPEN_UPLOADS = 20;

const UPLOAD_ID = /^RCT-[0-9A-F]{16}$/;
const DIGITS = /^\d{1,15}$/;
const TUS_CONTENT_TYPE = 'application/offset+octet-stream';

/** Headers of the tus server's answer that the api does not pass on (it sets its own or needs none). */
const DROPPED_HEADERS = new Set([
  'content-length',
  'access-control-allow-origin',
  'access-control-expose-headers',
]);

type UploadParams = { Params: { id: string } };

/** The contract body of an answer the tus server gave on its own (a missing header, a wrong offset). */
function contractError(status: number): ApiError {
  switch (status) {
    case 404:
    case 410:
      return errors.notFound('Upload');
    case 409:
    case 423:
      return new ApiError(
        409,
        'UPLOAD_OFFSET_MISMATCH',
        'The upload offset does not match what has arrived.',
      );
    case 412:
      return new ApiError(412, 'TUS_RESUMABLE_REQUIRED', 'Send the Tus-Resumable: 1.0.0 header.');
    case 413:
      return new ApiError(413, 'PAYLOAD_TOO_LARGE', 'The request is too large.');
    case 415:
      return new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type.');
    default:
      return new ApiError(400, 'BAD_REQUEST', 'The upload request is invalid.');
  }
}

/**
 * Resumable receipt uploads: a student begins an upload (POST, with its length and file name), sends
 * its bytes in as many PATCH requests as her connection needs, and asks how much arrived (HEAD) after a
 * break. The protocol is @tus/server's; the bytes go to PostgreSQL (../uploads/receipt-upload-store.ts),
 * so any replica can resume what another began. Only the student who began an upload can see or
 * continue it (any other id is 404); a finished upload is filed with a claim by its id (./claims.ts).
 * Every refusal is the contract's error body, never the tus server's plain text.
 */
export async function receiptUploadRoutes(app: FastifyInstance, { db, config }: RouteContext): Promise<void> {
  const store = new ReceiptUploadStore(db);
  // The principal and the error of each request handed to the tus server, found again in its hooks.
  const owners = new WeakMap<Request, string>();
  const problems = new WeakMap<Request, unknown>();

  const tus = new Server({
    path: RECEIPT_UPLOADS_PATH,
    datastore: store,
    maxSize: CLAIM_MAX_RECEIPT_BYTES,
    relativeLocation: true,
    allowedOrigins: [],
    namingFunction: () => `RCT-${randomBytes(8).toString('hex').toUpperCase()}`,
    getFileIdFromRequest: (_request, lastPath) =>
      lastPath && UPLOAD_ID.test(lastPath) ? lastPath : undefined,
    onUploadCreate: async (request, upload) => {
      const owner = owners.get(request);
      if (!owner) throw tusError(errors.unauthenticated());
      const name = upload.metadata?.[FILE_NAME_METADATA_KEY] ?? '';
      if (!isPlainText(name)) {
        throw tusError(errors.validation([{ field: 'receipts', code: 'validation.text.invalid' }]));
      }
      return { metadata: { [FILE_NAME_METADATA_KEY]: cleanFileName(name), [OWNER_METADATA_KEY]: owner } };
    },
    onUploadFinish: async (_request, upload) => {
      const name = cleanFileName(upload.metadata?.[FILE_NAME_METADATA_KEY] ?? undefined);
      await store.finish(upload.id, (type) => receiptName(name, type));
      return {};
    },
    onResponseError: (request, error) => {
      problems.set(request, error);
      return undefined;
    },
  });

  // The bytes of a PATCH are read by the tus server as they come, never parsed by Fastify.
  app.addContentTypeParser(TUS_CONTENT_TYPE, (_request, _payload, done) => done(null));

  /** The tus server's answer to `request`, as this api's answer: its contract body when it refused. */
  async function handOver(request: FastifyRequest, reply: FastifyReply, owner: string, id?: string) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      for (const item of Array.isArray(value) ? value : [value])
        if (item !== undefined) headers.append(name, item);
    }
    const web = new Request(new URL(request.url, 'http://api.internal'), {
      method: request.method,
      headers,
      ...(request.method === 'PATCH'
        ? { body: requestBodyStream(request.raw) as unknown as BodyInit, duplex: 'half' }
        : {}),
    } as RequestInit);
    owners.set(web, owner);
    const answer = await tus.handleWeb(web);
    // The store's own refusal of the bytes, which the tus server reports as an aborted request.
    const refusal = id === undefined ? undefined : store.takeRefusal(id);
    if (answer.status >= 400) {
      if (refusal) throw refusal;
      const problem = problems.get(web);
      if (problem instanceof ApiError) throw problem;
      if (answer.status >= 500) throw problem instanceof Error ? problem : new Error(await answer.text());
      throw contractError(answer.status);
    }
    void reply.status(answer.status);
    answer.headers.forEach((value, name) => {
      if (!DROPPED_HEADERS.has(name)) void reply.header(name, value);
    });
    const body = answer.status === 204 ? '' : await answer.text();
    return reply.send(body === '' ? undefined : body);
  }

  /** The principal's own upload that has not been filed with a claim yet; any other id is 404. */
  async function ownUpload(request: FastifyRequest<UploadParams>): Promise<string> {
    const principal = await requirePrincipal(db, config, request);
    if (!UPLOAD_ID.test(request.params.id)) throw errors.notFound('Upload');
    const owner = await claimStore.unfiledUploadOwner(db, request.params.id);
    if (owner !== principal.profileId) throw errors.notFound('Upload');
    return principal.profileId;
  }

  app.post(RECEIPT_UPLOADS_PATH, async (request, reply) => {
    const principal = await requirePrincipal(db, config, request);
    const length = request.headers['upload-length'];
    if (typeof length !== 'string' || !DIGITS.test(length)) {
      throw errors.validation([{ field: 'Upload-Length', code: 'validation.required' }]);
    }
    if (Number(length) > CLAIM_MAX_RECEIPT_BYTES) throw contractError(413);
    // Uploads begun more than a day ago and never filed are gone; a student has a few open at most.
    await claimStore.deleteStaleUploads(db, principal.profileId);
    if ((await claimStore.countUnfiledUploads(db, principal.profileId)) >= MAX_OPEN_UPLOADS) {
      throw new ApiError(409, 'TOO_MANY_UPLOADS', 'Too many receipts are waiting to be filed with a claim.');
    }
    return handOver(request, reply, principal.profileId);
  });

  /**
   * Finishes an upload whose bytes have all arrived but whose last request broke before it was finished
   * (the connection lost just then): the client that asks after it finds a receipt ready to be filed.
   */
  async function finishIfComplete(id: string): Promise<void> {
    const metadata = await claimStore.arrivedUnfinishedUpload(db, id);
    if (!metadata) return;
    const name = cleanFileName(metadata[FILE_NAME_METADATA_KEY] ?? undefined);
    await store
      .finish(id, (type) => receiptName(name, type))
      .catch((error: unknown) => {
        // Bytes of no receipt type: the upload is gone, and the HEAD that follows says so (404).
        if (!(error instanceof ApiError)) throw error;
      });
  }

  app.head<UploadParams>(`${RECEIPT_UPLOADS_PATH}/:id`, async (request, reply) => {
    const owner = await ownUpload(request);
    await finishIfComplete(request.params.id);
    return handOver(request, reply, owner);
  });

  app.patch<UploadParams>(`${RECEIPT_UPLOADS_PATH}/:id`, async (request, reply) => {
    const owner = await ownUpload(request);
    if (request.headers['content-type'] !== TUS_CONTENT_TYPE) throw contractError(415);
    const offset = request.headers['upload-offset'];
    if (typeof offset !== 'string' || !DIGITS.test(offset)) {
      throw errors.validation([{ field: 'Upload-Offset', code: 'validation.required' }]);
    }
    return handOver(request, reply, owner, request.params.id);
  });
}
