import { validateHeaderValue } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A field that failed validation. */
export interface FieldError {
  field: string;
  code: string;
}

/** An expected error with its status and `{code, message}` body. */
export class ApiError extends Error {
  /** Of a 429: seconds until the client may try again, sent as `Retry-After`. */
  retryAfterSeconds?: number;

  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Common errors with their SPEC §8 wording. */
export const errors = {
  unauthenticated: () => new ApiError(401, 'UNAUTHENTICATED', 'Please log in.'),
  forbidden: () => new ApiError(403, 'FORBIDDEN', 'You may not access this resource.'),
  notFound: (what = 'Resource') => new ApiError(404, 'NOT_FOUND', `${what} not found.`),
  validation: (fields: FieldError[]) =>
    new ApiError(400, 'VALIDATION_FAILED', 'Some fields are invalid.', { fields }),
  invalidLink: () => new ApiError(401, 'INVALID_TOKEN', 'Sorry, this link is invalid or expired.'),
  invalidPassword: () => new ApiError(401, 'INVALID_PASSWORD', 'Invalid password.'),
};

/**
 * Fastify's `frameworkErrors`: a URL that cannot be decoded or a path parameter that is too long is
 * answered before routing, so without this it would get Fastify's own body instead of the contract's.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply.status(tooLong ? 414 : 400).send({
    code: tooLong ? 'URI_TOO_LONG' : 'BAD_URL',
    message: tooLong ? 'The address is too long.' : 'The address cannot be read.',
  });
}

/** Maps every error to `{code, message, incidentId?, fields?}`; unexpected ones get an incident id. */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setNotFoundHandler((request, reply) => {
    void reply
      .status(404)
      .send({ code: 'NOT_FOUND', message: `No route for ${request.method} ${request.url}.` });
  });

  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      // The rate limiter sets its own; a limit counted by a route (mails, letters, claims) sets it here.
      if (error.retryAfterSeconds !== undefined && !reply.hasHeader('retry-after')) {
        void reply.header('Retry-After', String(error.retryAfterSeconds));
      }
      return reply
        .status(error.statusCode)
        .send({ code: error.code, message: error.message, ...error.extra });
    }
    const fastifyCode = (error as FastifyError).code;
    // Only a body that failed to parse is the client's fault (our JSON parser throws ApiError for it).
    // Any other SyntaxError (a JSON.parse of stored data, a bad RegExp) is a programming error and gets
    // an incident id and a logged stack like every other one.
    if (fastifyCode === 'FST_ERR_CTP_INVALID_JSON_BODY') {
      return reply
        .status(400)
        .send({ code: 'MALFORMED_JSON', message: 'The request body is not valid JSON.' });
    }
    if (fastifyCode === 'FST_ERR_CTP_EMPTY_JSON_BODY') {
      return reply.status(400).send({ code: 'MALFORMED_JSON', message: 'The request body is empty.' });
    }
    if (
      fastifyCode === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
      fastifyCode === 'FST_REQ_FILE_TOO_LARGE' ||
      (error as FastifyError).statusCode === 413
    ) {
      return reply.status(413).send({ code: 'PAYLOAD_TOO_LARGE', message: 'The request is too large.' });
    }
    if (fastifyCode === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type.' });
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      return reply.status(status).send({ code: 'BAD_REQUEST', message: error.message });
    }
    return reply.status(500).send(internalError(request, error));
  });

  // A header value with a line break or a NUL byte (a stored URL, a file name) would make Node refuse
  // the whole answer after the handler, and Fastify would send its own 500 body. Caught here instead:
  // the header is dropped and the answer becomes the contract's 500 with an incident id.
  app.addHook('onSend', async (request, reply, payload) => {
    const invalid = Object.entries(reply.getHeaders()).filter(([name, value]) => {
      try {
        for (const item of Array.isArray(value) ? value : [value]) {
          if (item !== undefined) validateHeaderValue(name, String(item));
        }
        return false;
      } catch {
        return true;
      }
    });
    if (invalid.length === 0) return payload;
    for (const [name] of invalid) reply.removeHeader(name);
    const body = internalError(
      request,
      new Error(`Invalid header value: ${invalid.map(([name]) => name).join(', ')}`),
    );
    void reply.status(500).header('Content-Type', 'application/json; charset=utf-8');
    return JSON.stringify(body);
  });
}

/**
 * The 500 body: a logged incident id and no details. The incident id is the request's id (the host's
 * X-Request-Id), so that one search finds the host's and the api's lines of the request.
 */
function internalError(request: FastifyRequest, error: unknown) {
  const incidentId = request.id;
  request.log.error({ err: error, incidentId }, 'Unexpected error');
  return {
    code: 'INTERNAL_ERROR',
    message:
      'Internal error: Please try again later and if the problem persists contact us with an error code.',
    incidentId,
  };
}
