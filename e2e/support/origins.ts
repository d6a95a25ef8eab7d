// Where the servers of playwright.config.ts listen: the portal on its topology (configs/topology.cjs,
// moved by the same env vars as `npm start`), and three more hosts on the ports after the remotes.
//
// The journeys run in parallel workers, and each worker has a stack of its own (its own api and
// database, remotes and hosts: scripts/journey-stacks.mjs), so that no journey meets another's
// students or sessions. Stack 0 listens where `npm start` does; stack N listens STACK_PORT_STEP × N
// ports higher. A worker's stack is its Playwright parallel index, which stays the same when a
// worker is replaced.
import { journeyStackPorts, localOrigin } from '../../configs/topology.cjs';
import { PORTAL_URL } from './deployed';

/** The stack of this process: a worker's parallel index; 0 outside the workers. */
export const STACK = Number(process.env.TEST_PARALLEL_INDEX ?? 0);

/** This stack's ports, with its fault hosts and closed port. */
export const PORTS = journeyStackPorts(STACK);

/** Nothing listens here (8099 by default on stack 0). */
export const CLOSED_PORT = PORTS.closed;

/** The tag-manager container id the main host runs with. */
export const GTM_ID = 'GTM-PORTAL1';

/** The origins of one stack. */
export function stackOrigins(stack: number) {
  const portal = journeyStackPorts(stack);
  return {
    host: localOrigin(portal.host),
    api: localOrigin(portal.api),
    billingDownHost: localOrigin(portal.billingDownHost),
    contentDownHost: localOrigin(portal.contentDownHost),
    billingOffHost: localOrigin(portal.billingOffHost),
  } as const;
}

/** This stack's origins; the portal's own is PORTAL_URL's when the journeys run against a running one. */
export const ORIGINS = {
  ...stackOrigins(STACK),
  ...(PORTAL_URL ? { host: PORTAL_URL } : {}),
};

/** The api's operations key on the journeys' stacks (JOURNEY_OPS_TOKEN of scripts/journey-stacks.mjs). */
export const OPS_TOKEN = 'journey-ops-token';

export const DEMO_PASSWORD = 'Portal-Demo-2026!';

export const USERS = {
  anna: 'anna.devries@example.com',
  ben: 'ben.okafor@example.com',
  chen: 'chen.li@example.com',
  blocked: 'blocked.user@example.com',
  newStudent: 'new.student@example.com',
  sofia: 'sofia.rossi@example.com',
  lucas: 'lucas.moreau@example.com',
} as const;
