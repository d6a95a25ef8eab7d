/**
 * @jest-environment jest-fixed-jsdom
 */
import { emptyResponse, jsonResponse, mockFetch } from '@portal/testing';
import type { FetchMock } from '@portal/testing';
import {
  AUTH_STORAGE_KEY,
  checkSessionWhenOnline,
  LAST_LOGOUT_KEY,
  lastLogoutAt,
  onLogout,
  useAuthStore,
} from './auth-store';
import { hasReadAhead, startReadAhead } from '../http/reads-ahead';

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
      sessionEnd: null,
    });
  });

  afterEach(() => {
    fetchMock?.restore();
    localStorage.clear();
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  describe('login', () => {
    it('should send basic credentials encoded as UTF-8 and sign in', async () => {
      fetchMock = mockFetch(() => jsonResponse(SIGNED_IN));
      useAuthStore.setState({ blocked: true, apiUnavailable: true });

      const result = await useAuthStore.getState().login('zoë@example.com', 'Wachtwoord-€1');

      expect(result).toEqual({ ok: true });
      const request = fetchMock.requests.find((candidate) => candidate.method === 'POST');
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

    it('should give the failed key on 401, with "Invalid credentials" when the api says so', async () => {
      fetchMock = mockFetch(() => jsonResponse({ code: 'INVALID_CREDENTIALS', message: 'x' }, 401));
      const dispatched = jest.spyOn(window, 'dispatchEvent');
      await expect(useAuthStore.getState().login('a@example.com', 'wrong')).resolves.toEqual({
        ok: false,
        errorKey: 'LoginForm.errors.failed',
        detailKey: 'errors.invalidCredentials',
      });
      expect(useAuthStore.getState().authenticated).toBe(false);
      // A wrong password is not an expired session: no redirect event.
      expect(dispatched).not.toHaveBeenCalled();
    });

    it('should give the failed key alone on a 401 of another kind', async () => {
      fetchMock = mockFetch(() => emptyResponse(401));
      await expect(useAuthStore.getState().login('a@example.com', 'wrong')).resolves.toEqual({
        ok: false,
        errorKey: 'LoginForm.errors.failed',
      });
    });

    it('should set blocked on 403 ACCOUNT_BLOCKED', async () => {
      fetchMock = mockFetch(() => jsonResponse({ code: 'ACCOUNT_BLOCKED', message: 'x' }, 403));
      await expect(useAuthStore.getState().login('a@example.com', 'pw')).resolves.toEqual({
        ok: false,
        errorKey: 'LoginForm.errors.blocked',
      });
      expect(useAuthStore.getState()).toMatchObject({ authenticated: false, blocked: true });
    });

    it('should fetch the anti-forgery cookie and log in again once on 403 XSRF_INVALID', async () => {
      // A cookie the backend no longer accepts (without one, the client fetches it before the POST).
      document.cookie = 'XSRF-TOKEN=stale-token; path=/';
      fetchMock = mockFetch((request) => {
        if (request.method === 'GET') {
          // What the backend's Set-Cookie does in a browser.
          document.cookie = 'XSRF-TOKEN=fresh-token; path=/';
          return emptyResponse(401);
        }
        return request.headers.get('X-XSRF-TOKEN') === 'fresh-token'
          ? jsonResponse(SIGNED_IN)
          : jsonResponse({ code: 'XSRF_INVALID', message: 'x' }, 403);
      });

      await expect(useAuthStore.getState().login('anna@example.com', 'pw')).resolves.toEqual({ ok: true });

      expect(fetchMock.requests.map((r) => `${r.method} ${new URL(r.url).pathname}`)).toEqual([
        'POST /api/login',
        'GET /api/checksession',
        'POST /api/login',
      ]);
      expect(useAuthStore.getState()).toMatchObject({ authenticated: true, blocked: false });
      document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
    });

    it('should give service unavailable, not blocked, when the token is refused twice', async () => {
      fetchMock = mockFetch((request) =>
        request.method === 'GET'
          ? emptyResponse(401)
          : jsonResponse({ code: 'XSRF_INVALID', message: 'x' }, 403),
      );
      await expect(useAuthStore.getState().login('a@example.com', 'pw')).resolves.toEqual({
        ok: false,
        errorKey: 'errors.serviceUnavailable',
      });
      expect(fetchMock.requests).toHaveLength(3);
      expect(useAuthStore.getState()).toMatchObject({ authenticated: false, blocked: false });
    });

    it('should call any 403 but a failed anti-forgery check a block, as SPEC §8 says', async () => {
      fetchMock = mockFetch(() => emptyResponse(403));
      await expect(useAuthStore.getState().login('a@example.com', 'pw')).resolves.toEqual({
        ok: false,
        errorKey: 'LoginForm.errors.blocked',
      });
      expect(fetchMock.requests).toHaveLength(1);
      expect(useAuthStore.getState().blocked).toBe(true);
    });

    it('should set apiUnavailable on 404', async () => {
      fetchMock = mockFetch(() => emptyResponse(404));
      await expect(useAuthStore.getState().login('a@example.com', 'pw')).resolves.toEqual({
        ok: false,
        errorKey: 'errors.serviceUnavailable',
      });
      expect(useAuthStore.getState()).toMatchObject({ authenticated: false, apiUnavailable: true });
    });

    it.each([502, 503, 504])('should set apiUnavailable when the proxy answers %i', async (status) => {
      fetchMock = mockFetch(() => jsonResponse({ code: 'BACKEND_UNAVAILABLE', message: 'x' }, status));
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

    it('should set blocked on 403 ACCOUNT_BLOCKED', async () => {
      fetchMock = mockFetch(() => jsonResponse({ code: 'ACCOUNT_BLOCKED', message: 'x' }, 403));
      useAuthStore.setState({ authenticated: true });
      await useAuthStore.getState().checkSession();
      expect(useAuthStore.getState()).toMatchObject({ authenticated: false, blocked: true });
    });

    it('should set blocked on a 403 without a body too', async () => {
      fetchMock = mockFetch(() => emptyResponse(403));
      useAuthStore.setState({ authenticated: true });
      await useAuthStore.getState().checkSession();
      expect(useAuthStore.getState()).toMatchObject({ authenticated: false, blocked: true });
    });

    it('should not set blocked on a failed anti-forgery check', async () => {
      fetchMock = mockFetch(() => jsonResponse({ code: 'XSRF_INVALID', message: 'x' }, 403));
      useAuthStore.setState({ authenticated: true });
      await useAuthStore.getState().checkSession();
      expect(useAuthStore.getState()).toMatchObject({ authenticated: false, blocked: false });
    });

    it('should set apiUnavailable on 404', async () => {
      fetchMock = mockFetch(() => emptyResponse(404));
      await useAuthStore.getState().checkSession();
      expect(useAuthStore.getState()).toMatchObject({ authenticated: false, apiUnavailable: true });
    });

    it.each([404, 502, 503, 504])(
      'should keep a logged-in student logged in when the backend cannot be reached (%i)',
      async (status) => {
        fetchMock = mockFetch(() =>
          status === 404
            ? emptyResponse(404)
            : jsonResponse({ code: 'BACKEND_UNAVAILABLE', message: 'x' }, status),
        );
        useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1' });
        await useAuthStore.getState().checkSession();
        expect(useAuthStore.getState()).toMatchObject({
          authenticated: true,
          username: 'Anna',
          profileId: 'P-1',
          apiUnavailable: true,
        });
      },
    );

    it('should say that a session the backend no longer knows has expired', async () => {
      fetchMock = mockFetch(() => emptyResponse(401));
      useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1', sessionEnd: null });
      await useAuthStore.getState().checkSession();
      expect(useAuthStore.getState()).toMatchObject({ authenticated: false, sessionEnd: 'expired' });
    });

    it('should become unauthenticated on a network failure, without calling the session expired', async () => {
      fetchMock = mockFetch(() => {
        throw new Error('offline');
      });
      useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1' });
      await expect(useAuthStore.getState().checkSession()).resolves.toBeUndefined();
      expect(useAuthStore.getState()).toMatchObject({ authenticated: false, sessionEnd: null });
    });

    it('should not call a first visit without a session an expired one', async () => {
      fetchMock = mockFetch(() => emptyResponse(401));
      await useAuthStore.getState().checkSession();
      expect(useAuthStore.getState()).toMatchObject({ authenticated: false, sessionEnd: null });
    });

    it('should not call the session expired after the student logged out', async () => {
      fetchMock = mockFetch(() => emptyResponse(401));
      useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1' });
      await useAuthStore.getState().logout();
      await useAuthStore.getState().checkSession();
      expect(useAuthStore.getState()).toMatchObject({ authenticated: false, sessionEnd: 'logout' });
    });
  });

  describe('checkSessionWhenOnline', () => {
    it('should check the session again when the browser comes back online', async () => {
      fetchMock = mockFetch(() => jsonResponse(SIGNED_IN));
      const stop = checkSessionWhenOnline();
      window.dispatchEvent(new Event('online'));
      await new Promise((resolve) => setTimeout(resolve, 0));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(new URL(fetchMock.requests[0]?.url ?? '').pathname).toBe('/api/checksession');
      expect(useAuthStore.getState()).toMatchObject({ authenticated: true, username: 'Anna' });

      stop();
      window.dispatchEvent(new Event('online'));
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(fetchMock.requests).toHaveLength(1);
    });
  });

  describe('markUnauthenticated', () => {
    it('should forget the session and say that it expired', () => {
      useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1', sessionEnd: null });
      useAuthStore.getState().markUnauthenticated();
      expect(useAuthStore.getState()).toMatchObject({
        authenticated: false,
        profileId: null,
        sessionEnd: 'expired',
      });
    });

    it('should not say that a session expired when there was none (a 401 to a visitor)', () => {
      useAuthStore.getState().markUnauthenticated();
      expect(useAuthStore.getState()).toMatchObject({ authenticated: false, sessionEnd: null });
    });
  });

  describe('logout', () => {
    it('should say that the session ended by logging out, and a login starts afresh', async () => {
      fetchMock = mockFetch((request) =>
        new URL(request.url).pathname === '/api/login' ? jsonResponse(SIGNED_IN) : emptyResponse(204),
      );
      useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1', sessionEnd: null });
      await useAuthStore.getState().logout();
      expect(useAuthStore.getState().sessionEnd).toBe('logout');
      await useAuthStore.getState().login('anna@example.com', 'pw');
      expect(useAuthStore.getState()).toMatchObject({ authenticated: true, sessionEnd: null });
    });

    it('should call the logout endpoint with the anti-forgery header and clear the session', async () => {
      document.cookie = 'XSRF-TOKEN=logout-token; path=/';
      fetchMock = mockFetch(() => emptyResponse(204));
      useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1' });
      await useAuthStore.getState().logout();
      expect(fetchMock.requests[0]?.method).toBe('GET');
      expect(new URL(fetchMock.requests[0]?.url ?? '').pathname).toBe('/api/logout');
      // The api ends a session only for a logout that carries it: another site cannot log her out.
      expect(fetchMock.requests[0]?.headers.get('X-XSRF-TOKEN')).toBe('logout-token');
      document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
      expect(useAuthStore.getState()).toMatchObject({
        authenticated: false,
        username: null,
        profileId: null,
      });
    });

    it('should run every logout hook, also when the call fails or another hook throws', async () => {
      fetchMock = mockFetch(() => jsonResponse({ code: 'ERR', message: 'x', incidentId: 'I-1' }, 500));
      const failing = jest.fn(() => {
        throw new Error('broken feature');
      });
      const rejecting = jest.fn(() => Promise.reject(new Error('broken async feature')));
      const removePass = jest.fn();
      const unregister = [onLogout(failing), onLogout(rejecting), onLogout(removePass)];
      useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1' });
      await useAuthStore.getState().logout();
      expect(failing).toHaveBeenCalledTimes(1);
      expect(rejecting).toHaveBeenCalledTimes(1);
      expect(removePass).toHaveBeenCalledTimes(1);
      unregister.forEach((stop) => stop());
    });

    it('should run a hook no more once it is unregistered', async () => {
      fetchMock = mockFetch(() => emptyResponse(204));
      const hook = jest.fn();
      const unregister = onLogout(hook);
      unregister();
      await useAuthStore.getState().logout();
      expect(hook).not.toHaveBeenCalled();
    });

    it('should not run the hooks when only the session ends (a 401): what they remove must open offline later', () => {
      const hook = jest.fn();
      const unregister = onLogout(hook);
      useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1' });
      useAuthStore.getState().markUnauthenticated();
      expect(hook).not.toHaveBeenCalled();
      expect(lastLogoutAt()).toBeNull();
      unregister();
    });

    it('should record the moment of the logout on the device, for features loaded later', async () => {
      fetchMock = mockFetch(() => emptyResponse(204));
      expect(lastLogoutAt()).toBeNull();
      const before = Date.now();
      await useAuthStore.getState().logout();
      const at = lastLogoutAt();
      expect(at).not.toBeNull();
      expect(at).toBeGreaterThanOrEqual(before);
      expect(at).toBeLessThanOrEqual(Date.now());
      localStorage.setItem(LAST_LOGOUT_KEY, 'not a time');
      expect(lastLogoutAt()).toBeNull();
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

  describe('request ordering', () => {
    /** A fetch whose session checks answer only when the test says so. */
    function holdSessionChecks(answer: () => Response) {
      const held: Array<() => void> = [];
      fetchMock = mockFetch((request) => {
        if (new URL(request.url).pathname === '/api/checksession') {
          return new Promise<Response>((resolve) => held.push(() => resolve(answer())));
        }
        if (new URL(request.url).pathname === '/api/logout') return emptyResponse(204);
        return jsonResponse(SIGNED_IN);
      });
      // The check reaches fetch only after ky's hooks, so the release waits until it is there.
      return async () => {
        while (held.length === 0) await new Promise((resolve) => setTimeout(resolve, 0));
        held.forEach((release) => release());
      };
    }

    it('should not let a session check that answers after a login sign the student out', async () => {
      const release = holdSessionChecks(() => emptyResponse(401));
      const check = useAuthStore.getState().checkSession();

      await expect(useAuthStore.getState().login('anna@example.com', 'pw')).resolves.toEqual({ ok: true });
      await release();
      await check;

      expect(useAuthStore.getState()).toMatchObject({ authenticated: true, username: 'Anna' });
    });

    it('should not let a session check that answers after a logout sign the student in', async () => {
      useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1' });
      const release = holdSessionChecks(() => jsonResponse(SIGNED_IN));
      const check = useAuthStore.getState().checkSession();

      await useAuthStore.getState().logout();
      await release();
      await check;

      expect(useAuthStore.getState()).toMatchObject({ authenticated: false, username: null });
    });

    it('should still apply a session check when nothing newer happened', async () => {
      const release = holdSessionChecks(() => jsonResponse({ firstName: 'Ben', profileId: 'P-2' }));
      const check = useAuthStore.getState().checkSession();
      await release();
      await check;
      expect(useAuthStore.getState()).toMatchObject({ authenticated: true, username: 'Ben' });
    });
  });

  it('should forget the session on markUnauthenticated', () => {
    useAuthStore.setState({ authenticated: true, username: 'Anna', profileId: 'P-1', blocked: false });
    useAuthStore.getState().markUnauthenticated();
    expect(useAuthStore.getState()).toMatchObject({ authenticated: false, username: null, profileId: null });
  });

  it('should drop the reads started ahead with another session at a login, a logout and a 401', async () => {
    fetchMock = mockFetch((request) =>
      new URL(request.url).pathname === '/api/login' ? jsonResponse(SIGNED_IN) : emptyResponse(401),
    );
    const read = 'api/en/P-1/invoices';
    const store = useAuthStore.getState();
    for (const end of [() => store.login('anna@example.com', 'pw'), () => store.logout()]) {
      startReadAhead(read);
      await end();
      expect(hasReadAhead(read)).toBe(false);
    }
    startReadAhead(read);
    store.markUnauthenticated();
    expect(hasReadAhead(read)).toBe(false);
  });
});
