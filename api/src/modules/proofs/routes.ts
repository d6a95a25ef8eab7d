import { createHash, randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { requirePrincipal } from '../../auth/session.js';
import { renderProofLetter, PROOF_LANGUAGES } from '../../documents/proof-letter.js';
import type { ProofLanguage } from '../../documents/proof-letter.js';
import type { Db } from '../../db/db.js';
import { errors } from '../../errors.js';
import { isRandomId } from '../../input-guards.js';
import { letterRateLimit, verifyRateLimit } from '../../rate-limits.js';
import type { RouteContext } from '../../http/context.js';
import { ownPolicy, requireCover, wireDate } from '../policies/store.js';
import type { PolicyRow } from '../policies/store.js';
import * as store from './store.js';

/** Letters and digits that cannot be mistaken for one another when read aloud or typed (no 0/O, 1/I/L). */
export const SHORT_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 10 characters of 31: about 49.5 bits, which the strict rate limit of the check keeps out of reach. */
export const SHORT_CODE_LENGTH = 10;
const SHORT_CODE = new RegExp(`^[${SHORT_CODE_ALPHABET}]{${SHORT_CODE_LENGTH}}$`);

/**
 * Letters of one policy that verify at the same time. Each live short code is one more a guesser may
 * hit, so a new letter beyond this withdraws the oldest (which then no longer verifies).
 */
export const LIVE_LETTERS_PER_POLICY = 10;

/** Statuses under which a policy gives no cover at all (any more). */
const WITHDRAWN = new Set<PolicyRow['status']>(['CANCELLED', 'DISAPPROVED', 'UNDER_REVIEW_NEW']);

/** What the check says about the cover a letter states, at the moment of the check. */
export type CoverStatus = 'ACTIVE' | 'NOT_STARTED' | 'ENDED' | 'TERMINATED' | 'CANCELLED';

/** The answer of `GET /api/verify/{code}`: only what a third party needs. */
export interface ProofVerification {
  code: string;
  valid: boolean;
  coverStatus: CoverStatus;
  initials: string;
  birthYear: number;
  insuranceType: PolicyRow['insurance_type'];
  startDate: string;
  endDate: string;
  issuedOn: string;
}

/** A new short code: each character drawn uniformly from {@link SHORT_CODE_ALPHABET}. */
export function newShortCode(): string {
  return Array.from(
    { length: SHORT_CODE_LENGTH },
    () => SHORT_CODE_ALPHABET[randomInt(SHORT_CODE_ALPHABET.length)],
  ).join('');
}

/** A short code as printed and shown: two groups of five, `ABCDE-FGHJK`. */
export function formatShortCode(code: string): string {
  return `${code.slice(0, 5)}-${code.slice(5)}`;
}

/**
 * A typed short code as stored, or null when it cannot be one: case, spaces and hyphens do not matter,
 * so `abcde fghjk` and `ABCDE-FGHJK` name the same letter.
 */
export function normalizeShortCode(input: string): string | null {
  const code = input.toUpperCase().replace(/[\s-]/g, '');
  return SHORT_CODE.test(code) ? code : null;
}

/** Only the hash of a QR token is stored. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** `Anna` + `de Vries` → `A.d.V.`: the first letter of every part of the name, as Dutch initials are written. */
export function initialsOf(firstName: string, surname: string): string {
  return `${firstName} ${surname}`
    .split(/[\s-]+/)
    .filter(Boolean)
    .map((part) => `${[...part][0]}.`)
    .join('');
}

/** The policy as it stands now, against the end date the letter was issued with. */
export function coverStatusOf(
  policy: Pick<PolicyRow, 'status' | 'start_date' | 'end_date'>,
  endDateAtIssue: string,
  today: string,
): CoverStatus {
  const start = wireDate(policy.start_date);
  const end = wireDate(policy.end_date);
  if (WITHDRAWN.has(policy.status)) return 'CANCELLED';
  if (policy.status === 'EXPIRED' || end < today) return end < endDateAtIssue ? 'TERMINATED' : 'ENDED';
  return start > today ? 'NOT_STARTED' : 'ACTIVE';
}

/** The letter a QR token or a typed short code names; a value that can be neither is not looked up. */
async function findProof(db: Db, code: string): Promise<store.ProofRow | undefined> {
  if (isRandomId(code)) return store.findByTokenHash(db, hashToken(code));
  const shortCode = normalizeShortCode(code);
  if (!shortCode) return undefined;
  return store.findByShortCode(db, shortCode);
}

function readLanguage(body: unknown): ProofLanguage {
  if (body === undefined || body === null) {
    throw errors.validation([{ field: 'language', code: 'validation.required' }]);
  }
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw errors.validation([{ field: 'body', code: 'validation.type' }]);
  }
  const { language, ...rest } = body as Record<string, unknown>;
  const unknown = Object.keys(rest).map((field) => ({ field, code: 'validation.unknownField' }));
  if (language === undefined) unknown.unshift({ field: 'language', code: 'validation.required' });
  else if (!PROOF_LANGUAGES.includes(language as ProofLanguage)) {
    unknown.unshift({ field: 'language', code: 'validation.option' });
  }
  if (unknown.length > 0) throw errors.validation(unknown);
  return language as ProofLanguage;
}

/** Proof-of-cover letters: made by the policy's owner, checked by anyone with the letter. */
export async function proofRoutes(app: FastifyInstance, { db, config }: RouteContext): Promise<void> {
  const today = () => wireDate(config.now());

  app.post<{ Params: { id: string } }>(
    '/api/en/policies/:id/proof',
    { config: { rateLimit: letterRateLimit(config) } },
    async (request, reply) => {
      const principal = await requirePrincipal(db, config, request);
      const policy = await ownPolicy(db, principal, request.params.id);
      const language = readLanguage(request.body);
      requireCover(policy, config.now(), 'a letter');
      const token = randomBytes(32).toString('base64url');
      const issuedAt = config.now();
      // A clash of two random short codes is astronomically rare; the unique index turns one into a retry.
      let shortCode = newShortCode();
      for (let attempt = 0; ; attempt += 1) {
        const inserted = await store.insertProof(db, {
          policyId: policy.policy_id,
          tokenHash: hashToken(token),
          shortCode,
          language,
          endDateAtIssue: wireDate(policy.end_date),
          issuedAt,
        });
        if (inserted) break;
        if (attempt >= 3) throw new Error('Could not find a free short code for a proof of cover.');
        shortCode = newShortCode();
      }
      await store.keepNewest(db, policy.policy_id, LIVE_LETTERS_PER_POLICY);
      const printed = formatShortCode(shortCode);
      const policyNumber = policy.policy_number ?? policy.application_number ?? policy.policy_id;
      const pdf = await renderProofLetter({
        language,
        name: `${policy.first_name} ${policy.surname}`,
        birthDate: wireDate(policy.birth_date),
        policyNumber,
        insuranceType: policy.insurance_type,
        coverage: policy.coverage,
        startDate: wireDate(policy.start_date),
        endDate: wireDate(policy.end_date),
        destination: policy.destination,
        issuedOn: wireDate(issuedAt),
        shortCode: printed,
        verifyPageUrl: `${config.publicOrigin}/en/verify`,
        qrUrl: `${config.publicOrigin}/en/verify/${token}`,
      });
      const fileName = `proof-of-cover-${policyNumber}-${language}.pdf`.replace(/[^A-Za-z0-9._-]/g, '_');
      return reply
        .status(201)
        .header('Content-Type', 'application/pdf')
        .header('Content-Disposition', `attachment; filename="${fileName}"`)
        .header('Location', `/api/verify/${shortCode}`)
        .header('X-Verification-Code', printed)
        .send(pdf);
    },
  );

  app.get<{ Params: { code: string } }>(
    '/api/verify/:code',
    { config: { rateLimit: verifyRateLimit(config) } },
    async (request): Promise<ProofVerification> => {
      const proof = await findProof(db, request.params.code);
      if (!proof) throw errors.notFound('Proof of cover');
      const coverStatus = coverStatusOf(proof, wireDate(proof.end_date_at_issue), today());
      return {
        code: formatShortCode(proof.short_code),
        valid: coverStatus === 'ACTIVE' || coverStatus === 'NOT_STARTED',
        coverStatus,
        initials: initialsOf(proof.first_name, proof.surname),
        birthYear: Number(wireDate(proof.birth_date).slice(0, 4)),
        insuranceType: proof.insurance_type,
        startDate: wireDate(proof.start_date),
        endDate: wireDate(proof.end_date),
        issuedOn: wireDate(typeof proof.issued_at === 'string' ? new Date(proof.issued_at) : proof.issued_at),
      };
    },
  );
}
