import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Component } from 'react';
import type { ComponentType, ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from '@portal/shared/router';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { initI18n, lazyWithTexts } from '@portal/shared';
import type { PageProps } from '@portal/shared';
import { registerHostTexts } from '../../i18n';
import { PRELOAD_ERROR_EVENT, preloadErrorPlugin } from './preload-error';
import { preloadRemotePage, registerPortalRemotes } from './remote-pages';
import { RemoteSlot } from './remote-slot';

jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
}));

const mockedLoadRemote = jest.mocked(loadRemote);
const plugin = preloadErrorPlugin();

/** Behaves like the federation runtime: a failure goes through the plugin, then is rethrown. */
function failingLoad(error: Error) {
  return async (id: string) => {
    const errorLoadRemote = plugin.errorLoadRemote as unknown as (args: object) => unknown;
    const failOver = await errorLoadRemote({
      id,
      error,
      lifecycle: 'onLoad',
      remote: { name: id.split('/')[0] },
    });
    if (!failOver) throw error;
    return failOver;
  };
}

class OuterBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  override state = { error: undefined as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override render() {
    return this.state.error ? <p>outer boundary caught it</p> : this.props.children;
  }
}

// React's `use` suspends; rendering inside an awaited act lets the resolved load reach React.
async function renderInAct(ui: ReactNode) {
  await act(async () => {
    render(ui);
  });
}

function renderSlot(page = 'login') {
  return renderInAct(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route
          path="/login"
          element={<RemoteSlot remote="account" page={page} pageProps={{ pageId: 'p-1' }} />}
        />
        <Route path="/home" element={<p>home page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('RemoteSlot', () => {
  beforeAll(() => {
    initI18n({ lng: 'en-GB' });
    registerHostTexts();
  });

  beforeEach(() => {
    registerPortalRemotes({ account: 'http://localhost:8081/mf-manifest.json' });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  afterEach(() => jest.restoreAllMocks());

  it('should render the page from the remote with its props', async () => {
    mockedLoadRemote.mockResolvedValue({
      pages: { login: ({ pageId }: { pageId?: string }) => <p>login {pageId}</p> },
    });
    await renderSlot();
    expect(await screen.findByText('login p-1')).toBeInTheDocument();
    expect(mockedLoadRemote).toHaveBeenCalledWith('account/pages');
  });

  it('should render a page preloaded with the start-up at once, without the spinner', async () => {
    const load = jest.fn(async () => ({ pageId }: PageProps) => <p>login {pageId}</p>);
    mockedLoadRemote.mockResolvedValue({ pages: { login: lazyWithTexts(Promise.resolve(), load) } });
    await preloadRemotePage('account', 'login');
    expect(load).toHaveBeenCalledTimes(1);
    // Rendered outside act(): a slot that suspended would show its spinner first.
    render(
      <MemoryRouter initialEntries={['/login']}>
        <RemoteSlot remote="account" page="login" pageProps={{ pageId: 'p-1' }} />
      </MemoryRouter>,
    );
    expect(screen.getByText('login p-1')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('should settle a preload of a remote that fails, and leave the failure to the slot', async () => {
    // A remote no slot of this file has loaded yet: the preload itself must claim its failures.
    registerPortalRemotes({ service: 'http://localhost:8084/mf-manifest.json' });
    const events: Event[] = [];
    const record = (event: Event) => events.push(event);
    window.addEventListener(PRELOAD_ERROR_EVENT, record);
    mockedLoadRemote.mockImplementationOnce(failingLoad(new Error('RUNTIME-003 manifest unreachable')));
    await expect(preloadRemotePage('service', 'faq')).resolves.toBeUndefined();
    window.removeEventListener(PRELOAD_ERROR_EVENT, record);
    expect(events).toHaveLength(1);
    expect(events[0]?.defaultPrevented).toBe(true);

    await renderInAct(
      <MemoryRouter>
        <OuterBoundary>
          <RemoteSlot remote="service" page="faq" pageProps={{}} />
        </OuterBoundary>
      </MemoryRouter>,
    );
    expect(
      await screen.findByText('This part of the portal is temporarily unavailable.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('outer boundary caught it')).not.toBeInTheDocument();
  });

  it('should show the fallback when the remote fails, and load it again on retry', async () => {
    const events: Event[] = [];
    const record = (event: Event) => events.push(event);
    window.addEventListener(PRELOAD_ERROR_EVENT, record);
    mockedLoadRemote.mockImplementationOnce(failingLoad(new Error('RUNTIME-003 manifest unreachable')));

    await renderSlot();

    expect(
      await screen.findByText('This part of the portal is temporarily unavailable.'),
    ).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('alert'));
    expect(events).toHaveLength(1);
    expect((events[0] as CustomEvent).detail).toEqual({ remote: 'account', error: expect.any(Error) });
    expect(events[0]?.defaultPrevented).toBe(true);
    window.removeEventListener(PRELOAD_ERROR_EVENT, record);

    mockedLoadRemote.mockResolvedValueOnce({ pages: { login: () => <p>login is back</p> } });
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });

    expect(await screen.findByText('login is back')).toBeInTheDocument();
    expect(registerRemotes).toHaveBeenLastCalledWith(
      [{ name: 'account', entry: 'http://localhost:8081/mf-manifest.json' }],
      { force: true },
    );
  });

  it('should show the fallback in its place when a page chunk fails after the remote loaded, and retry', async () => {
    const chunkError = Object.assign(new Error('Loading chunk page-renew failed.'), {
      name: 'ChunkLoadError',
    });
    const loadPage = jest
      .fn<Promise<ComponentType<PageProps>>, []>()
      // Fetched three times before the page fails (a failed preload answers once per chunk).
      .mockRejectedValueOnce(chunkError)
      .mockRejectedValueOnce(chunkError)
      .mockRejectedValueOnce(chunkError)
      .mockResolvedValueOnce(() => <p>renewal page</p>);
    const pages = { login: lazyWithTexts(Promise.resolve(), loadPage) };
    mockedLoadRemote.mockResolvedValue({ pages });
    const events: Event[] = [];
    const record = (event: Event) => events.push(event);
    window.addEventListener(PRELOAD_ERROR_EVENT, record);

    await renderInAct(
      <OuterBoundary>
        <MemoryRouter>
          <p>navigation</p>
          <RemoteSlot remote="account" page="login" pageProps={{}} />
        </MemoryRouter>
      </OuterBoundary>,
    );

    expect(
      await screen.findByText('This part of the portal is temporarily unavailable.'),
    ).toBeInTheDocument();
    expect(screen.getByText('navigation')).toBeInTheDocument();
    expect(screen.queryByText('outer boundary caught it')).not.toBeInTheDocument();
    expect((events[0] as CustomEvent).detail).toEqual({ remote: 'account', error: chunkError });
    window.removeEventListener(PRELOAD_ERROR_EVENT, record);

    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByText('renewal page')).toBeInTheDocument();
    expect(loadPage).toHaveBeenCalledTimes(4);
  });

  it('should load on one Retry even when the first attempt after it meets a failed preload', async () => {
    mockedLoadRemote.mockImplementationOnce(failingLoad(new Error('RUNTIME-003 manifest unreachable')));
    await renderSlot();
    expect(
      await screen.findByText('This part of the portal is temporarily unavailable.'),
    ).toBeInTheDocument();

    mockedLoadRemote
      .mockImplementationOnce(failingLoad(new Error('RUNTIME-008 entry failed (preloaded)')))
      .mockResolvedValueOnce({ pages: { login: () => <p>login after one retry</p> } });
    await act(async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    });
    expect(await screen.findByText('login after one retry')).toBeInTheDocument();
  });

  it('should try again by itself when the browser comes back online', async () => {
    mockedLoadRemote.mockImplementationOnce(failingLoad(new TypeError('Failed to fetch')));
    await renderSlot();
    expect(
      await screen.findByText('This part of the portal is temporarily unavailable.'),
    ).toBeInTheDocument();

    mockedLoadRemote.mockResolvedValueOnce({ pages: { login: () => <p>login while online</p> } });
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await screen.findByText('login while online')).toBeInTheDocument();
  });

  it('should rethrow an unhandled load failure to the nearest error boundary', async () => {
    const error = new Error('RUNTIME-008 entry failed');
    mockedLoadRemote.mockImplementationOnce(failingLoad(error));
    // Nobody claims the failure: no slot has loaded this remote.
    await expect(loadRemote('billing/pages')).rejects.toBe(error);

    // A slot rethrows errors that are not a handled load failure.
    mockedLoadRemote.mockResolvedValueOnce({
      pages: {
        login: () => {
          throw new Error('page crashed');
        },
      },
    });
    await renderInAct(
      <OuterBoundary>
        <MemoryRouter>
          <RemoteSlot remote="account" page="login" pageProps={{}} />
        </MemoryRouter>
      </OuterBoundary>,
    );
    expect(await screen.findByText('outer boundary caught it')).toBeInTheDocument();
  });

  it('should say a page is not available when the remote does not have it', async () => {
    mockedLoadRemote.mockResolvedValue({ pages: {} });
    await renderSlot('profile');
    expect(
      await screen.findByRole('heading', { name: 'This page is not available at the moment' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('home page')).not.toBeInTheDocument();
  });
});
