import { act, renderHook, waitFor } from '@testing-library/react';

import { forgetPreloadedAnswer, keepPreloadedAnswer, preloadedAnswer } from './preloaded-answers';
import { useApiResource } from './use-api-resource';

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (reason: unknown) => void };

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useApiResource', () => {
  it('should report loading, then the data', async () => {
    const load = jest.fn((_signal: AbortSignal) => Promise.resolve(['a', 'b']));
    const { result } = renderHook(() => useApiResource(load, ['p-1']));
    expect(result.current.state).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'success', data: ['a', 'b'] }));
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('should report an error and load again on retry', async () => {
    const load = jest
      .fn<Promise<string>, [AbortSignal]>()
      .mockRejectedValueOnce(new Error('HTTP 503'))
      .mockResolvedValueOnce('second time');
    const { result } = renderHook(() => useApiResource(load, ['p-1']));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'error' }));
    act(() => result.current.retry());
    expect(result.current.state).toEqual({ status: 'loading' });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'success', data: 'second time' }));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('should load again by itself when the browser comes back online after a failure', async () => {
    const load = jest
      .fn<Promise<string>, [AbortSignal]>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce('back online');
    const { result } = renderHook(() => useApiResource(load, ['p-1']));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'error' }));
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(result.current.state).toEqual({ status: 'success', data: 'back online' }));
    // Loaded: coming online again loads nothing more.
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('should abort the old request and never show its data when deps change', async () => {
    const requests = new Map<string, { signal: AbortSignal; response: Deferred<string> }>();
    const { result, rerender } = renderHook(
      ({ id }: { id: string }) =>
        useApiResource(
          (signal) => {
            const response = deferred<string>();
            requests.set(id, { signal, response });
            return response.promise;
          },
          [id],
        ),
      { initialProps: { id: 'p-1' } },
    );
    rerender({ id: 'p-2' });
    expect(requests.get('p-1')?.signal.aborted).toBe(true);
    // A late answer to the old request must not show up as the data of the new one.
    await act(async () => requests.get('p-1')?.response.resolve('data of p-1'));
    expect(result.current.state).toEqual({ status: 'loading' });
    await act(async () => requests.get('p-2')?.response.resolve('data of p-2'));
    expect(result.current.state).toEqual({ status: 'success', data: 'data of p-2' });
  });

  it('should not load again when only the load function changes', async () => {
    const load = jest.fn((_signal: AbortSignal) => Promise.resolve(1));
    const { result, rerender } = renderHook(() => useApiResource((signal) => load(signal), ['p-1']));
    await waitFor(() => expect(result.current.state).toEqual({ status: 'success', data: 1 }));
    rerender();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('should abort the request on unmount', () => {
    let seen: AbortSignal | undefined;
    const { unmount } = renderHook(() =>
      useApiResource((signal) => {
        seen = signal;
        return new Promise<never>(() => {});
      }, []),
    );
    unmount();
    expect(seen?.aborted).toBe(true);
  });

  describe('with an answer that came with the page', () => {
    const path = 'api/en/profiles/P-1/policies';
    const read = (body: unknown) => {
      if (!Array.isArray(body)) throw new Error('not a list');
      return body.map(String);
    };
    afterEach(() => forgetPreloadedAnswer());

    it('should show the data in the first render, without a request, and forget the answer', async () => {
      keepPreloadedAnswer(path, ['TR-1', 'TR-2']);
      const load = jest.fn((_signal: AbortSignal) => Promise.resolve(['later']));
      const { result } = renderHook(() => useApiResource(load, ['P-1'], { path, read }));
      expect(result.current.state).toEqual({ status: 'success', data: ['TR-1', 'TR-2'] });
      await waitFor(() => expect(preloadedAnswer(path)).toBeUndefined());
      expect(load).not.toHaveBeenCalled();
    });

    it('should load as usual when the answer cannot be read', async () => {
      keepPreloadedAnswer(path, { broken: true });
      const load = jest.fn((_signal: AbortSignal) => Promise.resolve(['fetched']));
      const { result } = renderHook(() => useApiResource(load, ['P-1'], { path, read }));
      expect(result.current.state).toEqual({ status: 'loading' });
      await waitFor(() => expect(result.current.state).toEqual({ status: 'success', data: ['fetched'] }));
      expect(load).toHaveBeenCalledTimes(1);
    });

    it('should load the next time the page mounts', async () => {
      keepPreloadedAnswer(path, ['TR-1']);
      const first = renderHook(() =>
        useApiResource(() => Promise.resolve(['first']), ['P-1'], { path, read }),
      );
      await waitFor(() => expect(preloadedAnswer(path)).toBeUndefined());
      first.unmount();
      const load = jest.fn((_signal: AbortSignal) => Promise.resolve(['fresh']));
      const { result } = renderHook(() => useApiResource(load, ['P-1'], { path, read }));
      expect(result.current.state).toEqual({ status: 'loading' });
      await waitFor(() => expect(result.current.state).toEqual({ status: 'success', data: ['fresh'] }));
    });

    it('should load again on retry', async () => {
      keepPreloadedAnswer(path, ['TR-1']);
      const load = jest.fn((_signal: AbortSignal) => Promise.resolve(['again']));
      const { result } = renderHook(() => useApiResource(load, ['P-1'], { path, read }));
      act(() => result.current.retry());
      await waitFor(() => expect(result.current.state).toEqual({ status: 'success', data: ['again'] }));
      expect(load).toHaveBeenCalledTimes(1);
    });
  });
});
