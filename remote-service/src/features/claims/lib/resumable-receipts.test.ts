/** @jest-environment jest-fixed-jsdom */
import { HTTPError } from '@portal/shared';

import {
  RECEIPT_UPLOADS_PATH,
  UPLOAD_CHUNK_BYTES,
  forgetUploads,
  uploadReceipts,
} from './resumable-receipts';

// tus-js-client itself is tested by its authors; here each Upload it would make is recorded and the
// test plays the api's side: chunks that arrive, a break, an answer.
type Options = {
  endpoint: string;
  chunkSize: number;
  retryDelays: number[];
  metadata: Record<string, string>;
  onBeforeRequest: (request: { setHeader: (name: string, value: string) => void }) => void;
  onChunkComplete?: (chunk: number, accepted: number, total: number) => void;
  onSuccess?: () => void;
  onError?: (error: Error) => void;
};
class FakeUpload {
  static made: FakeUpload[] = [];
  url: string | null = null;
  starts = 0;
  aborts = 0;
  constructor(
    readonly file: File,
    readonly options: Options,
  ) {
    FakeUpload.made.push(this);
  }
  start() {
    this.starts += 1;
  }
  abort() {
    this.aborts += 1;
    return Promise.resolve();
  }
  /** The api took bytes up to `accepted`. */
  arrive(accepted: number) {
    this.options.onChunkComplete?.(UPLOAD_CHUNK_BYTES, accepted, this.file.size);
  }
  finish(id: string) {
    this.url = `http://localhost/${RECEIPT_UPLOADS_PATH}/${id}`;
    this.options.onSuccess?.();
  }
}
jest.mock('tus-js-client', () => ({ Upload: FakeUpload }));

const file = (name: string, size: number) =>
  new File([new Uint8Array(size)], name, { type: 'application/pdf' });
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
let online = true;

beforeAll(() => {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
});
beforeEach(() => {
  FakeUpload.made = [];
  online = true;
  document.cookie = 'XSRF-TOKEN=token-1';
});

describe('uploadReceipts', () => {
  it('should send each receipt in pieces with the anti-forgery header, reporting what arrived of all, and resolve to the ids in order', async () => {
    const bill = file('bill.pdf', 1000);
    const photo = file('photo.jpg', 3000);
    const progress: Array<[number, number]> = [];
    const sending = uploadReceipts([bill, photo], {
      onProgress: (arrived, total) => progress.push([arrived, total]),
    });
    await flush();
    const [first] = FakeUpload.made;
    expect(first!.file).toBe(bill);
    expect(first!.options).toMatchObject({
      endpoint: `http://localhost/${RECEIPT_UPLOADS_PATH}`,
      chunkSize: UPLOAD_CHUNK_BYTES,
      metadata: { filename: 'bill.pdf' },
    });
    expect(first!.options.retryDelays.length).toBeGreaterThan(0);
    const headers: Record<string, string> = {};
    first!.options.onBeforeRequest({ setHeader: (name, value) => (headers[name] = value) });
    expect(headers).toEqual({ 'X-XSRF-TOKEN': 'token-1' });
    first!.arrive(500);
    first!.finish('RCT-00000000000000A1');
    await flush();
    const second = FakeUpload.made[1]!;
    second.arrive(1500);
    second.finish('RCT-00000000000000A2');
    await expect(sending).resolves.toEqual(['RCT-00000000000000A1', 'RCT-00000000000000A2']);
    expect(progress).toEqual([
      [0, 4000],
      [500, 4000],
      [1000, 4000],
      [2500, 4000],
      [4000, 4000],
    ]);
  });

  it('should stop when the browser goes offline, say so, and go on by itself when it is back online', async () => {
    const receipt = file('bill.pdf', 6000);
    const connection: boolean[] = [];
    const sending = uploadReceipts([receipt], { onConnection: (isOnline) => connection.push(isOnline) });
    await flush();
    const upload = FakeUpload.made[0]!;
    expect(upload.starts).toBe(1);
    upload.arrive(3000);

    online = false;
    window.dispatchEvent(new Event('offline'));
    expect(upload.aborts).toBe(1);
    expect(connection).toEqual([false]);
    // The request under way fails too: that is the same break, not a failure of the send.
    upload.options.onError?.(new Error('tus: failed to upload chunk'));
    expect(connection).toEqual([false]);

    online = true;
    window.dispatchEvent(new Event('online'));
    expect(connection).toEqual([false, true]);
    // The same upload starts again: tus asks the api what arrived and sends only the rest.
    expect(FakeUpload.made).toHaveLength(1);
    expect(upload.starts).toBe(2);
    upload.arrive(6000);
    upload.finish('RCT-00000000000000B1');
    await expect(sending).resolves.toEqual(['RCT-00000000000000B1']);
    // Once done, the browser's connection events no longer touch it.
    window.dispatchEvent(new Event('offline'));
    expect(upload.aborts).toBe(1);
  });

  it('should wait for the connection before it starts when the browser is offline already', async () => {
    online = false;
    const connection: boolean[] = [];
    const sending = uploadReceipts([file('bill.pdf', 10)], {
      onConnection: (isOnline) => connection.push(isOnline),
    });
    await flush();
    const upload = FakeUpload.made[0]!;
    expect(upload.starts).toBe(0);
    expect(connection).toEqual([false]);
    online = true;
    window.dispatchEvent(new Event('online'));
    expect(upload.starts).toBe(1);
    upload.finish('RCT-00000000000000C1');
    await expect(sending).resolves.toEqual(['RCT-00000000000000C1']);
  });

  it('should send a receipt that arrived before only once, resume one half sent, and start anew once forgotten', async () => {
    const done = file('done.pdf', 10);
    const half = file('half.pdf', 10);
    const first = uploadReceipts([done, half]);
    await flush();
    FakeUpload.made[0]!.finish('RCT-00000000000000D1');
    await flush();
    const halfUpload = FakeUpload.made[1]!;
    halfUpload.arrive(5);
    halfUpload.options.onError?.(new Error('tus: failed to upload chunk'));
    await expect(first).rejects.toBeInstanceOf(TypeError);

    const again = uploadReceipts([done, half]);
    await flush();
    expect(FakeUpload.made).toHaveLength(2);
    expect(halfUpload.starts).toBe(2);
    halfUpload.finish('RCT-00000000000000D2');
    await expect(again).resolves.toEqual(['RCT-00000000000000D1', 'RCT-00000000000000D2']);

    forgetUploads([done]);
    const fresh = uploadReceipts([done]);
    await flush();
    expect(FakeUpload.made).toHaveLength(3);
    FakeUpload.made[2]!.finish('RCT-00000000000000D3');
    await expect(fresh).resolves.toEqual(['RCT-00000000000000D3']);
  });

  it("should reject with the api's answer when it refuses the receipt, as any request of the portal", async () => {
    const sending = uploadReceipts([file('page.pdf', 10)]);
    await flush();
    const body = JSON.stringify({
      code: 'VALIDATION_FAILED',
      message: 'Some fields are invalid.',
      fields: [{ field: 'receipts', code: 'validation.files.type' }],
    });
    const error = Object.assign(new Error('tus: unexpected response'), {
      originalRequest: {
        getURL: () => 'http://localhost/api/en/receipt-uploads/RCT-1',
        getMethod: () => 'PATCH',
      },
      originalResponse: {
        getStatus: () => 400,
        getBody: () => body,
        getHeader: () => 'application/json; charset=utf-8',
      },
    });
    FakeUpload.made[0]!.options.onError?.(error);
    const failure = await sending.catch((caught: unknown) => caught);
    expect(failure).toBeInstanceOf(HTTPError);
    expect((failure as HTTPError).response.status).toBe(400);
    expect(await (failure as HTTPError).response.json()).toEqual(JSON.parse(body));
  });
});
