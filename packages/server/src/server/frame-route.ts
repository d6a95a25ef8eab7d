// `POST /frames` on a remote's server: a student's own first frame, for the host server to put in her
// page, or a content page's frame with its content (see ../prerender/frame-renderer.ts). The request carries everything the page shows; the
// remote holds no session and reads nothing, so it can answer only with the data it was given. Only
// the host may ask (the shared secret of ./frame-auth.ts), and a render's cost is bounded: so many
// list items, so long a wait.
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { SUPPORTED_LOCALES } from '@portal/shared';
import { isPlainText } from '@portal/contract/validation';
import type { FrameRenderer } from '../prerender/frame-types';
import {
  FRAME_ITEM_LIMIT,
  FRAME_SECRET_VARIABLE,
  FRAME_TIME_BUDGET_MS,
  frameItemCount,
  isFrameCaller,
  readFrameSecret,
} from './frame-auth';

/** The largest request body: a student's first reads (a policy is about a kilobyte on the wire). */
export const FRAME_BODY_LIMIT = 512 * 1024;
/** Renders run one at a time; past this many waiting, a request is refused (the host keeps its frame). */
export const FRAME_QUEUE_LIMIT = 8;
/**
 * Renders a minute per client address (the host is one client): the endpoint is on the remote's
 * public origin, and only the host holds the secret, so this bounds the host itself (a student
 * reloading). Past it the host keeps the build's frame. `REMOTE_FRAME_RATE_LIMIT` sets another.
 */
export const FRAME_RATE_LIMIT_PER_MINUTE = 1200;

// Plain text only: no control characters, no lone surrogates.
const printable = (max: number) =>
  v.pipe(
    v.string(),
    v.minLength(1),
    v.maxLength(max),
    v.check((value) => isPlainText(value), 'must be plain text'),
  );

// An object of named entries, not a list.
const entries = (key: ReturnType<typeof printable>) =>
  v.pipe(
    v.custom<Record<string, unknown>>(
      (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
      'must be an object',
    ),
    v.record(key, v.unknown()),
  );

const frameRequestSchema = v.strictObject({
  route: printable(100),
  locale: v.picklist(SUPPORTED_LOCALES),
  // A student's page names her; a content page is rendered for a visitor, or for some student.
  profileId: v.optional(printable(64)),
  member: v.optional(v.boolean()),
  pathname: v.optional(v.pipe(printable(300), v.startsWith('/', 'must start with /'))),
  answers: entries(printable(300)),
  content: v.optional(entries(printable(100))),
});

function refuse(reply: FastifyReply, status: number, code: string, message: string): FastifyReply {
  return reply.code(status).header('Cache-Control', 'no-store').send({ code, message });
}

/**
 * Adds `POST /frames` to a remote's server, answered by `renderer`, and `GET /frames`, which names the
 * routes it renders.
 */
export async function registerFrameRoute(
  app: FastifyInstance,
  renderer: FrameRenderer,
  {
    perMinute = Number(process.env.REMOTE_FRAME_RATE_LIMIT) || FRAME_RATE_LIMIT_PER_MINUTE,
    secret = readFrameSecret(process.env),
    budgetMs = FRAME_TIME_BUDGET_MS,
  }: { perMinute?: number; secret?: string | undefined; budgetMs?: number } = {},
): Promise<void> {
  if (!secret)
    app.log.warn(
      `${FRAME_SECRET_VARIABLE} is not set: POST /frames answers 401 and the host sends the build's frames.`,
    );
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      global: false,
      // An IPv6 client by its /64, as the api counts its clients.
      keyGenerator: (request) => normalizeIP(request.ip),
      errorResponseBuilder: (_request, context) =>
        Object.assign(
          new Error(`Too many frames asked for; try again in ${Math.ceil(context.ttl / 1000)} s.`),
          {
            statusCode: 429,
          },
        ),
    });
    // A body that is not JSON, too large or of another type answers as every error does.
    scope.setErrorHandler((error: { statusCode?: number; message: string }, request, reply) => {
      const status =
        error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
      if (status === 500) request.log.error(error, 'a frame could not be rendered');
      const code =
        status === 500
          ? 'FRAME_FAILED'
          : status === 429
            ? 'RATE_LIMITED'
            : status === 415
              ? 'UNSUPPORTED_MEDIA_TYPE'
              : 'INVALID_REQUEST';
      void refuse(reply, status, code, status === 500 ? 'The frame could not be rendered.' : error.message);
    });
    // A frame request is JSON: a body of another type gets 415 (Fastify would read text/plain as a string).
    scope.removeContentTypeParser('text/plain');
    // Which routes this remote renders frames for, and the content queries of its content pages: the
    // host asks only for those, with those queries' answers.
    scope.get('/frames', async (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').send({
        routes: [...renderer.routes.keys()],
        content: Object.fromEntries(
          [...renderer.routes]
            .filter(([, route]) => Object.keys(route.content).length > 0)
            .map(([name, route]) => [name, route.content]),
        ),
      }),
    );
    const limit = { max: perMinute, timeWindow: 60_000 };
    scope.post(
      '/frames',
      {
        bodyLimit: FRAME_BODY_LIMIT,
        config: { rateLimit: limit },
        // Before the body is read: a caller without the secret costs no parsing.
        onRequest: async (request, reply) => {
          if (!secret || !isFrameCaller(request.headers.authorization, secret))
            return refuse(reply, 401, 'UNAUTHORIZED', 'Only the portal’s host server may ask for frames.');
        },
      },
      async (request, reply) => {
        // The host stops waiting after the budget: a render that cannot start by then is for nobody.
        const deadline = Date.now() + budgetMs;
        const parsed = v.safeParse(frameRequestSchema, request.body);
        if (!parsed.success)
          return refuse(
            reply,
            400,
            'INVALID_REQUEST',
            `The frame request is not valid: ${v.summarize(parsed.issues)}`,
          );
        if (frameItemCount({ ...parsed.output.answers, ...parsed.output.content }) > FRAME_ITEM_LIMIT)
          return refuse(
            reply,
            413,
            'TOO_MANY_ITEMS',
            `A frame shows at most ${FRAME_ITEM_LIMIT} items; the page renders more itself.`,
          );
        if (renderer.waiting() >= FRAME_QUEUE_LIMIT)
          return refuse(reply, 503, 'BUSY', 'Too many frames are being rendered; try again later.');
        try {
          const html = await renderer.render(parsed.output, { deadline });
          return reply.header('Cache-Control', 'no-store').send({ html });
        } catch (error) {
          if (error instanceof Error && error.name === 'FrameRequestError')
            return refuse(reply, 400, 'INVALID_REQUEST', error.message);
          if (error instanceof Error && error.name === 'FrameTooLateError')
            return refuse(reply, 503, 'TOO_LATE', error.message);
          throw error;
        }
      },
    );
  });
}
