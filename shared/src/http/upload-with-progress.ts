import { HTTPError } from 'ky';
import type { KyRequest, KyResponse, NormalizedOptions } from 'ky';

import { apiPrefixUrl } from './base-http';
import { RESPONSE_HOOKS } from './http';
import { XSRF_COOKIE, XSRF_HEADER, readCookie } from './xsrf';

/** How far an upload is: bytes sent of the request body's total. */
export type UploadProgress = { loaded: number; total: number };

/** Options of {@link postWithProgress}. */
export type UploadOptions = {
  /** Called as the body goes out (not for the response). */
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

// Statuses whose Response may not carry a body.
const NULL_BODY = new Set([101, 204, 205, 304]);

// The hooks and HTTPError take ky's normalized options; none of them reads them.
const NO_OPTIONS = {} as NormalizedOptions;

async function runHooks(request: Request, response: Response): Promise<void> {
  for (const hook of RESPONSE_HOOKS)
    await hook(request as KyRequest, NO_OPTIONS, response.clone() as KyResponse);
}

function responseOf(xhr: XMLHttpRequest): Response {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const separator = line.indexOf(':');
    if (separator > 0) headers.append(line.slice(0, separator).trim(), line.slice(separator + 1).trim());
  }
  const body = NULL_BODY.has(xhr.status) ? null : (xhr.responseText as string);
  return new Response(body, { status: xhr.status, statusText: xhr.statusText, headers });
}

/**
 * The failure of a request the portal made without `http` (an upload library's own requests), read as
 * `http` reads one: the response hooks run (a 401 ends the session, a 500 shows the incident alert) and
 * the error is ky's `HTTPError`, so {@link readApiError} and `errorStatus` read it.
 */
export async function httpErrorOf(
  url: string,
  method: string,
  status: number,
  body: string,
  headers: Record<string, string> = {},
): Promise<HTTPError> {
  const response = new Response(NULL_BODY.has(status) ? null : body, { status, headers });
  const request = new Request(url, { method, headers: { Accept: 'application/json' } });
  await runHooks(request, response);
  return new HTTPError(response, request, NO_OPTIONS);
}

/**
 * POSTs a multipart body and reports the upload's progress, which `fetch` (and so `http`) cannot.
 * Otherwise it behaves as `http`: same origin and cookies, the `X-XSRF-TOKEN` header, a 401 ends the
 * session and sends the student to log in, a 500 shows the incident alert. A status outside 200–299
 * rejects with the same `HTTPError` as `http`, so {@link readApiError} and `errorStatus` read it;
 * a network failure rejects with a `TypeError` and an abort with an `AbortError`, as `fetch` does.
 *
 * @param path - Relative to the page origin, without a leading slash (`api/en/claims`).
 */
export function postWithProgress(
  path: string,
  body: FormData,
  options: UploadOptions = {},
): Promise<Response> {
  const url = new URL(path, apiPrefixUrl()).href;
  const { onProgress, signal } = options;
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was aborted.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readCookie(XSRF_COOKIE);
    if (token) xhr.setRequestHeader(XSRF_HEADER, token);
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable) onProgress?.({ loaded: event.loaded, total: event.total });
    });
    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    xhr.addEventListener('load', () => {
      settle();
      const response = responseOf(xhr);
      const request = new Request(url, { method: 'POST', headers: { Accept: 'application/json' } });
      void runHooks(request, response).then(() => {
        if (response.ok) resolve(response);
        // ky's own error, so every caller reads a failure the same way.
        else reject(new HTTPError(response, request, NO_OPTIONS));
      });
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new TypeError('The upload failed: no response.'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(new DOMException('The upload was aborted.', 'AbortError'));
    });
    xhr.send(body);
  });
}
