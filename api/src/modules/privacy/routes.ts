import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { subHours } from 'date-fns';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import yazl from 'yazl';
import { sessionsLink } from '../../auth/browsers.js';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { checkCurrentPassword } from '../../auth/login-throttle.js';
import { listOpenSessions } from '../../auth/open-sessions.js';
import { confirmWithPasskey, passkeyConfirmationOptions } from '../../auth/passkey-confirmation.js';
import { authenticationBodySchema, listPasskeys, toWire } from '../../auth/passkeys.js';
import { requirePrincipal, SESSION_COOKIE } from '../../auth/session.js';
import type { Principal } from '../../auth/session.js';
import type { Db } from '../../db/db.js';
import { errors } from '../../errors.js';
import { accountMailLanguage } from '../../mail/account-mails.js';
import { wasThisYouMail } from '../../mail/privacy-mails.js';
import { passkeyRateLimit, rateLimited } from '../../rate-limits.js';
import { parseBody } from '../../validate.js';
import type { RouteContext } from '../../http/context.js';
import { cleanFileName, RECEIPT_CHUNK_BYTES } from '../claims/receipt-files.js';
import { receiptChunk } from '../claims/store.js';
import { formatShortCode } from '../proofs/routes.js';
import { listLetters } from '../proofs/store.js';
import { summaryHtml } from './export-summary.js';
import type { ExportLanguage } from './export-summary.js';
import { mailKind } from './mail-kinds.js';
import * as store from './store.js';

/** Exports a student may make in an hour. */
export const EXPORTS_PER_HOUR = 3;

/** The consent cookie the host's banner keeps (host/src/features/consent/consent-choice.ts). */
const CONSENT_COOKIE = 'portal_consent';

type ClaimSummary = { claimNumber: string };
type ClaimDetail = { claimNumber: string; receipts: { id: string; name: string }[] };

function passwordHeader(request: FastifyRequest): string {
  const value = request.headers['x-authorization-password'];
  return typeof value === 'string' ? value : '';
}

function exportLanguage(value: unknown): ExportLanguage {
  if (value === undefined || value === 'en') return 'en';
  if (value === 'nl') return 'nl';
  throw errors.validation([{ field: 'lang', code: 'validation.language.invalid' }]);
}

/** Three exports an hour, counted from the log of exports: it holds across api processes and restarts. */
async function checkExportQuota(db: Db, accountId: string, now: Date): Promise<void> {
  const { made, oldest } = await store.exportsSince(db, accountId, subHours(now, 1));
  if (made < EXPORTS_PER_HOUR) return;
  const freedAt = new Date(oldest ?? now).getTime() + 3_600_000;
  throw rateLimited((freedAt - now.getTime()) / 1000);
}

/** One receipt's bytes, a chunk at a time from the database (never the whole file in memory). */
function receiptStream(db: Db, receiptId: string): Readable {
  async function* chunks() {
    for (let seq = 0; ; seq += 1) {
      const chunk = await receiptChunk(db, receiptId, seq);
      if (!chunk) return;
      yield chunk;
    }
  }
  return Readable.from(chunks(), { highWaterMark: RECEIPT_CHUNK_BYTES });
}

/** "Download my data" (GDPR art. 15 and 20): one zip of everything the portal holds about the student. */
export async function dataExportRoutes(
  app: FastifyInstance,
  { db, config, mailer }: RouteContext,
): Promise<void> {
  /** A read of the contract as the student herself, so that the export holds exactly the api's shapes. */
  async function readAs(principal: Principal, url: string): Promise<unknown> {
    const response = await app.inject({
      method: 'GET',
      url,
      headers: { cookie: `${SESSION_COOKIE}=${principal.sessionId}` },
    });
    if (response.statusCode === 204) return [];
    if (response.statusCode !== 200)
      throw new Error(`The export could not read ${url}: ${response.statusCode}.`);
    return response.json();
  }

  // A passkey instead of the password: first a challenge for her own passkeys.
  app.post(
    '/api/data-export/passkey-options',
    { config: { rateLimit: passkeyRateLimit(config) } },
    async (request) => {
      const principal = await requirePrincipal(db, config, request);
      return passkeyConfirmationOptions(db, config, principal.accountId);
    },
  );

  app.post<{ Querystring: { lang?: string } }>('/api/data-export', async (request, reply) => {
    const principal = await requirePrincipal(db, config, request);
    const language = exportLanguage(request.query.lang);
    // The password again, or (with no password header) the answer of one of her passkeys in the body.
    const password = passwordHeader(request);
    let confirmedWith: 'password' | 'passkey' = 'password';
    if (password === '' && request.body !== undefined && request.body !== null) {
      const { response } = parseBody(authenticationBodySchema, request.body);
      await confirmWithPasskey(
        db,
        config,
        principal.accountId,
        response as AuthenticationResponseJSON,
        (error) => request.log.info({ err: error }, 'A passkey confirmation was refused'),
      );
      confirmedWith = 'passkey';
    } else {
      await checkCurrentPassword(db, config, request, principal, password);
    }
    const now = config.now();
    await checkExportQuota(db, principal.accountId, now);

    const profilePath = `/api/en/profiles/${encodeURIComponent(principal.profileId)}`;
    const profile = await readAs(principal, profilePath);
    const policies = (await readAs(principal, `${profilePath}/policies`)) as unknown[];
    const invoices = (await readAs(principal, `${profilePath}/invoices`)) as unknown[];
    const claimList = (await readAs(principal, `${profilePath}/claims`)) as ClaimSummary[];
    const claims: ClaimDetail[] = [];
    for (const claim of claimList)
      claims.push(
        (await readAs(principal, `/api/en/claims/${encodeURIComponent(claim.claimNumber)}`)) as ClaimDetail,
      );
    const proofLetters = (await listLetters(db, principal.profileId)).map((row) => ({
      code: formatShortCode(row.short_code),
      issuedAt: new Date(row.issued_at).toISOString(),
      language: row.language,
      policyNumber: row.policy_number,
    }));
    const passkeys = (await listPasskeys(db, principal.accountId)).map(toWire);
    const sessions = await listOpenSessions(db, principal.accountId, principal.sessionId, now);
    const consentCookie = request.cookies[CONSENT_COOKIE];
    const consent = consentCookie === 'granted' || consentCookie === 'denied' ? consentCookie : null;
    const mails = (await store.mailsTo(db, principal.email)).map((row) => ({
      sentAt: new Date(row.created_at).toISOString(),
      subject: row.subject,
      kind: mailKind(row.subject),
    }));

    const receipts = claims.flatMap((claim) =>
      claim.receipts.map((receipt, index) => ({
        id: receipt.id,
        path: `receipts/${claim.claimNumber}/${index + 1}-${cleanFileName(receipt.name)}`,
      })),
    );
    const data = {
      exportedAt: now.toISOString(),
      profile,
      policies,
      invoices,
      claims,
      receipts: receipts.map((receipt) => ({ id: receipt.id, file: receipt.path })),
      proofLetters,
      passkeys,
      sessions,
      consent: { analyticsCookies: consent },
      mails,
    };
    const firstName = (profile as { firstName?: string }).firstName ?? principal.firstName;

    // Logged and counted before the first byte goes out; what it holds is never logged.
    const exportId = randomUUID();
    await store.logExport(db, exportId, principal.accountId, now);
    request.log.info(
      { event: 'data-export', exportId, accountId: principal.accountId, confirmedWith },
      'Data export made.',
    );
    await mailer
      .send(
        wasThisYouMail(
          principal.email,
          { kind: 'data-export', at: now },
          sessionsLink(config),
          await accountMailLanguage(db, principal.accountId),
        ),
      )
      .catch((error: unknown) => request.log.error({ err: error }, 'The export notice could not be stored.'));

    const zip = new yazl.ZipFile();
    zip.addBuffer(Buffer.from(`${JSON.stringify(data, null, 2)}\n`), 'data.json', { mtime: now });
    zip.addBuffer(
      Buffer.from(
        summaryHtml(language, {
          firstName,
          exportedAt: now,
          policies: policies.length,
          invoices: invoices.length,
          claims: claims.length,
          receipts: receipts.length,
          proofLetters: proofLetters.length,
          passkeys: passkeys.length,
          sessions: sessions.length,
          mails: mails.length,
          consent,
        }),
      ),
      'summary.html',
      { mtime: now },
    );
    // The receipts are read from the database as the zip is sent: one chunk at a time.
    for (const receipt of receipts)
      zip.addReadStream(receiptStream(db, receipt.id), receipt.path, { mtime: now });
    zip.end();
    const day = now.toISOString().slice(0, 10);
    return reply
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="my-data-${day}.zip"`)
      .header('Cache-Control', 'no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(zip.outputStream);
  });
}
