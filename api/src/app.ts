import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { registerMetrics } from '@portal/server/metrics';
import { redactedRequestLog } from '@portal/shared/token-pages';
import Fastify from 'fastify';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from './config.js';
import type { Db } from './db/db.js';
import { registerContractGuards } from './contract-guards.js';
import { ApiError, frameworkErrors, registerErrorHandling } from './errors.js';
import { registerInputGuards } from './input-guards.js';
import { contentRateLimit, registerRateLimits } from './rate-limits.js';
import { createMailer } from './mail/outbox.js';
import { createApiMetrics } from './metrics.js';
import type { Mailer } from './mail/outbox.js';
import type { Readiness } from './http/context.js';
import { SESSION_COOKIE, XSRF_COOKIE, cookieOptions } from './auth/session.js';
import { createXsrfToken, isXsrfTokenValid, loadXsrfKey } from './auth/xsrf-token.js';
import { registerContent } from './content/register-content.js';
import { accountRoutes } from './modules/accounts/routes.js';
import { authRoutes } from './modules/sessions/routes.js';
import { lookupRoutes } from './modules/lookups/routes.js';
import { mailPreferenceRoutes } from './modules/profiles/mail-preferences.js';
import { profileRoutes } from './modules/profiles/routes.js';
import { policyRoutes } from './modules/policies/routes.js';
import { requestRoutes } from './modules/requests/routes.js';
import { claimConfirmationRoutes } from './modules/claims/confirmations.js';
import { claimHandlerRoutes } from './modules/claims/handler.js';
import { claimReceiptRoutes } from './modules/claims/claim-receipts.js';
import { claimRoutes } from './modules/claims/routes.js';
import { visitorClaimRoutes } from './modules/claims/visitor-claims.js';
import { documentRoutes } from './modules/policies/documents.js';
import { metaRoutes } from './http/meta.js';
import { sessionRoutes } from './modules/sessions/my-sessions.js';
import { dataExportRoutes } from './modules/privacy/routes.js';
import { passkeyLoginRoutes } from './modules/passkeys/login.js';
import { passkeyRoutes } from './modules/passkeys/routes.js';
import { SANDBOX_PREFIX, paymentRoutes } from './modules/payments/routes.js';
import { proofRoutes } from './modules/proofs/routes.js';
import { receiptUploadRoutes } from './modules/claims/receipt-uploads.js';

/** What the app is built from; tests pass an in-memory database and their own clock. */
export interface AppOptions {
  db: Db;
  config: Config;
  /** Mail sending; without one the app makes its own on `db` and closes it with the app. */
  mailer?: Mailer;
  logger?: FastifyBaseLogger | boolean;
  /** Set to not ready when the process shuts down (see server.ts); always ready without one. */
  readiness?: Readiness;
}

/** The X-Request-Id values the api takes from the host: its UUIDs, or any short plain token. */
const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * The id of a request: the host's X-Request-Id, so that the host's log line, the api's and a 500's
 * incident id all carry the same value; a new one when the header is missing or not a plain token.
 */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** JSON bodies above this size get 413. */
export const BODY_LIMIT = 1024 * 1024;
/** Largest uploaded file. */
export const FILE_LIMIT = 10 * 1024 * 1024;

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

declare module 'fastify' {
  interface FastifyRequest {
    /** Whether the XSRF-TOKEN cookie is signed by this api for the request's session cookie. */
    xsrfValid: boolean;
  }
  interface FastifyReply {
    /** Sets a new anti-forgery cookie bound to `sessionId` (the empty string: no session). */
    renewXsrf(sessionId: string): void;
  }
}

function setXsrfCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  void reply.setCookie(XSRF_COOKIE, token, cookieOptions(request, false));
}

/** Builds the Fastify app (not listening). */
export async function buildApp({
  db,
  config,
  mailer,
  logger = false,
  readiness = { ready: true },
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Every request is logged without the secrets its URL may carry (a letter's QR token, the content
    // API key): see @portal/shared/token-pages.
    ...(typeof logger === 'boolean'
      ? { logger: logger && { serializers: { req: redactedRequestLog } } }
      : { loggerInstance: logger.child({}, { serializers: { req: redactedRequestLog } }) }),
    bodyLimit: BODY_LIMIT,
    // Only these proxies may set X-Forwarded-For/-Proto (client address, https for Secure cookies).
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors,
    requestIdHeader: false,
    genReqId: (request) => requestIdOf(request.headers),
  });

  registerErrorHandling(app);
  // Only with OPS_TOKEN: without it `/metrics` is not there at all (404).
  if (config.opsToken) {
    const registry = createApiMetrics(db, (error) =>
      app.log.warn({ err: error }, 'A metric could not be read'),
    );
    registerMetrics(app, { registry, opsToken: config.opsToken });
  }
  registerContractGuards(app);
  registerInputGuards(app);
  await registerRateLimits(app, db);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: FILE_LIMIT, files: 5, fields: 20 } });

  // An empty JSON body (e.g. PUT reset/password) is allowed; anything else must parse.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new ApiError(400, 'MALFORMED_JSON', 'The request body is not valid JSON.'), undefined);
    }
  });

  // Signed double-submit anti-forgery (./auth/xsrf-token.ts): the readable XSRF-TOKEN cookie, signed
  // and bound to the session cookie, must come back in X-XSRF-TOKEN on every state-changing call. The
  // content endpoint is exempt: it is read-only and key-protected. The payment sandbox's page posts a
  // plain form, which carries the same token as a field instead.
  const xsrfKey = await loadXsrfKey(db, config.xsrfSecret);
  app.decorateRequest('xsrfValid', false);
  app.addHook('onRequest', async (request, reply) => {
    const cookieToken = request.cookies[XSRF_COOKIE];
    const sessionId = request.cookies[SESSION_COOKIE] ?? '';
    request.xsrfValid = isXsrfTokenValid(xsrfKey, cookieToken, sessionId);
    // A browser without a token of this session (a first visit, a token from before a login or of a
    // key that changed) gets one with this answer, whatever it is.
    if (!request.xsrfValid) setXsrfCookie(request, reply, createXsrfToken(xsrfKey, sessionId));
    // The logout is a GET (SPEC §7) that changes state: another site's link or image must not end the
    // student's session, so it needs the header like any write.
    const isLogout = request.routeOptions.url === '/api/logout';
    // The operations endpoints take no cookie, only OPS_TOKEN in a header no other site can make a
    // browser send, so there is nothing to forge.
    if (
      (SAFE_METHODS.has(request.method) && !isLogout) ||
      request.url.startsWith('/api/ops/') ||
      request.url.startsWith('/sitecore/') ||
      request.url.startsWith(SANDBOX_PREFIX)
    )
      return;
    // The header must carry a token of this session, and the cookie one too. They need not be the same
    // token: on a first visit, answers that crossed each set a new one, and a page may send the one it
    // read while the next is arriving. Only a page of the portal can read a token and set the header.
    const headerToken = request.headers['x-xsrf-token'];
    if (
      !request.xsrfValid ||
      typeof headerToken !== 'string' ||
      (headerToken !== cookieToken && !isXsrfTokenValid(xsrfKey, headerToken, sessionId))
    ) {
      throw new ApiError(403, 'XSRF_INVALID', 'The anti-forgery token is missing or wrong.');
    }
  });
  // A login or a logout changes the session: the token that goes with it is bound to the new one.
  app.decorateReply('renewXsrf', function (this: FastifyReply, sessionId: string) {
    setXsrfCookie(this.request, this, createXsrfToken(xsrfKey, sessionId));
  });

  app.addHook('onSend', async (request, reply, payload) => {
    reply.removeHeader('www-authenticate');
    // Answers of the api are personal or change with every call: no browser or proxy may keep them.
    if (
      (request.url.startsWith('/api/') || request.url.startsWith('/pacos')) &&
      !reply.hasHeader('cache-control')
    ) {
      void reply.header('Cache-Control', 'no-store');
    }
    return payload;
  });

  const appMailer = mailer ?? createMailer(db, config, app.log);
  if (!mailer) app.addHook('onClose', () => appMailer.close());
  const context = { db, config, mailer: appMailer, readiness };
  await app.register(metaRoutes, context);
  await app.register(authRoutes, context);
  await app.register(accountRoutes, context);
  await app.register(passkeyRoutes, context);
  await app.register(passkeyLoginRoutes, context);
  await app.register(sessionRoutes, context);
  await app.register(dataExportRoutes, context);
  await app.register(lookupRoutes, context);
  await app.register(profileRoutes, context);
  await app.register(mailPreferenceRoutes, context);
  await app.register(documentRoutes, context);
  await app.register(policyRoutes, context);
  await app.register(requestRoutes, context);
  await app.register(claimRoutes, context);
  await app.register(visitorClaimRoutes, context);
  await app.register(claimReceiptRoutes, context);
  await app.register(receiptUploadRoutes, context);
  await app.register(claimConfirmationRoutes, context);
  await app.register(claimHandlerRoutes, context);
  await app.register(paymentRoutes, context);
  await app.register(proofRoutes, context);
  await registerContent(app, {
    apiKey: config.contentApiKey,
    introspection: config.graphqlIntrospection,
    rateLimit: contentRateLimit(config),
  });
  return app;
}
