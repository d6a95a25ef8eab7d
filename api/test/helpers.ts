import assert from 'node:assert/strict';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { addDays, format } from 'date-fns';
import addFormats from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { pino } from 'pino';
import type { Logger } from 'pino';
import { buildApp } from '../src/app.js';
import { createXsrfToken } from '../src/auth/xsrf-token.js';
import { loadConfig } from '../src/config.js';
import type { Config } from '../src/config.js';
import { migrate } from '../src/db/db.js';
import type { Db } from '../src/db/db.js';
import { createMailer } from '../src/mail/outbox.js';
import type { Mailer } from '../src/mail/outbox.js';
import { loadOpenapi } from '../src/http/meta.js';
import { DEMO_PASSWORD, seed } from '../src/seed/seed.js';
import { createTestDb } from './test-db.js';

export type Json = Record<string, unknown>;

/** A mail of `GET /api/dev/outbox`. */
export interface OutboxMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  createdAt: string;
}

/** Limits high enough that no ordinary test meets them. */
export const TEST_RATE_LIMITS = {
  authPerMinute: 100_000,
  contentPerMinute: 100_000,
  verifyCodePerMinute: 100_000,
  verifyLinkPerMinute: 100_000,
  mailsPerHour: 100_000,
  visitorClaimsPerHour: 100_000,
  visitorClaimsPerPolicyPerDay: 100_000,
  lettersPerHour: 100_000,
  anonymousWritesPerHour: 100_000,
  claimsPerDay: 100_000,
};
/** A cheap scrypt cost (N = 2^10) for tests; production uses 2^17. */
export const TEST_SCRYPT_LOG_N = 10;

/** The anti-forgery signing key of every test app (XSRF_SECRET), so that tests can sign tokens. */
export const TEST_XSRF_SECRET = 'a-test-key-for-anti-forgery-tokens-0123456789';

/** An anti-forgery token this api accepts for `sessionId` (the empty string: no session). */
export function signedXsrf(sessionId = ''): string {
  return createXsrfToken(Buffer.from(TEST_XSRF_SECRET, 'utf8'), sessionId);
}

/** A test app on a fresh in-memory database with a movable clock. */
export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  mailer: Mailer;
  clock: { now: Date };
  /** `app.inject` that also checks the answer against the OpenAPI document. */
  request: (options: InjectOptions) => Promise<LightMyRequestResponse>;
  /** Logs in; returns the cookie header to send and the login body. */
  login: (email: string, password?: string) => Promise<{ cookie: string; xsrf: string; profileId: string }>;
  /** Puts the clock back to the start and reloads the demo data: a fresh database without a new PGlite. */
  reset: () => Promise<void>;
  /** The development outbox, newest first. */
  outbox: () => Promise<OutboxMail[]>;
  close: () => Promise<void>;
}

const openapi = await loadOpenapi();
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
ajv.addSchema(openapi, 'openapi');

function operationFor(method: string, url: string): Json | undefined {
  const pathname = url.split('?')[0] ?? url;
  const paths = openapi.paths as Record<string, Record<string, Json>>;
  for (const [template, item] of Object.entries(paths)) {
    const pattern = new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`);
    const operation = item[method.toLowerCase()];
    if (operation && (pattern.test(pathname) || pattern.test(`${pathname}/`))) return operation;
  }
  return undefined;
}

/** Fails when the response is not described by the OpenAPI document. */
export function assertMatchesOpenapi(method: string, url: string, response: LightMyRequestResponse): void {
  const operation = operationFor(method, url);
  // Every route the tests call must be in the document; the one test of an unknown route calls
  // `app.inject` itself and asserts the 404 explicitly.
  assert.ok(operation, `${method} ${url} is not in the OpenAPI document`);
  assertMatchesOperation(operation, `${method} ${url}`, response);
}

/** The operations of the OpenAPI document: method, path template and the operation itself. */
export function openapiOperations(): Array<{ method: string; path: string; operation: Json }> {
  const paths = openapi.paths as Record<string, Record<string, Json>>;
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'put', 'post', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({ method: method.toUpperCase(), path, operation })),
  );
}

/**
 * Fails when `operation` does not declare the response's status, or its body does not match what the
 * document says of that status. Every status counts: none is taken as declared.
 */
export function assertMatchesOperation(
  operation: Json,
  label: string,
  response: LightMyRequestResponse,
): void {
  const responses = operation.responses as Record<string, Json>;
  const described = responses[String(response.statusCode)];
  assert.ok(described, `${label}: status ${response.statusCode} is not documented`);
  const ref = described.$ref as string | undefined;
  const resolved = ref
    ? (((openapi.components as Json).responses as Json)[ref.split('/').pop() ?? ''] as Json)
    : described;
  const content = resolved.content as Record<string, { schema: Json }> | undefined;
  if (!content) {
    assert.equal(response.body, '', `${label}: ${response.statusCode} should have no body`);
    return;
  }
  const type = String(response.headers['content-type'] ?? '').split(';')[0] ?? '';
  const media = content[type];
  assert.ok(media, `${label}: content type ${type} is not documented`);
  if (type === 'application/json') {
    const schema = media.schema.$ref ? { $ref: `openapi${media.schema.$ref}` } : { ...media.schema };
    const validate = ajv.compile(
      JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"openapi#/components')),
    );
    assert.ok(validate(response.json()), `${label}: ${ajv.errorsText(validate.errors)}`);
  }
}

/** What a test may change about its app. */
export interface TestAppOptions {
  /** Settings over the defaults (e.g. `smtpUrl`). */
  config?: Partial<Config>;
  /** Receives the mailer's and the app's log; silent by default. */
  logger?: Logger;
}

/** Builds a seeded app; `start` sets the clock. */
export async function createTestApp(start = new Date(), options: TestAppOptions = {}): Promise<TestApp> {
  const clock = { now: start };
  const config: Config = {
    ...loadConfig({}),
    devOutbox: true,
    // Tests log in hundreds of times from one address and hash passwords at every seed; the limits and
    // the hash cost have tests of their own.
    rateLimits: TEST_RATE_LIMITS,
    scryptLogN: TEST_SCRYPT_LOG_N,
    xsrfSecret: TEST_XSRF_SECRET,
    ...options.config,
    now: () => clock.now,
  };
  const db = await createTestDb();
  await migrate(db);
  const mailer = createMailer(db, config, options.logger ?? pino({ level: 'silent' }));
  await seed(db, config, mailer);
  const app = await buildApp({ db, config, mailer });
  await app.ready();
  const request = async (options: InjectOptions) => {
    const response = await app.inject(options);
    const url = typeof options.url === 'string' ? options.url : (options.url?.pathname ?? '/');
    assertMatchesOpenapi(options.method ?? 'GET', url, response);
    return response;
  };
  return {
    app,
    db,
    config,
    mailer,
    clock,
    request,
    async login(email, password = DEMO_PASSWORD) {
      const anonymous = signedXsrf();
      const response = await request({
        method: 'POST',
        url: '/api/login',
        headers: {
          authorization: `Basic ${Buffer.from(`${email}:${password}`).toString('base64')}`,
          cookie: `XSRF-TOKEN=${anonymous}`,
          'x-xsrf-token': anonymous,
        },
      });
      assert.equal(response.statusCode, 200, response.body);
      const session = response.cookies.find((c) => c.name === 'PORTAL_SESSION');
      assert.ok(session);
      // The login sets a token bound to the new session; the one from before no longer passes.
      const xsrf = response.cookies.findLast((c) => c.name === 'XSRF-TOKEN')?.value;
      assert.ok(xsrf);
      return {
        cookie: `PORTAL_SESSION=${session.value}; XSRF-TOKEN=${xsrf}`,
        xsrf,
        profileId: response.json().profileId,
      };
    },
    async reset() {
      clock.now = start;
      await seed(db, config, mailer);
    },
    async outbox() {
      const response = await request({ method: 'GET', url: '/api/dev/outbox' });
      assert.equal(response.statusCode, 200);
      return response.json<OutboxMail[]>();
    },
    async close() {
      await app.close();
      await mailer.close();
      await db.close();
    },
  };
}

/** Headers of an authenticated state-changing call. */
export function authHeaders(session: { cookie: string; xsrf: string }): Record<string, string> {
  return { cookie: session.cookie, 'x-xsrf-token': session.xsrf };
}

/** Only the anti-forgery cookie and header (anonymous state-changing calls). */
export const XSRF_ONLY: Record<string, string> = (() => {
  const token = signedXsrf();
  return { cookie: `XSRF-TOKEN=${token}`, 'x-xsrf-token': token };
})();

/** A fixed local noon, so that day arithmetic never crosses midnight during a run. */
export function fixedNoon(): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate(), 12, 0, 0);
}

/** Asserts the CONTRACT error body: `{code, message, incidentId?, fields?}` and nothing else. */
export function assertContractBody(response: LightMyRequestResponse, context = ''): void {
  const label = `${context} ${response.statusCode} ${response.body.slice(0, 200)}`;
  assert.match(String(response.headers['content-type']), /^application\/json/, label);
  const body = response.json<Record<string, unknown>>();
  assert.equal(typeof body.code, 'string', label);
  assert.equal(typeof body.message, 'string', label);
  for (const key of Object.keys(body)) {
    assert.ok(
      ['code', 'message', 'incidentId', 'fields'].includes(key) || response.statusCode === 409,
      label,
    );
  }
  if (body.fields !== undefined) {
    assert.ok(Array.isArray(body.fields), label);
    for (const field of body.fields as { field: unknown; code: unknown }[]) {
      assert.equal(typeof field.field, 'string', label);
      assert.equal(typeof field.code, 'string', label);
    }
  }
  if (response.statusCode >= 500) assert.equal(typeof body.incidentId, 'string', label);
}

/**
 * Anna's claim on her travel policy (seed) as multipart/form-data, three days before `start`: the
 * form fields, then each `extra` entry appended (receipts, or the ids of uploaded receipts).
 */
export async function annasClaimForm(
  start: Date,
  extra: Array<[string, string | Blob, string?]> = [],
): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  const fields = {
    policyNumber: 'TR-2026-100101',
    category: 'CLAIMS',
    incidentDate: format(addDays(start, -3), 'yyyy-MM-dd'),
    description: 'Doctor visit after a bicycle fall',
    amount: '125,50',
    iban: 'NL91 ABNA 0417 1643 00',
  };
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const [name, value, filename] of extra)
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, value, filename);
  const encoded = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    contentType: encoded.headers.get('content-type') ?? '',
  };
}
