// `POST /frames` on a remote's server: a student's own first frame, for the host server to put in her
// page (see ../prerender/frame-renderer.ts). The request carries everything the page shows; the
// remote holds no session and reads nothing, so it can answer only with the data it was given.
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { SUPPORTED_LOCALES } from '../i18n/locales';
import { isPlainText } from '../validation/fields';
import type { FrameRenderer } from '../prerender/frame-renderer';

/** The largest request body: a student's first reads (a policy is about a kilobyte on the wire). */
export const FRAME_BODY_LIMIT = 512 * 1024;
/** Renders run one at a time; past this many waiting, a request is refused (the host keeps its frame). */
export const FRAME_QUEUE_LIMIT = 8;
/**
 * Renders a minute per client address (the host is one client): the endpoint is on the remote's
 * public origin, and a render costs a few milliseconds of CPU, so nobody else may keep it busy. Past
 * it the host keeps the build's frame. `REMOTE_FRAME_RATE_LIMIT` sets another.
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

const frameRequestSchema = v.strictObject({
  route: printable(100),
  locale: v.picklist(SUPPORTED_LOCALES),
  profileId: printable(64),
  answers: v.record(printable(300), v.unknown()),
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
  { perMinute = Number(process.env.REMOTE_FRAME_RATE_LIMIT) || FRAME_RATE_LIMIT_PER_MINUTE } = {},
): Promise<void> {
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
      const code = status === 500 ? 'FRAME_FAILED' : status === 429 ? 'RATE_LIMITED' : 'INVALID_REQUEST';
      void refuse(reply, status, code, status === 500 ? 'The frame could not be rendered.' : error.message);
    });
    // Which routes this remote renders frames for: the host asks only for those.
    scope.get('/frames', async (_request, reply) =>
      reply.header('Cache-Control', 'no-cache').send({ routes: [...renderer.routes.keys()] }),
    );
    const limit = { max: perMinute, timeWindow: 60_000 };
    scope.post(
      '/frames',
      { bodyLimit: FRAME_BODY_LIMIT, config: { rateLimit: limit } },
      async (request, reply) => {
        const parsed = v.safeParse(frameRequestSchema, request.body);
        if (!parsed.success)
          return refuse(
            reply,
            400,
            'INVALID_REQUEST',
            `The frame request is not valid: ${v.summarize(parsed.issues)}`,
          );
        if (renderer.waiting() >= FRAME_QUEUE_LIMIT)
          return refuse(reply, 503, 'BUSY', 'Too many frames are being rendered; try again later.');
        try {
          const html = await renderer.render(parsed.output);
          return reply.header('Cache-Control', 'no-store').send({ html });
        } catch (error) {
          if (error instanceof Error && error.name === 'FrameRequestError')
            return refuse(reply, 400, 'INVALID_REQUEST', error.message);
          throw error;
        }
      },
    );
  });
}
