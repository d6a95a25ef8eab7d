/** @jest-environment node */
import { cached, swrCache, within } from './swr-cache';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the stale-while-revalidate cache', () => {
  it('should answer from memory while fresh, then serve the stale answer while it refreshes', async () => {
    let calls = 0;
    const cache = swrCache(async () => `answer ${(calls += 1)}`, 30);
    expect(await cached(cache, 'k')).toBe('answer 1');
    expect(await cached(cache, 'k')).toBe('answer 1');
    await sleep(50);
    expect(await cached(cache, 'k')).toBe('answer 1');
    await sleep(10);
    expect(await cached(cache, 'k')).toBe('answer 2');
    expect(calls).toBe(2);
  });

  it('should keep the last good answer when a refresh fails', async () => {
    let failing = false;
    const cache = swrCache(async () => {
      if (failing) throw new Error('down');
      return 'good';
    }, 10);
    expect(await cached(cache, 'k')).toBe('good');
    failing = true;
    await sleep(20);
    expect(await cached(cache, 'k')).toBe('good');
    await sleep(10);
    expect(await cached(cache, 'k')).toBe('good');
  });
});

describe('waiting within a time', () => {
  it('should give the value when it comes in time, and undefined when it is late or fails', async () => {
    expect(await within(Promise.resolve('soon'), 50)).toBe('soon');
    expect(
      await within(
        sleep(100).then(() => 'late'),
        20,
      ),
    ).toBeUndefined();
    expect(await within(Promise.reject(new Error('down')), 50)).toBeUndefined();
  });
});
