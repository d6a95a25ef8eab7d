import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readFrameSecret, readOrigins, readPort, readUrl } from '@portal/server';
import { CONTENT_ROOTS, GTM_ID_PATTERN, isRemoteName, REMOTE_NAMES } from '../src/app/runtime-config-shape';
import type { RemoteName, RuntimeConfig } from '../src/app/runtime-config-shape';
import { DEFAULT_CANARY_RULES } from './canary-watch';
import type { CanaryRules } from './canary-watch';
import { DEFAULT_PORTS, originOf, remoteManifestUrl, REMOTE_URL_VARIABLES } from '../../configs/topology.cjs';

export type { RuntimeConfig } from '../src/app/runtime-config-shape';

/** The value of a `REMOTE_*_URL` that leaves a remote out: not deployed, its pages "not available". */
export const REMOTE_OFF = 'off';

/**
 * The variable naming the remotes added to the portal's own four (made by `pnpm create-remote`), by
 * federation name, separated by commas: each is composed from its `REMOTE_<NAME>_URL`, which it must have.
 */
export const ADDED_REMOTES = 'ADDED_REMOTES';

/** The variable with a remote's manifest URL: `REMOTE_<NAME>_URL`. */
export function remoteUrlVariable(name: RemoteName): string {
  return (
    (REMOTE_URL_VARIABLES as Readonly<Record<string, string>>)[name] ?? `REMOTE_${name.toUpperCase()}_URL`
  );
}

/**
 * The remotes named in ADDED_REMOTES (none when unset). @throws Error naming a name that is not a
 * remote's, or one of the portal's own.
 */
export function readAddedRemotes(env: NodeJS.ProcessEnv): RemoteName[] {
  const raw = (env[ADDED_REMOTES] ?? '').trim();
  if (raw === '') return [];
  const names = raw.split(',').map((name) => name.trim());
  for (const name of names) {
    if (!isRemoteName(name))
      throw new Error(
        `${ADDED_REMOTES} must list remote names (a lowercase letter, then 1 to 29 lowercase letters or digits), separated by commas; "${name}" is not one.`,
      );
    if ((REMOTE_NAMES as readonly string[]).includes(name))
      throw new Error(`${ADDED_REMOTES} lists "${name}", which is one of the portal's own remotes.`);
  }
  return [...new Set(names)];
}

/** The portal's own remotes and those added, in that order. */
function remoteNames(env: NodeJS.ProcessEnv): RemoteName[] {
  return [...REMOTE_NAMES, ...readAddedRemotes(env)];
}

/** Everything the host server reads from the environment, validated. */
export interface HostServerConfig {
  port: number;
  listenHost: string | undefined;
  distDir: string;
  /** The api replicas (API_ORIGIN, comma-separated): the proxy balances between them. */
  apiOrigins: string[];
  contentOrigin: string;
  contentApiKey: string;
  /**
   * How often the api replicas are looked for again (API_REFRESH_SECONDS, default 2; 0: never): each
   * name in API_ORIGIN resolved to all its addresses, each replica asked `/readyz` (./api-replicas.ts).
   */
  apiRefreshSeconds: number;
  /** OPS_TOKEN: `GET /metrics` answers only to `Authorization: Bearer` it; without it, 404. */
  opsToken: string | undefined;
  /** Proxies in front of the host whose X-Forwarded-For/-Proto are believed (TRUST_PROXY); none by default. */
  trustProxy: boolean | string;
  /** Whether the api's development outbox may be reached through the host (API_DEV_OUTBOX=1). */
  devOutbox: boolean;
  /**
   * The secret the remotes' servers know the host by when it asks for a student's own frame
   * (FRAME_SECRET, at least 32 characters); unset, the host sends the build's frames.
   */
  frameSecret?: string | undefined;
  /** A remote's URL is its variable's, else its default; a remote set to `off` is left out. */
  runtime: RuntimeConfig;
  /**
   * Where the last content page tree is kept, so that a restart while the content system is down
   * still knows it (HOST_CACHE_DIR; `off` keeps none). Default: a folder in the system's temporary
   * directory, which the unprivileged user of the image may write.
   */
  cacheDir: string | null;
  /**
   * A JSON file of `REMOTE_*_URL` values (HOST_REMOTES_FILE, an absolute path) that the host reads again
   * when it changes, so that a remote is rolled back (or moved) without restarting the host; values it
   * leaves out are the environment's. See ./remotes-file.ts.
   */
  remotesFile: { path: string; env: NodeJS.ProcessEnv } | null;
  /**
   * Each remote's canary, when the remotes file (or the environment) names one: `CANARY_<NAME>_URL`
   * and `CANARY_<NAME>_PERCENT`, the share of browsers sent to it (./canary.ts). Changed in place when
   * the remotes file changes, as `runtime.remotes` is.
   */
  canaries: Canaries;
  /** How a canary is judged against its stable release (./canary-watch.ts). */
  canaryRules: CanaryRules;
  /** Where a canary's rollback is kept, so that it holds across a restart (HOST_CANARY_STATE_FILE). */
  canaryStateFile: string;
  /** Reports one client may send to `POST /en/rum` a minute (HOST_RUM_PER_MINUTE, default 120). */
  rumPerMinute: number;
}

/** A remote's canary: its manifest URL and the share of browsers (0–100) that get it. */
export type Canary = { url: string; percent: number };

/** The canary of each remote that has one. */
export type Canaries = Partial<Record<RemoteName, Canary>>;

function readCacheDir(raw: string | undefined): string | null {
  const text = (raw ?? '').trim();
  if (text === 'off') return null;
  if (text === '') return path.join(os.tmpdir(), 'portal-host-cache');
  if (!path.isAbsolute(text))
    throw new Error(`HOST_CACHE_DIR must be an absolute path or "off", got "${text}".`);
  return text;
}

function readContentRoot(raw: string | undefined): string {
  if (raw === undefined || raw === '' || raw === 'app') return CONTENT_ROOTS.app;
  if (raw === 'test') return CONTENT_ROOTS.test;
  if (/^\/sitecore\/content\/[\w/-]+$/.test(raw)) return raw.replace(/\/$/, '');
  throw new Error(`CONTENT_ROOT must be "app", "test" or a /sitecore/content/... path, got "${raw}".`);
}

function readGtmId(raw: string | undefined): string | null {
  if (raw === undefined || raw.trim() === '') return null;
  if (!GTM_ID_PATTERN.test(raw.trim())) {
    throw new Error(`GTM_ID must be GTM- followed by uppercase letters and digits, got "${raw}".`);
  }
  return raw.trim();
}

function readSeconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a number of seconds (0 or more), got "${raw}".`);
  return value;
}

/** TRUST_PROXY: `true`, `false` or addresses/CIDR ranges; unset means the host is the edge. */
function readTrustProxy(raw: string | undefined): boolean | string {
  const text = (raw ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return text;
}

/**
 * Reads and validates the host server's environment (see docs/operations.md: HOST_PORT, API_ORIGIN, CONTENT_ORIGIN,
 * CONTENT_API_KEY, FRAME_SECRET, GTM_ID, CONTENT_ROOT, REMOTE_*_URL, HOST_REMOTES_FILE, TRUST_PROXY, API_DEV_OUTBOX,
 * HOST_CACHE_DIR, API_REFRESH_SECONDS, OPS_TOKEN; defaults from
 * configs/topology.cjs).
 * @throws Error naming the variable that is wrong.
 */
export function readHostConfig(env: NodeJS.ProcessEnv): HostServerConfig {
  const remotesFilePath = readRemotesFile(env.HOST_REMOTES_FILE);
  const remoteValues = remotesFilePath ? { ...env, ...readRemotesFileValues(remotesFilePath, env) } : env;
  const remotes = readRemoteUrls(remoteValues);
  const canaries = readCanaries(remoteValues, remotes);
  // What a remote's URL falls back to when the file leaves it out: the environment's REMOTE_* values.
  const remotesFile = remotesFilePath
    ? {
        path: remotesFilePath,
        env: Object.fromEntries(
          Object.entries(env).filter(
            ([name]) => name.startsWith('REMOTE_') || name.startsWith('CANARY_') || name === ADDED_REMOTES,
          ),
        ),
      }
    : null;

  const cacheDir = readCacheDir(env.HOST_CACHE_DIR);
  const contentApiKey = env.CONTENT_API_KEY ?? 'portal-dev-content-key';
  if (contentApiKey.trim() === '') throw new Error('CONTENT_API_KEY must not be empty.');

  return {
    port: readPort(env, ['HOST_PORT', 'PORT'], DEFAULT_PORTS.host),
    listenHost: env.LISTEN_HOST,
    distDir: env.HOST_DIST_DIR ?? path.join(__dirname, '..', 'dist'),
    // One api, or several replicas separated by commas (`http://api-1:8090,http://api-2:8090`).
    apiOrigins: [...new Set(readOrigins(env, 'API_ORIGIN', originOf('api', env)))],
    apiRefreshSeconds: readSeconds(env, 'API_REFRESH_SECONDS', 2),
    opsToken: env.OPS_TOKEN?.trim() || undefined,
    contentOrigin: readUrl(env, 'CONTENT_ORIGIN', originOf('api', env)).origin,
    contentApiKey,
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    devOutbox: env.API_DEV_OUTBOX === '1',
    frameSecret: readFrameSecret(env),
    runtime: { remotes, gtmId: readGtmId(env.GTM_ID), contentRoot: readContentRoot(env.CONTENT_ROOT) },
    cacheDir,
    remotesFile,
    canaries,
    canaryRules: readCanaryRules(env),
    canaryStateFile: readCanaryStateFile(env.HOST_CANARY_STATE_FILE, cacheDir),
    rumPerMinute: readCount(env, 'HOST_RUM_PER_MINUTE', 120),
  };
}

/**
 * The manifest URL of each remote from `REMOTE_*_URL` values: a portal remote's default when unset, and
 * an added remote's (ADDED_REMOTES) required; a remote set to `off` is left out.
 * @throws Error naming the variable that is wrong.
 */
export function readRemoteUrls(env: NodeJS.ProcessEnv): Partial<Record<RemoteName, string>> {
  const remotes: Partial<Record<RemoteName, string>> = {};
  for (const name of REMOTE_NAMES) {
    const variable = REMOTE_URL_VARIABLES[name];
    if (env[variable]?.trim() !== REMOTE_OFF) {
      remotes[name] = readUrl(env, variable, remoteManifestUrl(name, env)).href;
    }
  }
  for (const name of readAddedRemotes(env)) {
    const variable = remoteUrlVariable(name);
    const raw = env[variable]?.trim() ?? '';
    if (raw === '')
      throw new Error(
        `${ADDED_REMOTES} lists "${name}", so ${variable} must be its manifest URL (or "${REMOTE_OFF}").`,
      );
    if (raw !== REMOTE_OFF) remotes[name] = readUrl(env, variable, raw).href;
  }
  return remotes;
}

function readRemotesFile(raw: string | undefined): string | null {
  const text = (raw ?? '').trim();
  if (text === '') return null;
  if (!path.isAbsolute(text)) throw new Error(`HOST_REMOTES_FILE must be an absolute path, got "${text}".`);
  return text;
}

/**
 * The values of a remotes file: a JSON object of `REMOTE_*_URL` and `CANARY_*` values of the portal's
 * remotes and of those its ADDED_REMOTES names (else `env`'s), with no other keys and string values.
 * @throws Error naming the file and what is wrong with it.
 */
export function readRemotesFileValues(file: string, env: NodeJS.ProcessEnv = {}): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`HOST_REMOTES_FILE ${file} cannot be read as JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(
      `HOST_REMOTES_FILE ${file} must hold a JSON object of REMOTE_*_URL (and CANARY_*, ${ADDED_REMOTES}) values.`,
    );
  const added = (parsed as Record<string, unknown>)[ADDED_REMOTES];
  if (added !== undefined && typeof added !== 'string')
    throw new Error(
      `HOST_REMOTES_FILE ${file}: ${ADDED_REMOTES} must be a string of names separated by commas.`,
    );
  let names: RemoteName[];
  try {
    names = remoteNames({ [ADDED_REMOTES]: added ?? env[ADDED_REMOTES] });
  } catch (error) {
    throw new Error(`HOST_REMOTES_FILE ${file}: ${(error as Error).message}`);
  }
  const known = [
    ...names.map(remoteUrlVariable),
    ...names.flatMap((name) => Object.values(canaryVariables(name))),
    ADDED_REMOTES,
  ];
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (!known.includes(key))
      throw new Error(`HOST_REMOTES_FILE ${file}: "${key}" is not one of ${known.join(', ')}.`);
    if (key.startsWith('CANARY_') && key.endsWith('_PERCENT') && typeof value === 'number')
      values[key] = String(value);
    else if (typeof value !== 'string')
      throw new Error(`HOST_REMOTES_FILE ${file}: ${key} must be a string (a URL or "${REMOTE_OFF}").`);
    else values[key] = value;
  }
  return values;
}

/** The variables of a remote's canary: `CANARY_<NAME>_URL` and `CANARY_<NAME>_PERCENT`. */
export function canaryVariables(name: RemoteName): { url: string; percent: string } {
  const prefix = `CANARY_${name.toUpperCase()}`;
  return { url: `${prefix}_URL`, percent: `${prefix}_PERCENT` };
}

/**
 * The canary of each remote whose `CANARY_<NAME>_URL` is set, with its `CANARY_<NAME>_PERCENT` (a whole
 * number 0 to 100). A canary of a remote that is left out (`off`) is ignored.
 * @throws Error naming the variable that is wrong.
 */
export function readCanaries(env: NodeJS.ProcessEnv, remotes: Partial<Record<RemoteName, string>>): Canaries {
  const canaries: Canaries = {};
  for (const name of remoteNames(env)) {
    const variables = canaryVariables(name);
    const url = (env[variables.url] ?? '').trim();
    if (url === '') continue;
    const percentText = (env[variables.percent] ?? '').trim();
    const percent = Number(percentText);
    if (!/^\d{1,3}$/.test(percentText) || percent > 100)
      throw new Error(`${variables.percent} must be a whole number from 0 to 100, got "${percentText}".`);
    const href = readUrl(env, variables.url, url).href;
    if (remotes[name] !== undefined) canaries[name] = { url: href, percent };
  }
  return canaries;
}

function readCount(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a whole number above 0, got "${raw}".`);
  return value;
}

function readFactor(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = (env[name] ?? '').trim();
  if (raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min)
    throw new Error(`${name} must be a number of ${min} or more, got "${raw}".`);
  return value;
}

/** HOST_CANARY_MIN_VIEWS, HOST_CANARY_ERROR_MARGIN, HOST_CANARY_SLOW_FACTOR, HOST_CANARY_WINDOW_SECONDS. */
function readCanaryRules(env: NodeJS.ProcessEnv): CanaryRules {
  return {
    minViews: readCount(env, 'HOST_CANARY_MIN_VIEWS', DEFAULT_CANARY_RULES.minViews),
    errorMargin: readFactor(env, 'HOST_CANARY_ERROR_MARGIN', DEFAULT_CANARY_RULES.errorMargin, 0),
    slowFactor: readFactor(env, 'HOST_CANARY_SLOW_FACTOR', DEFAULT_CANARY_RULES.slowFactor, 1),
    minSamples: readCount(env, 'HOST_CANARY_MIN_SAMPLES', DEFAULT_CANARY_RULES.minSamples),
    windowMs: readCount(env, 'HOST_CANARY_WINDOW_SECONDS', DEFAULT_CANARY_RULES.windowMs / 1000) * 1000,
  };
}

function readCanaryStateFile(raw: string | undefined, cacheDir: string | null): string {
  const text = (raw ?? '').trim();
  if (text === '')
    return path.join(cacheDir ?? path.join(os.tmpdir(), 'portal-host-cache'), 'canary-rollbacks.json');
  if (!path.isAbsolute(text))
    throw new Error(`HOST_CANARY_STATE_FILE must be an absolute path, got "${text}".`);
  return text;
}
