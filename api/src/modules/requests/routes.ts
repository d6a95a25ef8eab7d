import { randomBytes } from 'node:crypto';
import { contactRequestSchema, insuranceRequestSchema } from '@portal/contract/validation';
import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { ApiError, errors } from '../../errors.js';
import { insuranceRequestMail } from './mails.js';
import type { RequestLanguage } from './mails.js';
import { anonymousWriteRateLimit } from '../../rate-limits.js';
import { parseBody } from '../../validate.js';
import type { RouteContext } from '../../http/context.js';
import * as store from './store.js';

/** Dot paths of the keys of `input` that the schema dropped from `output` (unknown fields). */
export function unknownFields(input: unknown, output: unknown, path = ''): string[] {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return [];
  const kept = typeof output === 'object' && output !== null ? (output as Record<string, unknown>) : {};
  return Object.entries(input).flatMap(([key, value]) => {
    const field = path ? `${path}.${key}` : key;
    return key in kept ? unknownFields(value, kept[key], field) : [field];
  });
}

/** The language of a request's confirmation mail: `?lang=` of the page it was sent from, English by default. */
function requestLanguage(value: unknown): RequestLanguage {
  if (value === undefined || value === 'en') return 'en';
  if (value === 'nl') return 'nl';
  throw errors.validation([{ field: 'lang', code: 'validation.language.invalid' }]);
}

function serial(prefix: string): string {
  return `${prefix}-${new Date().getFullYear()}-${randomBytes(4).toString('hex').toUpperCase()}`;
}

/** Contact and insurance requests, sent without a login. */
export async function requestRoutes(
  app: FastifyInstance,
  { db, config, mailer }: RouteContext,
): Promise<void> {
  const today = () => config.now();

  const anonymous = { config: { rateLimit: anonymousWriteRateLimit(config) } };

  app.post('/api/portal/contactexpats', anonymous, async (request, reply) => {
    const body = parseBody(contactRequestSchema, request.body);
    await store.insertContactRequest(db, body, today());
    return reply.status(204).send();
  });

  app.post<{ Querystring: { lang?: unknown } }>('/api/en/requests', anonymous, async (request, reply) => {
    const language = requestLanguage(request.query.lang);
    const schema = insuranceRequestSchema({ today: today() });
    const result = v.safeParse(schema, request.body ?? {});
    if (
      !result.success &&
      result.issues.some((issue) => issue.message === 'validation.destination.homeCountry')
    ) {
      throw new ApiError(422, 'HOME_COUNTRY', "We can't insure your situation.", {
        fields: [{ field: 'destination', code: 'validation.destination.homeCountry' }],
      });
    }
    const body = result.success ? result.output : parseBody(schema, request.body);
    // Only what the schema knows is stored; anything else is refused rather than kept unread.
    const unknown = unknownFields(request.body, body);
    if (unknown.length > 0) {
      throw errors.validation(unknown.map((field) => ({ field, code: 'validation.unknownField' })));
    }
    const applicationNumber = serial('APP');
    // The request and its confirmation mail are stored together: no request without its mail, nor a mail
    // for a request that was not stored.
    await db.transaction(async (tx) => {
      await store.insertInsuranceRequest(tx, applicationNumber, body, today());
      await mailer.store(insuranceRequestMail(body.person.email, applicationNumber, language), tx);
    });
    mailer.wake();
    return reply.status(201).send({ applicationNumber });
  });
}
