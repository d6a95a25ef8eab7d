// `PORTAL_URL=https://… pnpm test:e2e`: the journeys against a portal that is already running (a
// deployment with the demo profile), instead of the stacks the config starts. Journeys that need to
// control a stack (its api directly, the development outbox for mails, the payment sandbox, the hosts
// with a backend down, a closed port) cannot run there: they are left out, and the run says which.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** The portal the journeys run against, without a trailing slash; undefined: the config's own stacks. */
export const PORTAL_URL = process.env.PORTAL_URL?.trim().replace(/\/+$/, '') || undefined;

/** What in a journey file says it controls its stack. */
const STACK_CONTROL =
  /ORIGINS\.(api|billingDownHost|contentDownHost|billingOffHost)\b|CLOSED_PORT|PORTS\.|\/api\/dev\/|outbox|sandbox/i;

/** The journey files of `testDir` that control their stack, by file name. */
export function journeysNeedingStack(testDir: string): string[] {
  return readdirSync(testDir)
    .filter((file) => file.endsWith('.spec.ts'))
    .filter((file) => STACK_CONTROL.test(readFileSync(path.join(testDir, file), 'utf8')))
    .sort();
}
