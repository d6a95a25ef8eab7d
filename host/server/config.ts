import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readFrameSecret, readOrigins, readPort, readUrl } from '@portal/shared/server';
import { CONTENT_ROOTS, GTM_ID_PATTERN, REMOTE_NAMES } from '../src/app/runtime-config-shape';
import type { RemoteName, RuntimeConfig } from '../src/app/runtime-config-shape';
import { DEFAULT_PORTS, originOf, remoteManifestUrl, REMOTE_URL_VARIABLES } from '../../configs/topology.cjs';

export type { RuntimeConfig } from '../src/app/runtime-config-shape';

/** The value of a `REMOTE_*_URL` that leaves a remote out: not deployed, its pages "not available". */
export const REMOTE_OFF = 'off';

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
}

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
  const remotes = readRemoteUrls(
    remotesFilePath ? { ...env, ...readRemotesFileValues(remotesFilePath) } : env,
  );
  // What a remote's URL falls back to when the file leaves it out: the environment's REMOTE_* values.
  const remotesFile = remotesFilePath
    ? {
        path: remotesFilePath,
        env: Object.fromEntries(Object.entries(env).filter(([name]) => name.startsWith('REMOTE_'))),
      }
    : null;

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
    cacheDir: readCacheDir(env.HOST_CACHE_DIR),
    remotesFile,
  };
}

/**
 * The manifest URL of each remote from `REMOTE_*_URL` values (its default when unset); a remote set to
 * `off` is left out. @throws Error naming the variable that is wrong.
 */
export function readRemoteUrls(env: NodeJS.ProcessEnv): Partial<Record<RemoteName, string>> {
  const remotes: Partial<Record<RemoteName, string>> = {};
  for (const name of REMOTE_NAMES) {
    const variable = REMOTE_URL_VARIABLES[name];
    if (env[variable]?.trim() !== REMOTE_OFF) {
      remotes[name] = readUrl(env, variable, remoteManifestUrl(name, env)).href;
    }
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
 * The `REMOTE_*_URL` values of a remotes file: a JSON object with no other keys and string values.
 * @throws Error naming the file and what is wrong with it.
 */
export function readRemotesFileValues(file: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`HOST_REMOTES_FILE ${file} cannot be read as JSON: ${(error as Error).message}`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new Error(`HOST_REMOTES_FILE ${file} must hold a JSON object of REMOTE_*_URL values.`);
  const known = Object.values(REMOTE_URL_VARIABLES) as string[];
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(parsed)) {
    if (!known.includes(key))
      throw new Error(`HOST_REMOTES_FILE ${file}: "${key}" is not one of ${known.join(', ')}.`);
    if (typeof value !== 'string')
      throw new Error(`HOST_REMOTES_FILE ${file}: ${key} must be a string (a URL or "${REMOTE_OFF}").`);
    values[key] = value;
  }
  return values;
}
