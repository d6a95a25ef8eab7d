// Where the servers of playwright.config.ts listen: the portal on its topology (configs/topology.cjs,
// moved by the same env vars as `npm start`), and three more hosts on the ports after the remotes.
import { localOrigin, ports } from '../../configs/topology.cjs';

const portal = ports();

// The extra hosts sit just after the remotes, relative to the host's port (8085–8087 by default),
// so that a second stack moved with HOST_PORT & co. never meets the first one's extra hosts.
export const PORTS = {
  ...portal,
  /** A host whose billing remote is down (its URL points at a closed port). */
  billingDownHost: portal.host + 5,
  /** A host whose content endpoint is down. */
  contentDownHost: portal.host + 6,
  /** A host deployed without the billing remote (`REMOTE_BILLING_URL=off`). */
  billingOffHost: portal.host + 7,
} as const;

/** Nothing listens here (8099 by default): a backend or remote pointed at it is "down". */
export const CLOSED_PORT = portal.host + 19;

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
  sofia: 'sofia.rossi@example.com',
} as const;
