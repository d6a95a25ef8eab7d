import { yieldToMain } from './app/yield-to-main';

/**
 * The start-up's modules, evaluated a group per task once the federation runtime has the shared
 * modules: the router, the shared package (stores, HTTP, texts), then the host's own. The GraphQL
 * client is not among them: it loads with a page that shows content. Evaluated at once they were one task of 40–60 ms on a desktop, four times that on a phone
 * (Total Blocking Time) while the prerendered frame is on screen. A group whose modules an earlier
 * one evaluated costs nothing more. Each import is `eager`: part of the start-up chunk, no request of
 * its own.
 */
const STAGES = [
  () => import(/* webpackMode: "eager" */ '@portal/shared/router'),
  () => import(/* webpackMode: "eager" */ '@portal/shared'),
];

async function run(): Promise<void> {
  for (const stage of STAGES) {
    await yieldToMain();
    await stage();
  }
  await yieldToMain();
  const { start } = await import(/* webpackMode: "eager" */ './start-up');
  await start();
}

// Without this, a failed start-up would leave the skeleton on screen for good. The failure notice is
// imported only then: it needs the shared package, whose modules would otherwise be evaluated in the
// same task as the start-up chunk's compile (`eager`: part of this chunk, no request of its own).
run().catch((error: unknown) =>
  import(/* webpackMode: "eager" */ './app/start-up-failure').then(({ showStartUpFailure }) =>
    showStartUpFailure(error),
  ),
);
