/**
 * @jest-environment jest-fixed-jsdom
 */
import { useGlobalAlertStore } from '../alert/global-alert-store';
import { useAuthStore } from '../auth/auth-store';
import { UNAUTHORIZED_EVENT } from './http';
import { errorStatus, readApiError } from './read-api-error';
import { postWithProgress } from './upload-with-progress';

type Listener = (event: { lengthComputable: boolean; loaded: number; total: number }) => void;

/** A stand-in XMLHttpRequest: records what is sent and answers when the test says so. */
class FakeXhr {
  static last: FakeXhr | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  statusText = '';
  responseText = '';
  responseHeaders = '';
  aborted = false;
  private listeners = new Map<string, (() => void)[]>();
  private progress: Listener[] = [];
  upload = { addEventListener: (_type: string, listener: Listener) => this.progress.push(listener) };

  constructor() {
    FakeXhr.last = this;
  }
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
  }
  abort() {
    this.aborted = true;
    this.emit('abort');
  }
  emit(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
  sendProgress(loaded: number, total: number) {
    for (const listener of this.progress) listener({ lengthComputable: true, loaded, total });
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.responseHeaders = 'content-type: application/json\r\ncache-control: no-store\r\n';
    this.emit('load');
  }
}

describe('postWithProgress', () => {
  const original = window.XMLHttpRequest;
  beforeEach(() => {
    window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  });
  afterEach(() => {
    window.XMLHttpRequest = original;
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    useGlobalAlertStore.getState().clear();
  });

  it('should post to the page origin with the XSRF header and report progress', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D123; path=/';
    const body = new FormData();
    const progress: number[] = [];
    const sent = postWithProgress('api/en/claims', body, {
      onProgress: ({ loaded, total }) => progress.push(Math.round((loaded / total) * 100)),
    });
    const xhr = FakeXhr.last!;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`${window.location.origin}/api/en/claims`);
    expect(xhr.headers).toEqual({ Accept: 'application/json', 'X-XSRF-TOKEN': 'abc=123' });
    expect(xhr.body).toBe(body);
    xhr.sendProgress(50, 200);
    xhr.sendProgress(200, 200);
    xhr.answer(201, { claimNumber: 'CLM-2026-0000ABCD' });
    const response = await sent;
    expect(progress).toEqual([25, 100]);
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    await expect(response.json()).resolves.toEqual({ claimNumber: 'CLM-2026-0000ABCD' });
  });

  it('should reject a 400 with the error body readable as from http', async () => {
    const sent = postWithProgress('api/en/claims', new FormData());
    const fields = [{ field: 'amount', code: 'validation.amount' }];
    FakeXhr.last!.answer(400, { code: 'VALIDATION_FAILED', message: 'x', fields });
    const error: unknown = await sent.catch((caught: unknown) => caught);
    expect(errorStatus(error)).toBe(400);
    await expect(readApiError(error)).resolves.toMatchObject({ fields });
  });

  it('should end the session on 401 and show the incident alert on 500', async () => {
    useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1' });
    const listener = jest.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, listener);
    const unauthorized = postWithProgress('api/en/claims', new FormData());
    FakeXhr.last!.answer(401, { code: 'UNAUTHENTICATED', message: 'Please log in.' });
    await expect(unauthorized).rejects.toThrow();
    window.removeEventListener(UNAUTHORIZED_EVENT, listener);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState().authenticated).toBe(false);

    const failed = postWithProgress('api/en/claims', new FormData());
    FakeXhr.last!.answer(500, { code: 'INTERNAL_ERROR', message: 'x', incidentId: 'inc-42' });
    await expect(failed).rejects.toThrow();
    expect(JSON.stringify(useGlobalAlertStore.getState())).toContain('inc-42');
  });

  it('should reject a network failure without a status, and an abort as AbortError', async () => {
    const lost = postWithProgress('api/en/claims', new FormData());
    FakeXhr.last!.emit('error');
    const error: unknown = await lost.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect(errorStatus(error)).toBeUndefined();

    const controller = new AbortController();
    const aborted = postWithProgress('api/en/claims', new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(FakeXhr.last!.aborted).toBe(true);
  });
});
