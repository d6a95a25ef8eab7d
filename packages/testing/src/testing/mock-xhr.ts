type ProgressListener = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

/** A stand-in XMLHttpRequest: records what is sent and answers when the test says so. */
export class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  private responseHeaders = '';
  aborted = false;
  private listeners = new Map<string, (() => void)[]>();
  private progress: ProgressListener[] = [];
  readonly upload = {
    addEventListener: (_type: string, listener: ProgressListener) => {
      this.progress.push(listener);
    },
  };

  constructor(private readonly sent: FakeXhr[]) {}

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: () => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  getAllResponseHeaders() {
    return this.responseHeaders;
  }
  send(body: unknown) {
    this.body = body;
    this.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.emit('abort');
  }
  /** Fires the listeners of `type` (`load`, `error`, `abort`). */
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  /** Reports upload progress: `loaded` of `total` bytes sent. */
  sendProgress(loaded: number, total: number) {
    for (const listener of this.progress) listener({ lengthComputable: true, loaded, total });
  }
  /** Answers with a JSON body. */
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = 'content-type: application/json\r\ncache-control: no-store\r\n';
    this.emit('load');
  }
}

/** What {@link mockXhr} returns: the requests sent so far, and how to put the real one back. */
export type XhrMock = { sent: FakeXhr[]; restore: () => void };

/** Replaces `XMLHttpRequest` with {@link FakeXhr} until `restore()`. */
export function mockXhr(): XhrMock {
  const original = window.XMLHttpRequest;
  const sent: FakeXhr[] = [];
  window.XMLHttpRequest = function XMLHttpRequest() {
    return new FakeXhr(sent);
  } as unknown as typeof XMLHttpRequest;
  return {
    sent,
    restore: () => {
      window.XMLHttpRequest = original;
    },
  };
}
