// Where the servers of playwright.config.ts listen.
export const PORTS = {
  host: 8080,
  api: 8090,
  billingDownHost: 8085,
  contentDownHost: 8086,
} as const;

/** Nothing listens here: a backend or remote pointed at it is "down". */
export const CLOSED_PORT = 8099;

/** The tag-manager container id the main host runs with. */
export const GTM_ID = 'GTM-PORTAL1';

export const ORIGINS = {
  host: `http://localhost:${PORTS.host}`,
  api: `http://localhost:${PORTS.api}`,
  billingDownHost: `http://localhost:${PORTS.billingDownHost}`,
  contentDownHost: `http://localhost:${PORTS.contentDownHost}`,
} as const;

export const DEMO_PASSWORD = 'Portal-Demo-2026!';

export const USERS = {
  anna: 'anna.devries@example.com',
  ben: 'ben.okafor@example.com',
  chen: 'chen.li@example.com',
  blocked: 'blocked.user@example.com',
  newStudent: 'new.student@example.com',
} as const;
