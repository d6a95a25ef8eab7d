// The contract's error body (`{ code, message, incidentId? }`, CONTRACT.md) for what a static server
// (the host, a remote) answers itself: an address that cannot be decoded, a path the static files
// refuse, a file that is not there, a body too large, a failure. Fastify and @fastify/static would
// otherwise answer with their own bodies (`FST_ERR_BAD_URL`, `FST_STATIC_FORBIDDEN_PATH`).
import { randomUUID } from 'node:crypto';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';

/** A code of the contract for each client error a static server answers. */
const CODES: Readonly<Record<number, string>> = {
  400: 'BAD_REQUEST',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  406: 'NOT_ACCEPTABLE',
  411: 'LENGTH_REQUIRED',
  413: 'PAYLOAD_TOO_LARGE',
  414: 'URI_TOO_LONG',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  416: 'RANGE_NOT_SATISFIABLE',
  431: 'HEADERS_TOO_LARGE',
};

/** The messages a client may read: what was wrong with its request, never a server's details. */
const MESSAGES: Readonly<Record<string, string>> = {
  BAD_REQUEST: 'The request cannot be read.',
  FORBIDDEN: 'Not found.',
  NOT_FOUND: 'Not found.',
  PAYLOAD_TOO_LARGE: 'The request is too large.',
  URI_TOO_LONG: 'The address is too long.',
  UNSUPPORTED_MEDIA_TYPE: 'Unsupported content type.',
};

/** The body of a client error of `status`. */
export function clientErrorBody(status: number): { code: string; message: string } {
  const code = CODES[status] ?? 'BAD_REQUEST';
  return { code, message: MESSAGES[code] ?? 'The request cannot be answered.' };
}

/**
 * Fastify's `frameworkErrors`: an address that cannot be decoded (`%ff`) or a path parameter that is
 * too long is refused before any route or hook, with the contract's body.
 */
export function contractFrameworkErrors(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
  void reply
    .code(tooLong ? 414 : 400)
    .header('Cache-Control', 'no-store')
    .send(tooLong ? clientErrorBody(414) : { code: 'BAD_URL', message: 'The address cannot be read.' });
}

/**
 * The error handler: a client error keeps its status with the contract's body (a path the static
 * files refuse, such as one with a NUL byte, answers as a missing file: 404); anything else is a 500
 * with an incident id, logged with the error.
 */
export function contractErrorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const shown = status === 403 && error.code === 'FST_STATIC_FORBIDDEN_PATH' ? 404 : status;
    return reply.code(shown).header('Cache-Control', 'no-store').send(clientErrorBody(shown));
  }
  const incidentId = randomUUID();
  request.log.error({ err: error, incidentId }, 'Unexpected error');
  return reply.code(500).header('Cache-Control', 'no-store').send({
    code: 'INTERNAL_ERROR',
    message:
      'Internal error: Please try again later and if the problem persists contact us with an error code.',
    incidentId,
  });
}
