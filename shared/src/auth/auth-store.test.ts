/**
 * @jest-environment jest-fixed-jsdom
 */
import { emptyResponse, jsonResponse, mockFetch } from '../testing/mock-fetch';
import type { FetchMock } from '../testing/mock-fetch';
import { AUTH_STORAGE_KEY, useAuthStore } from './auth-store';

const SIGNED_IN = { firstName: 'Anna', profileId: 'P-1' };

describe('useAuthStore', () => {
  let fetchMock: FetchMock | undefined;

  beforeEach(() => {
    useAuthStore.setState({
      authenticated: false,
      blocked: false,
      apiUnavailable: false,
      username: null,
      profileId: null,
    });
  });

  afterEach(() => fetchMock?.restore());

  describe('login', () => {
    it('should send basic credentials encoded as UTF-8 and sign in', async () => {
      fetchMock = mockFetch(() => jsonResponse(SIGNED_IN));
      useAuthStore.setState({ blocked: true, apiUnavailable: true });

      const result = await useAuthStore.getState().login('zoë@example.com', 'Wachtwoord-€1');

      expect(result).toEqual({ ok: true });
      const request = fetchMock.requests[0];
      expect(request?.method).toBe('POST');
      expect(new URL(request?.url ?? '').pathname).toBe('/api/login');
      const encoded = (request?.headers.get('Authorization') ?? '').replace('Basic ', '');
      const decoded = new TextDecoder().decode(Uint8Array.from(atob(encoded), (c) => c.charCodeAt(0)));
      expect(decoded).toBe('zoë@example.com:Wachtwoord-€1');
      expect(useAuthStore.getState()).toMatchObject({
        authenticated: true,
        username: 'Anna',
        profileId: 'P-1',
        blocked: false,
        apiUnavailable: false,
      });
    });

    it('should persist the session in session storage', async () => {
      fetchMock = mockFetch(() => jsonResponse(SIGNED_IN));
      await useAuthStore.getState().login('anna@example.com', 'secret-password');
      const stored: unknown = JSON.parse(sessionStorage.getItem(AUTH_STORAGE_KEY) ?? '{}');
      expect(stored).toEqual({
        state: {
          authenticated: true,
          blocked: false,
          apiUnavailable: false,
          username: 'Anna',
          profileId: 'P-1',
        },
        version: 0,
      });
    });

    it('should give the failed key on 401', async () => {
      fetchMock = mockFetch(() => jsonResponse({ code: 'INVALID_CREDENTIALS', message: 'x' }, 401));
      const dispatched = jest.spyOn(window, 'dispatchEvent');
      await expect(useAuthStore.getState().login('a@example.com', 'wrong')).resolves.toEqual({
        ok: false,
        errorKey: 'LoginForm.errors.failed',
      });
      expect(useAuthStore.getState().authenticated).toBe(false);
      // A wrong password is not an expired session: no redirect event.
      expect(dispatched).not.toHaveBeenCalled();
    });

    it('should set blocked on 403', async () => {
      fetchMock = mockFetch(() => jsonResponse({ code: 'BLOCKED', message: 'x' }, 403));
      await expect(useAuthStore.getState().login('a@example.com', 'pw')).resolves.toEqual({
        ok: false,
        errorKey: 'LoginForm.errors.blocked',
      });
      expect(useAuthStore.getState()).toMatchObject({ authenticated: false, blocked: true });
    });

    it('should set apiUnavailable on 404', async () => {
      fetchMock = mockFetch(() => emptyResponse(404));
      await expect(useAuthStore.getState().login('a@example.com', 'pw')).resolves.toEqual({
        ok: false,
        errorKey: 'errors.serviceUnavailable',
      });
      expect(useAuthStore.getState()).toMatchObject({ authenticated: false, apiUnavailable: true });
    });

    it('should give service unavailable on a network failure', async () => {
      fetchMock = mockFetch(() => {
        throw new Error('offline');
      });
      await expect(useAuthStore.getState().login('a@example.com', 'pw')).resolves.toEqual({
        ok: false,
        errorKey: 'errors.serviceUnavailable',
      });
      expect(useAuthStore.getState()).toMatchObject({ authenticated: false, apiUnavailable: false });
    });

    it('should give service unavailable when the answer is not a login response', async () => {
      fetchMock = mockFetch(() => jsonResponse({ unexpected: true }));
      await expect(useAuthStore.getState().login('a@example.com', 'pw')).resolves.toEqual({
        ok: false,
        errorKey: 'errors.serviceUnavailable',
      });
      expect(useAuthStore.getState().authenticated).toBe(false);
    });
  });

  describe('checkSession', () => {
    it('should sign in and clear blocked and apiUnavailable on success', async () => {
      fetchMock = mockFetch(() => jsonResponse({ firstName: 'Ben', profileId: 'P-2' }));
      useAuthStore.setState({ blocked: true, apiUnavailable: true });
      await useAuthStore.getState().checkSession();
      expect(new URL(fetchMock.requests[0]?.url ?? '').pathname).toBe('/api/checksession');
      expect(useAuthStore.getState()).toMatchObject({
        authenticated: true,
        username: 'Ben',
        profileId: 'P-2',
        blocked: false,
        apiUnavailable: false,
      });
    });

    it('should become unauthenticated on 401 without the redirect event', async () => {
      fetchMock = mockFetch(() => emptyResponse(401));
      const dispatched = jest.spyOn(window, 'dispatchEvent');
      useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1' });
      await useAuthStore.getState().checkSession();
      expect(useAuthStore.getState()).toMatchObject({
        authenticated: false,
        username: null,
        profileId: null,
      });
      expect(dispatched).not.toHaveBeenCalled();
    });

    it('should set blocked on 403', async () => {
      fetchMock = mockFetch(() => emptyResponse(403));
      useAuthStore.setState({ authenticated: true });
      await useAuthStore.getState().checkSession();
      expect(useAuthStore.getState()).toMatchObject({ authenticated: false, blocked: true });
    });

    it('should set apiUnavailable on 404', async () => {
      fetchMock = mockFetch(() => emptyResponse(404));
      await useAuthStore.getState().checkSession();
      expect(useAuthStore.getState()).toMatchObject({ authenticated: false, apiUnavailable: true });
    });

    it('should become unauthenticated on a network failure', async () => {
      fetchMock = mockFetch(() => {
        throw new Error('offline');
      });
      useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1' });
      await expect(useAuthStore.getState().checkSession()).resolves.toBeUndefined();
      expect(useAuthStore.getState().authenticated).toBe(false);
    });
  });

  describe('logout', () => {
    it('should call the logout endpoint and clear the session', async () => {
      fetchMock = mockFetch(() => emptyResponse(204));
      useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1' });
      await useAuthStore.getState().logout();
      expect(fetchMock.requests[0]?.method).toBe('GET');
      expect(new URL(fetchMock.requests[0]?.url ?? '').pathname).toBe('/api/logout');
      expect(useAuthStore.getState()).toMatchObject({
        authenticated: false,
        username: null,
        profileId: null,
      });
    });

    it('should clear the session even when the call fails', async () => {
      fetchMock = mockFetch(() => jsonResponse({ code: 'ERR', message: 'x', incidentId: 'I-1' }, 500));
      useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1' });
      await expect(useAuthStore.getState().logout()).resolves.toBeUndefined();
      expect(useAuthStore.getState()).toMatchObject({
        authenticated: false,
        username: null,
        profileId: null,
      });
    });

    it('should clear the session on a network failure', async () => {
      fetchMock = mockFetch(() => {
        throw new Error('offline');
      });
      useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1' });
      await useAuthStore.getState().logout();
      expect(useAuthStore.getState().authenticated).toBe(false);
    });
  });

  it('should forget the session on markUnauthenticated', () => {
    useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1', blocked: false });
    useAuthStore.getState().markUnauthenticated();
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, username: null, profileId: null });
  });
});
