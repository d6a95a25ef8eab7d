import { showStartUpFailure } from './app/start-up-failure';

/** Ends the current task, so the browser can paint or handle input before the next part runs. */
const yieldToMain = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The module the entry imports once the federation runtime has the shared modules. The start-up
 * chunk has just been compiled and run, one long task; its modules (React, i18next, the stores, the
 * host's own) are evaluated in the next one, so that a phone's main thread is not held for both at
 * once (`eager`: the start-up module is part of this chunk, no request of its own).
 */
async function run(): Promise<void> {
  await yieldToMain();
  const { start } = await import(/* webpackMode: "eager" */ './start-up');
  await start();
}

// Without this, a failed start-up would leave the skeleton on screen for good.
run().catch((error: unknown) => showStartUpFailure(error));
