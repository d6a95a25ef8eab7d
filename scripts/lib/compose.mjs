// Finds a docker-compose that can validate docker-compose.yml (no Docker engine needed), and checks
// the compose files with it.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run, capture, onPath } from './run.mjs';
import { repoRoot } from './paths.mjs';
import { isDebianLike, isRoot } from './chromium.mjs';
import { loud, step } from './log.mjs';

/**
 * The command (as an argv prefix) of the Compose on this machine, `docker compose` first, or null.
 * @returns {[string, ...string[]] | null}
 */
export function findDockerCompose() {
  if (onPath('docker') && capture('docker', ['compose', 'version']) !== null) return ['docker', 'compose'];
  if (onPath('docker-compose')) return ['docker-compose'];
  return null;
}

/**
 * Returns the command (as an argv prefix) that runs Compose: `docker compose` (plugin) or
 * `docker-compose`; as root on Debian/Ubuntu installs Debian's docker-compose when neither is
 * there. Returns null, with a loud note, when none can be had: the caller skips the check.
 */
/** @returns {Promise<[string, ...string[]] | null>} */
export async function ensureDockerCompose() {
  const compose = findDockerCompose();
  if (compose) return compose;
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
 * The api is one service, scaled with `docker compose up --scale api=N`: no hand-written replicas
 * (`api-2`), the host reaches every replica through the service's name, and every service that answers
 * to that name (the demo profile's seeding replica) uses the api's database.
 * @param {string} configText
 */
export function checkApiReplicas(configText) {
  const { parse } = createRequire(join(repoRoot, 'api', 'package.json'))('yaml');
  const services = parse(configText)?.services ?? {};
  const handWritten = Object.keys(services).filter((name) => /^api-\d+$/.test(name));
  if (handWritten.length > 0)
    throw new Error(
      `The api runs as one service scaled with --scale api=N; found hand-written replicas ${handWritten.join(', ')}.`,
    );
  const origins = String(environmentOf(services.host).API_ORIGIN ?? '')
    .split(',')
    .map((origin) => origin.trim());
  if (!origins.includes('http://api:8090'))
    throw new Error(`The host's API_ORIGIN must name the api service (http://api:8090); found "${origins}".`);
  const database = environmentOf(services.api).DATABASE_URL;
  const aliased = Object.entries(services).filter(
    ([name, service]) =>
      name !== 'api' &&
      Object.values(service.networks ?? {}).some((network) => network?.aliases?.includes('api')),
  );
  for (const [name, service] of aliased)
    if (environmentOf(service).DATABASE_URL !== database)
      throw new Error(`${name} answers to the name api but does not use the api's DATABASE_URL.`);
  console.log(
    `api: one service (--scale api=N) behind the host${aliased.length ? `, with ${aliased.map(([name]) => name).join(', ')} under its name` : ''}`,
  );
}

/** Where docs/operations.md keeps the Prometheus scrape config: the yaml block after this line. */
export const PROMETHEUS_MARKER = '<!-- prometheus.yml: checked by promtool in npm test -->';

/** The scrape config of docs/operations.md. @param {string} markdown */
export function prometheusConfigOf(markdown) {
  const at = markdown.indexOf(PROMETHEUS_MARKER);
  const block = at < 0 ? null : /```yaml\n([\s\S]*?)```/.exec(markdown.slice(at));
  if (!block?.[1]) throw new Error(`docs/operations.md has no yaml block after "${PROMETHEUS_MARKER}".`);
  return block[1];
}

/**
 * Checks the scrape config of docs/operations.md with `promtool check config` (Debian's `prometheus`
 * package, installed with apt-get as root when missing). Returns false, after a loud note, when promtool
 * cannot be had.
 */
export async function checkPrometheusConfig() {
  if (!onPath('promtool') && isRoot() && isDebianLike()) {
    step("Installing promtool (Debian's prometheus) with apt-get");
    try {
      await run('apt-get', ['update']);
      await run('apt-get', ['install', '-y', '--no-install-recommends', 'prometheus'], {
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch (error) {
      loud(`apt-get could not install prometheus: ${error.message}`);
    }
  }
  if (!onPath('promtool')) {
    loud(
      'promtool is not available: SKIPPING the check of the Prometheus scrape config in docs/operations.md.',
    );
    return false;
  }
  const dir = mkdtempSync(join(tmpdir(), 'portal-prometheus-'));
  try {
    const file = join(dir, 'prometheus.yml');
    writeFileSync(file, prometheusConfigOf(readFileSync(join(repoRoot, 'docs', 'operations.md'), 'utf8')));
    // The token file the config names, as ops would mount it.
    writeFileSync(join(dir, 'ops-token'), 'ops-token\n');
    await run('promtool', ['check', 'config', file], { cwd: dir });
    return true;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
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
  for (const name of ['api', 'db'])
    if ((plain[name] ?? []).length > 0)
      throw new Error(
        `By default the api replicas and the database publish no port; found ${name} ${plain[name]}.`,
      );
  checkApiReplicas(resolved);
  const withOverride = publishedPorts(config(['docker-compose.yml', API_PORT_OVERRIDE]));
  if (!withOverride.api.some((port) => /^127\.0\.0\.1:\d+:8090(\/tcp)?$/.test(port)))
    throw new Error(
      `${API_PORT_OVERRIDE} should publish the api's 8090 on 127.0.0.1; found ${withOverride.api}.`,
    );
  console.log(`api ports: none by default; with ${API_PORT_OVERRIDE}: ${withOverride.api.join(', ')}`);
}
