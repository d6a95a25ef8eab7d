// Finds a docker-compose that can validate docker-compose.yml (no Docker engine needed), and checks
// the compose files with it.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { run, capture, onPath } from './run.mjs';
import { repoRoot } from './paths.mjs';
import { isDebianLike, isRoot } from './chromium.mjs';
import { loud, step } from './log.mjs';

/**
 * Returns the command (as an argv prefix) that runs Compose: `docker compose` (plugin) or
 * `docker-compose`; as root on Debian/Ubuntu installs Debian's docker-compose when neither is
 * there. Returns null, with a loud note, when none can be had: the caller skips the check.
 */
/** @returns {Promise<[string, ...string[]] | null>} */
export async function ensureDockerCompose() {
  if (onPath('docker') && capture('docker', ['compose', 'version']) !== null) return ['docker', 'compose'];
  if (onPath('docker-compose')) return ['docker-compose'];
  if (isRoot() && isDebianLike()) {
    step('Installing docker-compose with apt-get');
    try {
      await run('apt-get', ['update']);
      await run('apt-get', ['install', '-y', 'docker-compose'], {
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
      if (onPath('docker-compose')) return ['docker-compose'];
    } catch (error) {
      loud(`apt-get could not install docker-compose: ${error.message}`);
    }
  }
  loud('Neither "docker compose" nor "docker-compose" is available: SKIPPING the docker-compose.yml check.');
  return null;
}

/** The compose file ops publish the api's port with (on top of docker-compose.yml). */
export const API_PORT_OVERRIDE = 'docker-compose.api-port.yml';

/**
 * Published ports per service in the output of `config` (YAML text), read with the workspace's `yaml`
 * package (installed by then). Short (`127.0.0.1:8090:8090`) and long (`published:`) forms.
 */
export function publishedPorts(configText) {
  const { parse } = createRequire(join(repoRoot, 'api', 'package.json'))('yaml');
  const services = parse(configText)?.services ?? {};
  return Object.fromEntries(
    Object.entries(services).map(([name, service]) => [
      name,
      (service.ports ?? []).map((port) =>
        typeof port === 'object'
          ? `${port.host_ip ? `${port.host_ip}:` : ''}${port.published}:${port.target}`
          : String(port),
      ),
    ]),
  );
}

/** A service's environment from `config` output, whichever form (map or `KEY=value` list) it has. */
const environmentOf = (service) =>
  Array.isArray(service?.environment)
    ? Object.fromEntries(service.environment.map((entry) => entry.split(/=(.*)/s).slice(0, 2)))
    : (service?.environment ?? {});

/**
 * The api's DATABASE_URL as Compose resolves it must name the db service with the db's own user,
 * password and database: a wrongly resolved default would only show when the api starts.
 */
export function checkDatabaseUrl(configText) {
  const { parse } = createRequire(join(repoRoot, 'api', 'package.json'))('yaml');
  const services = parse(configText)?.services ?? {};
  const raw = environmentOf(services.api).DATABASE_URL;
  const db = environmentOf(services.db);
  let url;
  try {
    url = new URL(String(raw));
  } catch {
    throw new Error(`The api's DATABASE_URL is not a URL as Compose resolves it: "${raw}".`);
  }
  const expected = {
    protocol: 'postgres:',
    hostname: 'db',
    username: db.POSTGRES_USER,
    password: db.POSTGRES_PASSWORD,
    pathname: `/${db.POSTGRES_DB}`,
  };
  for (const [part, value] of Object.entries(expected)) {
    if (decodeURIComponent(url[part]) !== value)
      throw new Error(`The api's DATABASE_URL ${part} is "${url[part]}", the db service's is "${value}".`);
  }
}

/**
 * docker-compose.yml is valid; by default the api publishes no port on the host machine (the browser
 * reaches it through the host), and with the override only on the loopback.
 */
/**
 * Every api replica must use the same database as the first, and the host must balance between all of
 * them: a replica the host does not name would be started for nothing.
 * @param {string} configText
 * @param {string[]} replicas
 */
export function checkApiReplicas(configText, replicas) {
  const { parse } = createRequire(join(repoRoot, 'api', 'package.json'))('yaml');
  const services = parse(configText)?.services ?? {};
  const database = environmentOf(services.api).DATABASE_URL;
  for (const name of replicas)
    if (environmentOf(services[name]).DATABASE_URL !== database)
      throw new Error(`The api replica ${name} does not use the first replica's DATABASE_URL.`);
  const origins = String(environmentOf(services.host).API_ORIGIN ?? '')
    .split(',')
    .map((origin) => origin.trim());
  const missing = replicas.filter((name) => !origins.includes(`http://${name}:8090`));
  if (missing.length > 0)
    throw new Error(`The host's API_ORIGIN does not name the api replica(s) ${missing.join(', ')}.`);
  console.log(`api replicas: ${replicas.join(', ')} on one database, all behind the host`);
}

/** @param {[string, ...string[]]} command */
export async function checkComposeFiles([cmd, ...prefix]) {
  await run(cmd, [...prefix, '-f', 'docker-compose.yml', 'config', '--quiet'], { cwd: repoRoot });
  const config = (files) => {
    const text = capture(cmd, [...prefix, ...files.flatMap((file) => ['-f', file]), 'config'], {
      cwd: repoRoot,
    });
    if (text === null) throw new Error(`"${cmd} ${files.join(' + ')} config" failed.`);
    return text;
  };
  const resolved = config(['docker-compose.yml']);
  checkDatabaseUrl(resolved);
  const plain = publishedPorts(resolved);
  if (!plain.api) throw new Error('docker-compose.yml has no api service.');
  const replicas = Object.keys(plain).filter((name) => /^api(-\d+)?$/.test(name));
  for (const name of [...replicas, 'db'])
    if ((plain[name] ?? []).length > 0)
      throw new Error(
        `By default the api replicas and the database publish no port; found ${name} ${plain[name]}.`,
      );
  checkApiReplicas(resolved, replicas);
  const withOverride = publishedPorts(config(['docker-compose.yml', API_PORT_OVERRIDE]));
  if (!withOverride.api.some((port) => /^127\.0\.0\.1:\d+:8090(\/tcp)?$/.test(port)))
    throw new Error(
      `${API_PORT_OVERRIDE} should publish the api's 8090 on 127.0.0.1; found ${withOverride.api}.`,
    );
  console.log(`api ports: none by default; with ${API_PORT_OVERRIDE}: ${withOverride.api.join(', ')}`);
}
