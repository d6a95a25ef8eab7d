/** @jest-environment jest-fixed-jsdom */
import { HTTPError } from '@portal/shared';
import { uploadReceipts } from './resumable-receipts';

// This remote with the @portal/shared of a host one release older: without `readCookie` and
// `httpErrorOf`, which came after 0.1.2. The upload still sends the anti-forgery header and rejects
// with the portal's `HTTPError`.
jest.mock('@portal/shared', () => ({
  ...jest.requireActual('@portal/shared'),
  readCookie: undefined,
  httpErrorOf: undefined,
}));

type Options = {
  onBeforeRequest: (request: { setHeader: (name: string, value: string) => void }) => void;
  onError?: (error: Error) => void;
};
const made: Array<{ options: Options }> = [];
jest.mock('tus-js-client', () => ({
  Upload: class {
    url = null;
    constructor(
      readonly file: File,
      readonly options: Options,
    ) {
      made.push(this);
    }
    start() {}
    abort() {
      return Promise.resolve();
    }
  },
}));

it('should send the anti-forgery header and reject with the api answer on a host whose shared package is older', async () => {
  document.cookie = 'XSRF-TOKEN=older-host-token';
  const sending = uploadReceipts([new File([new Uint8Array(10)], 'page.pdf', { type: 'application/pdf' })]);
  await new Promise((resolve) => setTimeout(resolve, 0));
  const upload = made[0];
  expect(upload).toBeDefined();
  const headers: Record<string, string> = {};
  upload!.options.onBeforeRequest({ setHeader: (name, value) => (headers[name] = value) });
  expect(headers).toEqual({ 'X-XSRF-TOKEN': 'older-host-token' });
  const body = JSON.stringify({ code: 'PAYLOAD_TOO_LARGE', message: 'The receipt is too large.' });
  upload!.options.onError?.(
    Object.assign(new Error('tus: unexpected response'), {
      originalRequest: {
        getURL: () => 'http://localhost/api/en/receipt-uploads/RCT-1',
        getMethod: () => 'PATCH',
      },
      originalResponse: { getStatus: () => 413, getBody: () => body, getHeader: () => 'application/json' },
    }),
  );
  const failure = await sending.catch((caught: unknown) => caught);
  expect(failure).toBeInstanceOf(HTTPError);
  expect((failure as HTTPError).response.status).toBe(413);
  expect(await (failure as HTTPError).response.json()).toEqual(JSON.parse(body));
});
