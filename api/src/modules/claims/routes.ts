import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { MultipartFile } from '@fastify/multipart';
import {
  CLAIM_MAX_RECEIPTS,
  RECEIPT_SIGNATURE_LENGTH,
  claimSchema,
  isPlainText,
  visitorClaimSchema,
  normalizeIban,
  parseClaimAmount,
  receiptIssue,
  sniffReceiptType,
} from '@portal/shared/validation';
import type { ClaimablePolicy } from '@portal/shared/validation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { ApiError, errors } from '../../errors.js';
import { requirePrincipal } from '../../auth/session.js';
import type { Db } from '../../db/db.js';
import * as store from './store.js';
import { parseBody } from '../../validate.js';
import { checkStudentClaimQuota } from '../../rate-limits.js';
import type { RouteContext } from '../../http/context.js';
import { wireDate } from '../policies/store.js';
import { hashLinkToken } from '../../auth/tokens.js';
import { randomToken } from '../../auth/passwords.js';
import { CONFIRM_CLAIM_PAGE, visitorClaimMail } from './visitor-mail.js';
import { claimMailRecipient, claimReceivedMail, mailStatusChange } from './mails.js';
import { mailLanguage } from '../../mail/templates.js';
import { checkVisitorPolicyQuota, visitorClaimRateLimit } from './visitor-limits.js';

/** Receipts are written to the database in chunks of this size as the upload streams in. */
export const RECEIPT_CHUNK_BYTES = 256 * 1024;

const CLAIM_FIELDS = new Set(['policyNumber', 'category', 'incidentDate', 'description', 'amount', 'iban']);
/** Adding documents to a claim sends files only. */
const NO_FIELDS = new Set<string>();
/** A visitor proves they know the policy with its number and the policyholder's date of birth. */
const VISITOR_CLAIM_FIELDS = new Set([...CLAIM_FIELDS, 'birthDate']);

/**
 * The one answer to a visitor whose policy number and date of birth do not match a policy they can
 * claim on: the same whichever of the two is wrong (or both), so it tells nothing about either.
 */
export const visitorPolicyNotFound = () =>
  new ApiError(
    422,
    'POLICY_NOT_FOUND',
    'We could not find a policy with this policy number and date of birth.',
  );
const CLAIM_NUMBER = /^CLM-\d{4}-[0-9A-F]{8}$/;
const RECEIPT_ID = /^RCT-[0-9A-F]{16}$/;
/**
 * The form field naming a receipt already uploaded with the resumable protocol (./receipt-uploads.ts),
 * once for each such receipt; the claim (or the added documents) takes it instead of its bytes.
 */
export const UPLOADED_RECEIPT_FIELD = 'uploadedReceipts';
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
// eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f]/g;

/** A receipt as it came in: stored under `id`, its type read from its first bytes (null: none we accept). */
interface UploadedReceipt {
  id: string;
  type: string | null;
  size: number;
}

function serial(prefix: string): string {
  return `${prefix}-${new Date().getFullYear()}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** The IBAN as shown back to the student: country, check digits and the last four characters. */
export function maskIban(iban: string): string {
  return iban.length <= 8 ? iban : `${iban.slice(0, 4)} **** **** ${iban.slice(-4)}`;
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

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^A-Za-z0-9._ -]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Stores one uploaded file as it arrives, in chunks of {@link RECEIPT_CHUNK_BYTES}. Its type comes from
 * its first bytes; a file of any other type is read to the end (the request must be consumed) but not
 * kept. A file over the size limit makes the stream throw 413.
 */
async function storeReceipt(
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

/**
 * What a wrong pair is checked against, so that it takes the same steps as a right one: a period no
 * incident date falls outside of.
 */
const NO_POLICY: ClaimablePolicy = { policyNumber: '', startDate: '0001-01-01', endDate: '9999-12-31' };

type ClaimParams = { Params: { claimNumber: string } };
type ReceiptParams = { Params: { claimNumber: string; id: string } };
type ProfileParams = { Params: { profileId: string } };

/** Filing a claim with receipts, the student's claims, one claim with its history, and its receipts. */
export async function claimRoutes(app: FastifyInstance, { db, config, mailer }: RouteContext): Promise<void> {
  const today = () => config.now();

  /** The principal's own claim; the number is checked before any query. 404 unknown, 403 someone else's. */
  async function ownClaim(request: FastifyRequest<ClaimParams>): Promise<store.ClaimRow> {
    const principal = await requirePrincipal(db, config, request);
    if (!CLAIM_NUMBER.test(request.params.claimNumber)) throw errors.notFound('Claim');
    const row = await store.findClaim(db, request.params.claimNumber);
    if (!row) throw errors.notFound('Claim');
    if (row.profile_id !== principal.profileId) throw errors.forbidden();
    return row;
  }

  /**
   * The student's finished resumable uploads named by `ids`, not yet filed with a claim, in that order.
   * An id that is not such an upload of hers (another student's, unfinished, already filed) is refused
   * as a receipt that has not arrived.
   */
  async function finishedUploads(profileId: string, ids: readonly string[]): Promise<UploadedReceipt[]> {
    if (ids.length === 0) return [];
    const rows = await store.finishedUploads(db, profileId, ids);
    const found = new Map(rows.map((row) => [row.id, row]));
    if (new Set(ids).size !== ids.length || ids.some((id) => !found.has(id))) {
      throw errors.validation([{ field: 'receipts', code: 'validation.files.upload' }]);
    }
    return ids.map((id) => ({ id, type: found.get(id)!.content_type, size: found.get(id)!.size }));
  }

  /**
   * Reads a claim's multipart body: its text fields (only `allowed` ones) and its receipts, each stored
   * as it streams in. `discard` removes the stored receipts of a claim that is not filed. The form's
   * fields come before its files (the portal sends them so): fields that fail `schema` are refused at
   * the first file, before up to 50 MB of receipts are stored for nothing.
   */
  async function readClaimParts(
    request: FastifyRequest,
    allowed: ReadonlySet<string>,
    profileId: string | null,
    schema: v.GenericSchema,
  ) {
    if (!request.isMultipart()) {
      throw new ApiError(415, 'UNSUPPORTED_MEDIA_TYPE', 'Send the claim as multipart/form-data.');
    }
    const fields: Record<string, string> = {};
    const uploaded: UploadedReceipt[] = [];
    const uploadIds: string[] = [];
    const discard = () =>
      store.discardReceipts(
        db,
        uploaded.map((receipt) => receipt.id),
      );
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname !== 'receipts') {
            part.file.resume();
            throw errors.validation([{ field: part.fieldname, code: 'validation.option' }]);
          }
          // A file name is stored as text: a NUL byte or half a surrogate pair is refused like in any field.
          if (!isPlainText(part.filename)) {
            part.file.resume();
            throw errors.validation([{ field: 'receipts', code: 'validation.text.invalid' }]);
          }
          if (uploaded.length === 0 && !v.safeParse(schema, fields).success) {
            part.file.resume();
            parseBody(schema, fields);
          }
          await storeReceipt(db, profileId, uploaded.length, part, uploaded);
        } else if (part.fieldname === UPLOADED_RECEIPT_FIELD && profileId !== null) {
          // Only a logged-in student uploads with the resumable protocol: her own uploads, by their ids.
          if (typeof part.value !== 'string' || !RECEIPT_ID.test(part.value))
            throw errors.validation([{ field: 'receipts', code: 'validation.files.upload' }]);
          uploadIds.push(part.value);
          if (uploadIds.length > CLAIM_MAX_RECEIPTS)
            throw errors.validation([{ field: 'receipts', code: 'validation.files.tooMany' }]);
        } else {
          if (!allowed.has(part.fieldname))
            throw errors.validation([{ field: part.fieldname, code: 'validation.option' }]);
          if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      await discard();
      throw error;
    }
    const receiptProblem = (receipts: readonly UploadedReceipt[] = uploaded) =>
      receiptIssue(receipts.map((receipt) => ({ type: receipt.type ?? 'unknown', size: receipt.size })));
    return { fields, uploaded, uploadIds, discard, receiptProblem };
  }

  /**
   * Files a checked claim against `profileId`'s policy, with the receipts already stored; its number. A
   * visitor's claim waits for the policyholder: it is stored PENDING with the hash of the mailed link's
   * token, and the mail (`visitor.mail`) is stored in the same transaction, so no such claim exists
   * without its mail.
   */
  async function fileClaim(
    profileId: string,
    body: v.InferOutput<ReturnType<typeof claimSchema>>,
    uploaded: readonly UploadedReceipt[],
    visitor?: { holderEmail: string },
  ): Promise<string> {
    const claimNumber = serial('CLM');
    const submittedAt = today();
    const token = visitor ? randomToken() : null;
    await db.transaction(async (tx) => {
      await store.insertClaim(tx, {
        claimNumber,
        profileId,
        policyNumber: body.policyNumber,
        category: body.category,
        incidentDate: body.incidentDate,
        description: body.description,
        amount: parseClaimAmount(body.amount),
        iban: normalizeIban(body.iban),
        submittedAt,
        filedBy: visitor ? 'visitor' : 'student',
        confirmationTokenHash: token ? hashLinkToken(token) : null,
      });
      if (visitor && token) {
        const link = `${config.publicOrigin}${CONFIRM_CLAIM_PAGE}/${token}`;
        const claim = {
          claimNumber,
          policyNumber: body.policyNumber,
          category: body.category,
          incidentDate: body.incidentDate,
          amount: parseClaimAmount(body.amount),
          iban: maskIban(normalizeIban(body.iban)),
          submittedAt: submittedAt.toISOString(),
        };
        // In the policyholder's language, as every mail to her.
        const language = mailLanguage(await store.mailLanguageOf(tx, profileId));
        await mailer.store(visitorClaimMail(visitor.holderEmail, language, claim, link), tx);
      } else {
        // The student's own claim: the "received" mail, in her language, unless she turned claim mails off.
        const recipient = await claimMailRecipient(tx, profileId);
        if (recipient?.claimMails) {
          const amount = parseClaimAmount(body.amount);
          await mailer.store(
            claimReceivedMail(
              recipient.email,
              recipient.language,
              { claimNumber, amount, submittedAt },
              config.publicOrigin,
            ),
            tx,
          );
        }
      }
      await store.addHistory(tx, claimNumber, 'RECEIVED', submittedAt);
      if (uploaded.length > 0) {
        // In the order given; a receipt another claim has just taken is not taken twice.
        const ids = uploaded.map((receipt) => receipt.id);
        if ((await store.takeReceipts(tx, claimNumber, profileId, ids)) !== ids.length)
          throw errors.validation([{ field: 'receipts', code: 'validation.files.upload' }]);
      }
    });
    return claimNumber;
  }

  app.post('/api/en/claims', async (request, reply) => {
    const principal = await requirePrincipal(db, config, request);
    // Over the day's quota, the upload is refused before a single receipt byte is written.
    await checkStudentClaimQuota(db, config, principal.profileId);
    const policies = await store.claimablePolicies(db, principal.profileId);
    const schema = claimSchema({ today: today(), policies });
    const { fields, uploaded, uploadIds, discard, receiptProblem } = await readClaimParts(
      request,
      CLAIM_FIELDS,
      principal.profileId,
      schema,
    );
    try {
      const body = parseBody(schema, fields);
      // Receipts uploaded before (resumable) come first, then any sent with the form.
      const receipts = [...(await finishedUploads(principal.profileId, uploadIds)), ...uploaded];
      const fileIssue = receiptProblem(receipts);
      if (fileIssue) throw errors.validation([{ field: 'receipts', code: fileIssue }]);
      const claimNumber = await fileClaim(principal.profileId, body, receipts);
      mailer.wake();
      return await reply.status(201).header('Cache-Control', 'no-store').send({ claimNumber });
    } catch (error) {
      await discard();
      throw error;
    }
  });

  // A visitor (no login) files a claim against the policy whose number and policyholder's date of
  // birth they give. The claim belongs to that policyholder; the visitor only learns its number.
  app.post(
    '/api/en/visitor-claims',
    { config: { rateLimit: visitorClaimRateLimit(config) } },
    async (request, reply) => {
      const visitorSchema = visitorClaimSchema({ today: today() });
      const { fields, uploaded, discard, receiptProblem } = await readClaimParts(
        request,
        VISITOR_CLAIM_FIELDS,
        null,
        visitorSchema,
      );
      try {
        // The formats and the receipts first: they depend on no policy, and say nothing about one.
        const visitor = parseBody(visitorSchema, fields);
        const fileIssue = receiptProblem();
        if (fileIssue) throw errors.validation([{ field: 'receipts', code: fileIssue }]);
        // Visitors' claims on this number, by the number as typed: the same answer whatever the date.
        await checkVisitorPolicyQuota(db, config, visitor.policyNumber);
        // Then the pair, and only then what depends on the policy (its period). A wrong pair and a right
        // pair with a date outside the period take the same steps and get the same 422: trying dates
        // tells neither the pair nor the period.
        const policy = await store.visitorPolicy(db, visitor.policyNumber, visitor.birthDate);
        const checked = v.safeParse(
          claimSchema({
            today: today(),
            policies: [policy ?? { ...NO_POLICY, policyNumber: visitor.policyNumber }],
          }),
          fields,
        );
        if (!policy || !checked.success) throw visitorPolicyNotFound();
        // The claim waits for the policyholder, who is mailed at once; it never counts against her quota.
        const claimNumber = await fileClaim(policy.profileId, checked.output, uploaded, policy);
        mailer.wake();
        return await reply.status(201).header('Cache-Control', 'no-store').send({ claimNumber });
      } catch (error) {
        await discard();
        throw error;
      }
    },
  );

  app.get<ProfileParams>('/api/en/profiles/:profileId/claims', async (request, reply) => {
    const principal = await requirePrincipal(db, config, request);
    if (principal.profileId !== request.params.profileId) throw errors.forbidden();
    const rows = await store.listClaims(db, principal.profileId);
    void reply.header('Cache-Control', 'no-store');
    return rows.map((row) => ({
      claimNumber: row.claim_number,
      policyNumber: row.policy_number,
      submittedAt: new Date(row.submitted_at).toISOString(),
      status: row.status,
      amount: Number(row.amount),
    }));
  });

  app.get<ClaimParams>('/api/en/claims/:claimNumber', async (request, reply) => {
    const claim = await ownClaim(request);
    const history = await store.claimHistory(db, claim.claim_number);
    const receipts = await store.claimReceipts(db, claim.claim_number);
    void reply.header('Cache-Control', 'no-store');
    return {
      claimNumber: claim.claim_number,
      policyNumber: claim.policy_number,
      submittedAt: new Date(claim.submitted_at).toISOString(),
      status: claim.status,
      amount: Number(claim.amount),
      category: claim.category,
      incidentDate: wireDate(claim.incident_date),
      description: claim.description,
      iban: maskIban(claim.iban),
      history: history.map((step) => ({
        status: step.status,
        at: new Date(step.at).toISOString(),
        ...(step.reason ? { reason: step.reason } : {}),
        ...(step.note ? { note: step.note } : {}),
      })),
      receipts: receipts.map((receipt) => ({
        id: receipt.id,
        name: receiptName(receipt.name, receipt.content_type),
        contentType: receipt.content_type,
        size: receipt.size,
      })),
    };
  });

  // "We need more documents": the student adds what the handler asked for to a claim in
  // DOCUMENTS_REQUESTED, with the claim form's rules for receipts. The files are stored with the claim's
  // receipts (after those it has), and the claim goes back to IN_REVIEW with its history row and mail.
  app.post<ClaimParams>('/api/en/claims/:claimNumber/documents', async (request, reply) => {
    const claim = await ownClaim(request);
    if (claim.status !== 'DOCUMENTS_REQUESTED') {
      throw new ApiError(409, 'NO_DOCUMENTS_REQUESTED', 'No documents are requested for this claim.');
    }
    const { uploaded, uploadIds, discard, receiptProblem } = await readClaimParts(
      request,
      NO_FIELDS,
      claim.profile_id,
      v.object({}),
    );
    try {
      const receipts = [...(await finishedUploads(claim.profile_id, uploadIds)), ...uploaded];
      if (receipts.length === 0)
        throw errors.validation([{ field: 'receipts', code: 'validation.required' }]);
      const fileIssue = receiptProblem(receipts);
      if (fileIssue) throw errors.validation([{ field: 'receipts', code: fileIssue }]);
      const now = today();
      const moved = await db.transaction(async (tx) => {
        // Only from DOCUMENTS_REQUESTED: two sends at once, or a handler's change meanwhile, move it once.
        const updated = await store.reopenForReview(tx, claim.claim_number);
        if (!updated) return false;
        const ids = receipts.map((receipt) => receipt.id);
        if (!(await store.addReceipts(tx, claim.claim_number, ids)))
          throw errors.validation([{ field: 'receipts', code: 'validation.files.upload' }]);
        await store.addHistory(tx, claim.claim_number, 'IN_REVIEW', now);
        await mailStatusChange(
          tx,
          mailer,
          claim.profile_id,
          { claimNumber: claim.claim_number, amount: Number(updated.amount) },
          { status: 'IN_REVIEW', note: null, at: now },
          config.publicOrigin,
        );
        return true;
      });
      if (!moved)
        throw new ApiError(409, 'NO_DOCUMENTS_REQUESTED', 'No documents are requested for this claim.');
      mailer.wake();
      return await reply
        .status(201)
        .header('Cache-Control', 'no-store')
        .send({ claimNumber: claim.claim_number, status: 'IN_REVIEW', added: receipts.length });
    } catch (error) {
      await discard();
      throw error;
    }
  });

  app.get<ReceiptParams>('/api/en/claims/:claimNumber/receipts/:id', async (request, reply) => {
    const claim = await ownClaim(request);
    if (!RECEIPT_ID.test(request.params.id)) throw errors.notFound('Receipt');
    const receipt = await store.findReceipt(db, claim.claim_number, request.params.id);
    if (!receipt?.stored) throw errors.notFound('Receipt');
    // One chunk at a time from the database to the client.
    const chunks = await store.receiptChunks(db, receipt.id);
    return reply
      .header('Content-Type', receipt.content_type)
      .header('Content-Length', String(receipt.size))
      .header('Content-Disposition', contentDisposition(receiptName(receipt.name, receipt.content_type)))
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(Readable.from(chunks));
  });
}
