/**
 * Pages whose URL carries a mailed secret: the activation, new-password and e-mail confirmation links
 * (`/en/activate/{token}/{email}`, `/en/setpassword/{token}/{email}`, `/en/confirm-email/{token}/{email}`)
 * a proof-of-cover letter's QR code (`/en/verify/{token}`) and the link that asks a policyholder to confirm
 * a visitor's claim (`/en/confirm-claim/{token}`). Such a URL is never logged as it is ({@link redactUrl})
 * and never kept by the service worker.
 */
export const TOKEN_PAGES = ['activate', 'setpassword', 'confirm-email', 'verify', 'confirm-claim'] as const;

const TOKEN_PATH = new RegExp(`^(/+(?:en/+)?(?:${TOKEN_PAGES.join('|')})/+)[^?#]+`, 'i');
/** The api's check of a letter (the QR token or the short code) and of a claim's confirmation link. */
const VERIFY_API_PATH = /^(\/+api\/+(?:verify|claim-confirmations)\/+)[^?#]+/i;
/** Query parameters that hold a secret: the content API key the host adds on its way to the backend. */
const SECRET_PARAMETERS = /([?&](?:sc_apikey|apikey|api_key|token)=)[^&#]*/gi;

/** What a secret is replaced with. */
export const REDACTED = '[redacted]';

/** Whether a path (no origin) is one of the {@link TOKEN_PAGES} with its secret. */
export function isTokenPage(pathname: string): boolean {
  return TOKEN_PATH.test(pathname);
}

/**
 * A request URL (path and query) as it may be logged: the secret part of a token page or of a letter
 * check, and every secret query parameter, replaced with {@link REDACTED}.
 */
export function redactUrl(url: string): string {
  return url
    .replace(TOKEN_PATH, `$1${REDACTED}`)
    .replace(VERIFY_API_PATH, `$1${REDACTED}`)
    .replace(SECRET_PARAMETERS, `$1${REDACTED}`);
}

/** The parts of a request a server's request log reads. */
export interface LoggedRequest {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
}

/**
 * Fastify's request log entry (its default `req` serializer) with the URL redacted: what both the host
 * and the api log of every request.
 */
export function redactedRequestLog(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
