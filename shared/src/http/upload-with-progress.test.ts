/**
 * @jest-environment jest-fixed-jsdom
 */
import { useGlobalAlertStore } from '../alert/global-alert-store';
import { useAuthStore } from '../auth/auth-store';
import { UNAUTHORIZED_EVENT } from './http';
import { errorStatus, readApiError } from './read-api-error';
import { mockXhr } from '@portal/testing';
import type { XhrMock } from '@portal/testing';
import { httpErrorOf, postWithProgress } from './upload-with-progress';

describe('postWithProgress', () => {
  let xhr: XhrMock;
  const last = () => xhr.sent[xhr.sent.length - 1]!;
  beforeEach(() => {
    xhr = mockXhr();
  });
  afterEach(() => {
    xhr.restore();
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
    const request = last();
    expect(request.method).toBe('POST');
    expect(request.url).toBe(`${window.location.origin}/api/en/claims`);
    expect(request.headers).toEqual({ Accept: 'application/json', 'X-XSRF-TOKEN': 'abc=123' });
    expect(request.body).toBe(body);
    request.sendProgress(50, 200);
    request.sendProgress(200, 200);
    request.answer(201, { claimNumber: 'CLM-2026-0000ABCD' });
    const response = await sent;
    expect(progress).toEqual([25, 100]);
    expect(response.status).toBe(201);
    expect(response.headers.get('cache-control')).toBe('no-store');
    await expect(response.json()).resolves.toEqual({ claimNumber: 'CLM-2026-0000ABCD' });
  });

  it('should reject a 400 with the error body readable as from http', async () => {
    const sent = postWithProgress('api/en/claims', new FormData());
    const fields = [{ field: 'amount', code: 'validation.amount' }];
    last().answer(400, { code: 'VALIDATION_FAILED', message: 'x', fields });
    const error: unknown = await sent.catch((caught: unknown) => caught);
    expect(errorStatus(error)).toBe(400);
    await expect(readApiError(error)).resolves.toMatchObject({ fields });
  });

  it('should end the session on 401 and show the incident alert on 500', async () => {
    useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1' });
    const listener = jest.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, listener);
    const unauthorized = postWithProgress('api/en/claims', new FormData());
    last().answer(401, { code: 'UNAUTHENTICATED', message: 'Please log in.' });
    await expect(unauthorized).rejects.toThrow();
    window.removeEventListener(UNAUTHORIZED_EVENT, listener);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState().authenticated).toBe(false);

    const failed = postWithProgress('api/en/claims', new FormData());
    last().answer(500, { code: 'INTERNAL_ERROR', message: 'x', incidentId: 'inc-42' });
    await expect(failed).rejects.toThrow();
    expect(JSON.stringify(useGlobalAlertStore.getState())).toContain('inc-42');
  });

  it('should reject a network failure without a status, and an abort as AbortError', async () => {
    const lost = postWithProgress('api/en/claims', new FormData());
    last().emit('error');
    const error: unknown = await lost.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TypeError);
    expect(errorStatus(error)).toBeUndefined();

    const controller = new AbortController();
    const aborted = postWithProgress('api/en/claims', new FormData(), { signal: controller.signal });
    controller.abort();
    await expect(aborted).rejects.toMatchObject({ name: 'AbortError' });
    expect(last().aborted).toBe(true);
  });
});

describe('httpErrorOf', () => {
  afterEach(() => useGlobalAlertStore.getState().clear());

  it("should read an upload library's failed answer as http does: the body, a 401 ending the session, a 500's incident", async () => {
    const url = `${window.location.origin}/api/en/receipt-uploads/RCT-1`;
    const refused = await httpErrorOf(
      url,
      'PATCH',
      400,
      JSON.stringify({ code: 'VALIDATION_FAILED', message: 'x', fields: [] }),
      {
        'content-type': 'application/json',
      },
    );
    expect(errorStatus(refused)).toBe(400);
    expect(await readApiError(refused)).toEqual({ code: 'VALIDATION_FAILED', message: 'x', fields: [] });

    useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1' });
    const listener = jest.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, listener);
    await httpErrorOf(url, 'HEAD', 401, '');
    window.removeEventListener(UNAUTHORIZED_EVENT, listener);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState().authenticated).toBe(false);

    await httpErrorOf(
      url,
      'PATCH',
      500,
      JSON.stringify({ code: 'INTERNAL_ERROR', message: 'x', incidentId: 'inc-43' }),
      {
        'content-type': 'application/json',
      },
    );
    expect(JSON.stringify(useGlobalAlertStore.getState())).toContain('inc-43');
  });
});
