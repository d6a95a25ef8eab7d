import { yieldToMain } from './yield-to-main';

/** Settles the microtask queue, not the task queue. */
const microtasks = () => Promise.resolve().then(() => undefined);

describe('yieldToMain', () => {
  afterEach(() => {
    jest.useRealTimers();
    delete (globalThis as { scheduler?: unknown }).scheduler;
  });

  it('resolves in a later task, not in the current one', async () => {
    jest.useFakeTimers();
    let resolved = false;
    void yieldToMain().then(() => {
      resolved = true;
    });
    await microtasks();
    expect(resolved).toBe(false);
    await jest.advanceTimersByTimeAsync(0);
    expect(resolved).toBe(true);
  });

  it('uses scheduler.yield() where the browser has it', async () => {
    const schedulerYield = jest.fn(() => Promise.resolve());
    (globalThis as { scheduler?: unknown }).scheduler = { yield: schedulerYield };
    await yieldToMain();
    expect(schedulerYield).toHaveBeenCalledTimes(1);
  });
});
