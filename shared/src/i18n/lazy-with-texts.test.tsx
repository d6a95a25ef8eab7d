import { act, cleanup, render, screen } from '@testing-library/react';
import { Component, Suspense } from 'react';
import type { ComponentType, ReactNode } from 'react';

import { lazyWithTexts, retryFailedPages } from './lazy-with-texts';

type BoundaryProps = { children: ReactNode };

class Boundary extends Component<BoundaryProps, { error: Error | null }> {
  override state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    return this.state.error ? <p>failed: {this.state.error.message}</p> : this.props.children;
  }
}

function Page({ name }: { name: string }) {
  return <h1>{name}</h1>;
}

function settleLater() {
  let resolve: () => void = () => undefined;
  let reject: (error: Error) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

// A page's code is tried three times, 250 ms and 500 ms apart, before it fails.
const RETRIES = { timeout: 3_000 };

/** Renders a lazy page as a slot does: inside a Suspense boundary and an error boundary. */
async function renderPage(LazyPage: ComponentType<{ name: string }>) {
  await act(async () => {
    render(
      <Boundary>
        <Suspense fallback={<p>loading</p>}>
          <LazyPage name="Invoices" />
        </Suspense>
      </Boundary>,
    );
  });
}

describe('lazyWithTexts', () => {
  it('should render the page only once its code and its texts are there', async () => {
    const texts = settleLater();
    const load = jest.fn(async () => Page);
    const LazyPage = lazyWithTexts(texts.promise, load);
    await renderPage(LazyPage);
    expect(load).toHaveBeenCalledTimes(1);
    expect(screen.getByText('loading')).toBeInTheDocument();

    await act(async () => texts.resolve());
    expect(screen.getByRole('heading', { name: 'Invoices' })).toBeInTheDocument();
  });

  it('should show the page in the fallback language when its texts cannot be fetched', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const texts = settleLater();
    const LazyPage = lazyWithTexts(texts.promise, async () => Page);
    await renderPage(LazyPage);
    await act(async () => texts.reject(new Error('Loading chunk failed.')));
    expect(screen.getByRole('heading', { name: 'Invoices' })).toBeInTheDocument();
    expect(log).toHaveBeenCalledWith(expect.stringContaining('English'), expect.any(Error));
    jest.restoreAllMocks();
  });

  it('should fail like a lazy page when its code cannot be fetched', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const LazyPage = lazyWithTexts<{ name: string }>(Promise.resolve(), () =>
      Promise.reject(new Error('Loading chunk failed.')),
    );
    await renderPage(LazyPage);
    expect(await screen.findByText('failed: Loading chunk failed.', {}, RETRIES)).toBeInTheDocument();
    jest.restoreAllMocks();
  });

  it('should fetch failed code again at once, as the browser answers each failed preload once', async () => {
    const load = jest
      .fn<Promise<ComponentType<{ name: string }>>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk 454 failed.'))
      .mockRejectedValueOnce(new Error('Loading chunk 532 failed.'))
      .mockResolvedValueOnce(Page);
    await renderPage(lazyWithTexts(Promise.resolve(), load));
    expect(await screen.findByRole('heading', { name: 'Invoices' }, RETRIES)).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('should keep a failure until a retry is asked for, then fetch its code again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest
      .fn<Promise<ComponentType<{ name: string }>>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk failed.'))
      .mockRejectedValueOnce(new Error('Loading chunk failed.'))
      .mockRejectedValueOnce(new Error('Loading chunk failed.'))
      .mockResolvedValueOnce(Page);
    const LazyPage = lazyWithTexts(Promise.resolve(), load);
    await renderPage(LazyPage);
    expect(await screen.findByText('failed: Loading chunk failed.', {}, RETRIES)).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(3);
    cleanup();
    // Rendering again is not a retry: React renders a failed page more than once.
    await renderPage(LazyPage);
    expect(await screen.findByText('failed: Loading chunk failed.', {}, RETRIES)).toBeInTheDocument();
    cleanup();
    // What a slot's Retry does: forget the failures, then mount the page again.
    retryFailedPages();
    await renderPage(LazyPage);
    expect(screen.getByRole('heading', { name: 'Invoices' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(4);
    jest.restoreAllMocks();
  });

  it('should render a preloaded page at once, without its Suspense fallback', async () => {
    const load = jest.fn(async () => Page);
    const LazyPage = lazyWithTexts(Promise.resolve(), load);
    await LazyPage.preload();
    // No act(): a page that suspended would show "loading" here.
    render(
      <Suspense fallback={<p>loading</p>}>
        <LazyPage name="Invoices" />
      </Suspense>,
    );
    expect(screen.getByRole('heading', { name: 'Invoices' })).toBeInTheDocument();
    expect(screen.queryByText('loading')).not.toBeInTheDocument();
    await LazyPage.preload();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('should settle a failed preload and leave the failure to the page, until a retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const load = jest
      .fn<Promise<ComponentType<{ name: string }>>, []>()
      .mockRejectedValueOnce(new Error('Loading chunk failed.'))
      .mockRejectedValueOnce(new Error('Loading chunk failed.'))
      .mockRejectedValueOnce(new Error('Loading chunk failed.'))
      .mockResolvedValueOnce(Page);
    const LazyPage = lazyWithTexts(Promise.resolve(), load);
    await expect(LazyPage.preload()).resolves.toBeUndefined();
    await renderPage(LazyPage);
    expect(await screen.findByText('failed: Loading chunk failed.', {}, RETRIES)).toBeInTheDocument();
    cleanup();
    retryFailedPages();
    await renderPage(LazyPage);
    expect(screen.getByRole('heading', { name: 'Invoices' })).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(4);
    jest.restoreAllMocks();
  });
});
