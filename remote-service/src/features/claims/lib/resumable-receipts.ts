import { HTTPError, XSRF_COOKIE, XSRF_HEADER, apiPrefixUrl, httpErrorOf, readCookie } from '@portal/shared';
import type { DetailedError, Upload } from 'tus-js-client';

// `httpErrorOf` and `readCookie` came after @portal/shared 0.1.2. This remote runs with the host's
// @portal/shared, which may be a release older (docs/design.md, independent releases): there they are
// missing, and the upload reads the cookie itself and makes its `HTTPError` without the portal's hooks.
const hasHttpErrorOf = typeof httpErrorOf === 'function';
const hasReadCookie = typeof readCookie === 'function';

/** The anti-forgery cookie's value, as `readCookie` reads it. */
function xsrfToken(): string | undefined {
  if (hasReadCookie) return readCookie(XSRF_COOKIE);
  const prefix = `${XSRF_COOKIE}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

/** Where receipts are uploaded with the resumable protocol (tus); see the api's receipt-uploads route. */
export const RECEIPT_UPLOADS_PATH = 'api/en/receipt-uploads';

/**
 * Bytes per request. The host takes at most 1 MB in a request body, and a small piece means that a
 * break loses little: what arrived before it is kept by the api.
 */
export const UPLOAD_CHUNK_BYTES = 512 * 1024;

/** Waits between tries of a request that failed while the browser still says it is online. */
export const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000];

/** How the sending of receipts is followed. */
export type ReceiptUploadEvents = {
  /** Bytes that have arrived at the api, of all receipts together. */
  onProgress?: (arrived: number, total: number) => void;
  /** The connection is lost (`false`: the upload waits) or back (`true`: it goes on by itself). */
  onConnection?: (online: boolean) => void;
};

/** What is known of one file's upload: its upload (to resume), and its receipt id once complete. */
type Sent = { upload?: Upload; id?: string; arrived: number };

// Per file, for as long as the page lives: a second send of the same claim (after a refusal, or after
// the student pressed send again) resumes each upload where it stopped and sends none twice.
const sent = new WeakMap<File, Sent>();

const isOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** The receipt id at the end of an upload's address. */
function receiptIdOf(url: string | null): string {
  const id = url?.split('/').pop();
  if (!id) throw new Error('The upload has no address.');
  return id;
}

/** A tus failure read as the portal reads any failed request (`HTTPError`, or a `TypeError` for no answer). */
async function failureOf(error: Error | DetailedError): Promise<Error> {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  if (!response || status === 0) return new TypeError('The upload failed: no response.');
  const request = (error as DetailedError).originalRequest;
  const headers = { 'content-type': response.getHeader('content-type') ?? 'application/json' };
  if (hasHttpErrorOf)
    return httpErrorOf(request.getURL(), request.getMethod(), status, response.getBody(), headers);
  return new HTTPError(
    new Response(response.getBody(), { status, headers }),
    new Request(request.getURL(), { method: request.getMethod() }),
    {} as ConstructorParameters<typeof HTTPError>[2],
  );
}

/**
 * tus-js-client, fetched when a receipt is first added (or at the latest when it is sent): not with the
 * claim form, whose first paint it would delay by a file (`on-demand-`: left out of the page's preloads).
 */
const loadTus = () => import(/* webpackChunkName: "on-demand-tus" */ 'tus-js-client');

/** Starts fetching the code that sends receipts, while she fills in the rest of the form. */
export function prepareUploads(): void {
  loadTus().catch(() => {
    // Offline or a failed fetch: sending fetches it again.
  });
}

/**
 * Sends one file with tus-js-client and resolves to its receipt id. A lost connection does not fail it:
 * the browser's `offline` event stops the request under way, `onConnection(false)` says so, and the
 * `online` event starts it again from what the api has (it asks, then sends only the rest). Requests
 * that fail while the browser is online are tried again after {@link RETRY_DELAYS_MS}.
 */
async function sendOne(
  file: File,
  state: Sent,
  onArrived: (bytes: number) => void,
  onConnection: (online: boolean) => void,
): Promise<string> {
  const { Upload } = await loadTus();
  return new Promise<string>((resolve, reject) => {
    let waiting = false;
    const wait = () => {
      if (waiting) return;
      waiting = true;
      onConnection(false);
    };
    const goOffline = () => {
      void state.upload?.abort();
      wait();
    };
    const goOnline = () => {
      if (!waiting) return;
      waiting = false;
      onConnection(true);
      state.upload?.start();
    };
    const settle = () => {
      window.removeEventListener('offline', goOffline);
      window.removeEventListener('online', goOnline);
    };
    state.upload ??= new Upload(file, {
      endpoint: new URL(RECEIPT_UPLOADS_PATH, apiPrefixUrl()).href,
      chunkSize: UPLOAD_CHUNK_BYTES,
      retryDelays: RETRY_DELAYS_MS,
      metadata: { filename: file.name },
      // Kept in memory for this page only: another student on the same device never resumes it.
      storeFingerprintForResuming: false,
      onBeforeRequest: (request) => {
        const token = xsrfToken();
        if (token) request.setHeader(XSRF_HEADER, token);
      },
    });
    const upload = state.upload;
    upload.options.onChunkComplete = (_chunk, accepted) => {
      state.arrived = accepted;
      onArrived(accepted);
    };
    upload.options.onSuccess = () => {
      settle();
      state.id = receiptIdOf(upload.url);
      state.arrived = file.size;
      onArrived(file.size);
      resolve(state.id);
    };
    upload.options.onError = (error) => {
      // Offline: nothing to try now; the `online` event goes on.
      if (!isOnline()) {
        wait();
        return;
      }
      settle();
      void failureOf(error).then(reject);
    };
    window.addEventListener('offline', goOffline);
    window.addEventListener('online', goOnline);
    if (isOnline()) upload.start();
    else wait();
  });
}

/**
 * Sends the receipts one after the other with the resumable protocol and resolves to their receipt ids,
 * in order, for the claim to name. A file sent before (same page) is not sent again; one half sent is
 * continued. Rejects like `http` does: `HTTPError` with the api's answer, `TypeError` without one.
 */
export async function uploadReceipts(
  files: readonly File[],
  { onProgress, onConnection }: ReceiptUploadEvents = {},
): Promise<string[]> {
  const states = files.map((file) => {
    const state = sent.get(file) ?? { arrived: 0 };
    sent.set(file, state);
    return state;
  });
  const total = files.reduce((sum, file) => sum + file.size, 0);
  const report = () =>
    onProgress?.(
      states.reduce((sum, state) => sum + state.arrived, 0),
      total,
    );
  report();
  const ids: string[] = [];
  for (const [index, file] of files.entries()) {
    const state = states[index]!;
    if (!state.id) {
      state.id = await sendOne(
        file,
        state,
        () => report(),
        (online) => onConnection?.(online),
      );
    }
    ids.push(state.id);
  }
  return ids;
}

/**
 * Forgets what was sent of these files: after the api refused their receipts as not arrived (an upload
 * a day old is gone), the next send uploads them anew.
 */
export function forgetUploads(files: readonly File[]): void {
  for (const file of files) sent.delete(file);
}
