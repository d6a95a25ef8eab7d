/**
 * @jest-environment jest-fixed-jsdom
 */
import { useGlobalAlertStore } from '../alert/global-alert-store';
import { useAuthStore } from '../auth/auth-store';
import { emptyResponse, jsonResponse, mockFetch } from '@portal/testing';
import { initTestI18n } from '@portal/testing';
import type { FetchMock } from '@portal/testing';
import { http, UNAUTHORIZED_EVENT } from './http';
import { retryAfterMinutes } from './incident-hook';
import { errorStatus, readApiError } from './read-api-error';

describe('http', () => {
  let fetchMock: FetchMock | undefined;

  afterEach(() => {
    fetchMock?.restore();
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    useGlobalAlertStore.getState().clear();
  });

  it('should ask for JSON relative to the page origin with same-origin credentials', async () => {
    fetchMock = mockFetch(() => jsonResponse([{ code: 'NL', name: 'Netherlands' }]));
    await expect(http.get('api/en/countries').json()).resolves.toEqual([{ code: 'NL', name: 'Netherlands' }]);
    const request = fetchMock.requests[0];
    expect(request?.url).toBe(`${window.location.origin}/api/en/countries`);
    expect(request?.headers.get('Accept')).toBe('application/json');
    expect(request?.credentials).toBe('same-origin');
  });

  it('should echo the XSRF-TOKEN cookie on non-GET requests only', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D123; path=/';
    fetchMock = mockFetch(() => emptyResponse(204));
    await http.post('api/portal/contactexpats', { json: { name: 'Anna' } });
    await http.get('api/en/countries');
    expect(fetchMock.requests[0]?.headers.get('X-XSRF-TOKEN')).toBe('abc=123');
    expect(fetchMock.requests[1]?.headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('should fetch the XSRF cookie first when a write finds none, once for writes sent together', async () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    fetchMock = mockFetch((request) => {
      if (new URL(request.url).pathname === '/api/checksession') {
        // What the api's Set-Cookie does in a browser.
        document.cookie = 'XSRF-TOKEN=fresh; path=/';
        return jsonResponse({ code: 'UNAUTHORIZED', message: 'x' }, 401);
      }
      return emptyResponse(204);
    });
    await Promise.all([
      http.post('api/accounts/a%40example.com/username', { json: { newUsername: 'a@example.com' } }),
      http.put('api/accounts/a%40example.com/reset/password'),
    ]);
    const paths = fetchMock.requests.map((request) => new URL(request.url).pathname);
    expect(paths.filter((path) => path === '/api/checksession')).toHaveLength(1);
    const writes = fetchMock.requests.filter((request) => request.method !== 'GET');
    expect(writes.map((request) => request.headers.get('X-XSRF-TOKEN'))).toEqual(['fresh', 'fresh']);
  });

  it('should still send the write when no XSRF cookie can be had (the api then says why)', async () => {
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    fetchMock = mockFetch(() => emptyResponse(204));
    await http.put('api/accounts/a%40example.com/reset/password');
    const write = fetchMock.requests.find((request) => request.method === 'PUT');
    expect(write?.headers.has('X-XSRF-TOKEN')).toBe(false);
  });

  it('should pass a 204 through to the caller', async () => {
    fetchMock = mockFetch(() => emptyResponse(204));
    const response = await http.get('api/en/profiles/P-1/invoices');
    expect(response.status).toBe(204);
  });

  it('should mark the session unauthenticated and dispatch the event on 401', async () => {
    fetchMock = mockFetch(() => jsonResponse({ code: 'UNAUTHORIZED', message: 'x' }, 401));
    useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1' });
    const listener = jest.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, listener);
    await expect(http.get('api/en/profiles/P-1').json()).rejects.toThrow();
    window.removeEventListener(UNAUTHORIZED_EVENT, listener);
    expect(listener).toHaveBeenCalledTimes(1);
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, username: null, profileId: null });
  });

  it('should not treat a 401 of the login call as an expired session', async () => {
    fetchMock = mockFetch(() => emptyResponse(401));
    const listener = jest.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, listener);
    await expect(http.post('api/login')).rejects.toThrow();
    await expect(http.get('api/checksession')).rejects.toThrow();
    window.removeEventListener(UNAUTHORIZED_EVENT, listener);
    expect(listener).not.toHaveBeenCalled();
  });

  it('should leave a refused passkey login to the login page, which stays where it is', async () => {
    fetchMock = mockFetch(() => jsonResponse({ code: 'PASSKEY_NOT_RECOGNISED', message: 'x' }, 401));
    const listener = jest.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, listener);
    await expect(http.post('api/passkeys/login', { json: {} })).rejects.toThrow();
    window.removeEventListener(UNAUTHORIZED_EVENT, listener);
    expect(listener).not.toHaveBeenCalled();
  });

  it('should keep the session on a 401 of an account link or a wrong current password', async () => {
    useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1' });
    const listener = jest.fn();
    window.addEventListener(UNAUTHORIZED_EVENT, listener);
    fetchMock = mockFetch(() => jsonResponse({ code: 'INVALID_TOKEN', message: 'x' }, 401));
    await expect(
      http.get('api/accounts/a%40example.com/', { headers: { 'X-Authorization-Token': 't' } }).json(),
    ).rejects.toThrow();
    fetchMock.restore();
    fetchMock = mockFetch(() =>
      jsonResponse({ code: 'INVALID_PASSWORD', message: 'Invalid password.' }, 401),
    );
    await expect(
      http.post('api/accounts/a%40example.com/password', { json: { password: 'x' } }).json(),
    ).rejects.toThrow();
    window.removeEventListener(UNAUTHORIZED_EVENT, listener);
    expect(listener).not.toHaveBeenCalled();
    expect(useAuthStore.getState()).toMatchObject({ authenticated: true, username: 'Anna' });
  });

  it.each([502, 503, 504])(
    'should mark the api unavailable and say so when the proxy answers %i',
    async (status) => {
      useAuthStore.setState({ apiUnavailable: false });
      fetchMock = mockFetch(() => jsonResponse({ code: 'BACKEND_UNAVAILABLE', message: 'x' }, status));
      await expect(http.get('api/en/countries').json()).rejects.toThrow();
      expect(useAuthStore.getState().apiUnavailable).toBe(true);
      expect(useGlobalAlertStore.getState().alert.messages).toEqual([{ code: 'errors.serviceUnavailable' }]);
    },
  );

  it('should hide "Service unavailable" once the backend answers again, and keep other alerts', async () => {
    let status = 502;
    fetchMock = mockFetch(() =>
      status === 502
        ? jsonResponse({ code: 'BACKEND_UNAVAILABLE', message: 'x' }, 502)
        : jsonResponse([{ code: 'NL', name: 'Netherlands' }]),
    );
    await expect(http.get('api/en/countries').json()).rejects.toThrow();
    await expect(http.get('api/en/countries').json()).rejects.toThrow();
    expect(useGlobalAlertStore.getState().alert.messages).toEqual([{ code: 'errors.serviceUnavailable' }]);
    status = 200;
    await expect(http.get('api/en/countries').json()).resolves.toHaveLength(1);
    expect(useAuthStore.getState().apiUnavailable).toBe(false);
    expect(useGlobalAlertStore.getState().alert.type).toBe('none');

    useGlobalAlertStore.getState().showIncident('INC-7');
    await expect(http.get('api/en/countries').json()).resolves.toHaveLength(1);
    expect(useGlobalAlertStore.getState().alert.messages).toEqual([
      { code: 'CommonError.message', context: { iId: 'INC-7' } },
    ]);
  });

  it('should leave a 503 with its own code to the page that made the call', async () => {
    useAuthStore.setState({ apiUnavailable: false });
    fetchMock = mockFetch(() => jsonResponse({ code: 'PAYMENT_PROVIDER_UNAVAILABLE', message: 'x' }, 503));
    await expect(http.post('api/en/invoices/1/payment').json()).rejects.toThrow();
    expect(useAuthStore.getState().apiUnavailable).toBe(false);
    expect(useGlobalAlertStore.getState().alert.type).toBe('none');
  });

  it('should show the incident alert on 500', async () => {
    fetchMock = mockFetch(() => jsonResponse({ code: 'INTERNAL', message: 'x', incidentId: 'INC-7' }, 500));
    await expect(http.get('api/en/countries')).rejects.toThrow();
    expect(useGlobalAlertStore.getState().alert).toEqual({
      type: 'error',
      title: 'CommonError.title',
      messages: [{ code: 'CommonError.message', context: { iId: 'INC-7' } }],
    });
  });

  it('should show the generic alert on a 500 without a JSON body', async () => {
    fetchMock = mockFetch(() => new Response('Bad gateway', { status: 500 }));
    await expect(http.get('api/en/countries')).rejects.toThrow();
    expect(useGlobalAlertStore.getState().alert.messages).toEqual([{ code: 'errors.internal' }]);
  });

  it('should say in how many minutes to try again on a 429, from Retry-After', async () => {
    fetchMock = mockFetch(() =>
      jsonResponse({ code: 'RATE_LIMITED', message: 'x' }, 429, { 'Retry-After': '121' }),
    );
    await expect(http.post('api/login')).rejects.toThrow();
    expect(useGlobalAlertStore.getState().alert).toEqual({
      type: 'error',
      title: 'errors.rateLimitedTitle',
      messages: [{ code: 'errors.rateLimited', context: { count: 3 } }],
    });
    const i18n = await initTestI18n();
    expect(i18n.t('errors.rateLimited', { count: 3 })).toBe(
      'Too many attempts. Please try again in 3 minutes.',
    );
    expect(i18n.t('errors.rateLimited', { count: 1 })).toBe(
      'Too many attempts. Please try again in 1 minute.',
    );
  });

  it('should read Retry-After as seconds or a date, and wait at least a minute', () => {
    expect(retryAfterMinutes('60')).toBe(1);
    expect(retryAfterMinutes('61')).toBe(2);
    expect(retryAfterMinutes(null)).toBe(1);
    expect(retryAfterMinutes(new Date(Date.UTC(2026, 0, 1, 0, 10)).toUTCString(), Date.UTC(2026, 0, 1))).toBe(
      10,
    );
  });

  it('should not show the alert on other errors', async () => {
    fetchMock = mockFetch(() => jsonResponse({ code: 'X', message: 'x' }, 400));
    await expect(http.get('api/en/countries')).rejects.toThrow();
    expect(useGlobalAlertStore.getState().alert.type).toBe('none');
  });

  describe('readApiError', () => {
    it('should read the error body of a failed call', async () => {
      const body = { code: 'OVERLAP', message: 'Overlap', policyNumber: 'N-1' };
      fetchMock = mockFetch(() => jsonResponse(body, 409));
      const error: unknown = await http
        .post('api/en/policies/1/addperiod', { json: {} })
        .catch((e: unknown) => e);
      await expect(readApiError(error)).resolves.toEqual(body);
      expect(errorStatus(error)).toBe(409);
    });

    it('should give undefined for a body of another shape or a non-HTTP error', async () => {
      fetchMock = mockFetch(() => new Response('<html>', { status: 502 }));
      const error: unknown = await http.get('api/en/countries').catch((e: unknown) => e);
      await expect(readApiError(error)).resolves.toBeUndefined();
      await expect(readApiError(new TypeError('Failed to fetch'))).resolves.toBeUndefined();
      expect(errorStatus(new Error('x'))).toBeUndefined();
    });
  });
});
