// Where the servers of playwright.config.ts listen: the portal on its topology (configs/topology.cjs,
// moved by the same env vars as `npm start`), and three more hosts on the ports after the remotes.
import { localOrigin, ports } from '../../configs/topology.cjs';

const portal = ports();

export const PORTS = {
  ...portal,
  /** A host whose billing remote is down (its URL points at a closed port). */
  billingDownHost: 8085,
  /** A host whose content endpoint is down. */
  contentDownHost: 8086,
  /** A host deployed without the billing remote (`REMOTE_BILLING_URL=off`). */
  billingOffHost: 8087,
} as const;

/** Nothing listens here: a backend or remote pointed at it is "down". */
export const CLOSED_PORT = 8099;

/** The tag-manager container id the main host runs with. */
export const GTM_ID = 'GTM-PORTAL1';

export const ORIGINS = {
  host: localOrigin(PORTS.host),
  api: localOrigin(PORTS.api),
  billingDownHost: localOrigin(PORTS.billingDownHost),
  contentDownHost: localOrigin(PORTS.contentDownHost),
  billingOffHost: localOrigin(PORTS.billingOffHost),
} as const;

export const DEMO_PASSWORD = 'Portal-Demo-2026!';

export const USERS = {
  anna: 'anna.devries@example.com',
  ben: 'ben.okafor@example.com',
  chen: 'chen.li@example.com',
  blocked: 'blocked.user@example.com',
  newStudent: 'new.student@example.com',
} as const;
