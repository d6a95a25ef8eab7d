// The portal's runtime topology in one place (docs/design.md "Runtime topology"): which process listens on
// which port by default, the env var that moves it, and the origins that follow. The host server, the
// webpack dev servers, the start, dev and bench scripts and the browser journeys all read this file.
// CommonJS with a declaration file beside it, so webpack configs, Node scripts and TypeScript share it.

/** Default port of each process. */
const DEFAULT_PORTS = Object.freeze({
  host: 8080,
  account: 8081,
  insurance: 8082,
  billing: 8083,
  service: 8084,
  api: 8090,
});

/** The env var that moves each process to another port. */
const PORT_VARIABLES = Object.freeze({
  host: 'HOST_PORT',
  account: 'REMOTE_ACCOUNT_PORT',
  insurance: 'REMOTE_INSURANCE_PORT',
  billing: 'REMOTE_BILLING_PORT',
  service: 'REMOTE_SERVICE_PORT',
  api: 'API_PORT',
});

/** The env var with the manifest URL of each remote, as the host serves it to the page. */
const REMOTE_URL_VARIABLES = Object.freeze({
  account: 'REMOTE_ACCOUNT_URL',
  insurance: 'REMOTE_INSURANCE_URL',
  billing: 'REMOTE_BILLING_URL',
  service: 'REMOTE_SERVICE_URL',
});

/** The remotes, by federation name, with their package folders. */
const REMOTE_PACKAGES = Object.freeze({
  account: 'remote-account',
  insurance: 'remote-insurance',
  billing: 'remote-billing',
  service: 'remote-service',
});

/**
 * The port of a process: its env var when set, else the default.
 * @param {keyof typeof DEFAULT_PORTS} name @param {NodeJS.ProcessEnv} [env]
 */
function portOf(name, env = process.env) {
  const raw = env[PORT_VARIABLES[name]];
  if (raw === undefined || raw === '') return DEFAULT_PORTS[name];
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 1 || port > 65535) {
    throw new Error(`${PORT_VARIABLES[name]} must be a port number (1-65535), got "${raw}".`);
  }
  return port;
}

/** Every process's port. @param {NodeJS.ProcessEnv} [env] */
function ports(env = process.env) {
  return Object.fromEntries(Object.keys(DEFAULT_PORTS).map((name) => [name, portOf(name, env)]));
}

/**
 * How far apart two stacks of the portal on one machine are (the browser journeys run one per
 * worker): stack N listens STACK_PORT_STEP × N ports above stack 0, which listens on the ports above.
 * More than one stack spans (the host's port up to the closed port 19 above it).
 */
const STACK_PORT_STEP = 100;

/**
 * The port env vars that put a whole stack N ports above those of `env` (or the defaults).
 * @param {number} stack @param {NodeJS.ProcessEnv} [env] @returns {Record<string, string>}
 */
function stackPortVariables(stack, env = process.env) {
  const moved = stackProcessPorts(stack, env);
  return Object.fromEntries(
    Object.entries(PORT_VARIABLES).map(([name, variable]) => [
      variable,
      String(moved[/** @type {keyof typeof DEFAULT_PORTS} */ (name)]),
    ]),
  );
}

/**
 * Every process's port in stack `stack`: STACK_PORT_STEP × stack above those of `env`.
 * @param {number} stack @param {NodeJS.ProcessEnv} [env]
 */
function stackProcessPorts(stack, env = process.env) {
  return /** @type {Record<keyof typeof DEFAULT_PORTS, number>} */ (
    Object.fromEntries(
      Object.entries(ports(env)).map(([name, port]) => [name, port + stack * STACK_PORT_STEP]),
    )
  );
}

/**
 * What the browser journeys add to each of their stacks, relative to its host's port: three more hosts
 * that each meet a fault (a remote down, the content endpoint down, no billing remote), just after the
 * remotes; in the release stage's canary check, canary builds and their host, and a remote made by
 * `pnpm create-remote` that joins that host; and a port where nothing
 * listens (a backend or remote pointed there is "down").
 */
const JOURNEY_PORT_OFFSETS = Object.freeze({
  billingDownHost: 5,
  contentDownHost: 6,
  billingOffHost: 7,
  // The canary check of the release stage (scripts/check-releases.mjs): two more builds of the billing
  // remote (a broken one, and today's served from another origin) and a host that reads a remotes file.
  brokenBillingCanary: 11,
  healthyBillingCanary: 12,
  canaryHost: 13,
  // The release stage's new-remote check: a remote made by `pnpm create-remote`, added to that host.
  addedRemote: 14,
  closed: 19,
});

/**
 * The ports of the browser journeys' stack `stack`: the portal's, STACK_PORT_STEP × stack above those
 * of `env`, and the journeys' own ({@link JOURNEY_PORT_OFFSETS}).
 * @param {number} stack @param {NodeJS.ProcessEnv} [env]
 */
function journeyStackPorts(stack, env = process.env) {
  const portal = stackProcessPorts(stack, env);
  const extra = /** @type {Record<keyof typeof JOURNEY_PORT_OFFSETS, number>} */ (
    Object.fromEntries(
      Object.entries(JOURNEY_PORT_OFFSETS).map(([name, offset]) => [name, portal.host + offset]),
    )
  );
  return { ...portal, ...extra };
}

/** The local origin of a port. @param {number} port */
const localOrigin = (port) => `http://localhost:${port}`;

/**
 * The local origin of a process. @param {keyof typeof DEFAULT_PORTS} name @param {NodeJS.ProcessEnv} [env]
 */
function originOf(name, env = process.env) {
  return localOrigin(portOf(name, env));
}

/** A remote's default manifest URL. @param {keyof typeof REMOTE_PACKAGES} remote @param {NodeJS.ProcessEnv} [env] */
function remoteManifestUrl(remote, env = process.env) {
  return `${originOf(remote, env)}/mf-manifest.json`;
}

module.exports = {
  DEFAULT_PORTS,
  PORT_VARIABLES,
  REMOTE_URL_VARIABLES,
  REMOTE_PACKAGES,
  portOf,
  ports,
  STACK_PORT_STEP,
  stackPortVariables,
  JOURNEY_PORT_OFFSETS,
  journeyStackPorts,
  localOrigin,
  originOf,
  remoteManifestUrl,
};
