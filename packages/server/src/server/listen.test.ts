/** @jest-environment node */
import { runMain } from './listen';

describe('runMain', () => {
  it('should log the error with its stack and exit with code 1', async () => {
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const exited = new Promise<number>((resolve) => {
      runMain(async () => {
        throw new Error('HOST_PORT must be a port number');
      }, resolve);
    });

    await expect(exited).resolves.toBe(1);
    const [label, error] = logged.mock.calls[0] ?? [];
    expect(label).toBe('Start-up failed:');
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toBe('HOST_PORT must be a port number');
    expect((error as Error).stack).toContain('listen.test.ts');
    logged.mockRestore();
  });

  it('should not exit when the start-up succeeds', async () => {
    const exit = jest.fn();
    await new Promise<void>((resolve) => {
      runMain(async () => resolve(), exit);
    });
    await Promise.resolve();
    expect(exit).not.toHaveBeenCalled();
  });
});
