import { yieldBetweenStepsPlugin } from './yield-between-steps';

const microtasks = () => Promise.resolve().then(() => undefined);

describe('yieldBetweenStepsPlugin', () => {
  afterEach(() => jest.useRealTimers());

  it.each(['afterLoadEntry', 'afterInitRemote', 'beforeExecuteFactory'] as const)(
    'ends the task at %s and changes nothing it is given',
    async (hook) => {
      jest.useFakeTimers();
      const plugin = yieldBetweenStepsPlugin() as unknown as Record<string, () => Promise<unknown>>;
      let settled = false;
      const result = plugin[hook]?.().then((value) => {
        settled = true;
        return value;
      });
      expect(result).toBeInstanceOf(Promise);
      await microtasks();
      expect(settled).toBe(false);
      await jest.advanceTimersByTimeAsync(0);
      expect(settled).toBe(true);
      // The federation runtime keeps its own arguments when a hook returns nothing.
      await expect(result).resolves.toBeUndefined();
    },
  );
});
