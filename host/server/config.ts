import path from 'node:path';
import { readPort, readUrl } from '@portal/shared/server';
import { CONTENT_ROOTS, GTM_ID_PATTERN, REMOTE_NAMES } from '../src/app/runtime-config-shape';
import type { RemoteName, RuntimeConfig } from '../src/app/runtime-config-shape';

export type { RuntimeConfig } from '../src/app/runtime-config-shape';

const DEFAULT_REMOTE_PORTS: Record<RemoteName, number> = {
  account: 8081,
  insurance: 8082,
  billing: 8083,
  service: 8084,
};

/** Everything the host server reads from the environment, validated. */
export interface HostServerConfig {
  port: number;
  listenHost: string | undefined;
  distDir: string;
  apiOrigin: string;
  contentOrigin: string;
  contentApiKey: string;
  /** Proxies in front of the host whose X-Forwarded-For/-Proto are believed (TRUST_PROXY); none by default. */
  trustProxy: boolean | string;
  /** Whether the api's development outbox may be reached through the host (API_DEV_OUTBOX=1). */
  devOutbox: boolean;
  /** Every remote has a URL here (a default when its variable is not set). */
  runtime: RuntimeConfig & { remotes: Record<RemoteName, string> };
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

/** TRUST_PROXY: `true`, `false` or addresses/CIDR ranges; unset means the host is the edge. */
function readTrustProxy(raw: string | undefined): boolean | string {
  const text = (raw ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  return text;
}

/**
 * Reads and validates the host server's environment (see README: HOST_PORT, API_ORIGIN, CONTENT_ORIGIN,
 * CONTENT_API_KEY, GTM_ID, CONTENT_ROOT, REMOTE_*_URL, TRUST_PROXY, API_DEV_OUTBOX).
 * @throws Error naming the variable that is wrong.
 */
export function readHostConfig(env: NodeJS.ProcessEnv): HostServerConfig {
  const remotes = Object.fromEntries(
    REMOTE_NAMES.map((name) => {
      const variable = `REMOTE_${name.toUpperCase()}_URL`;
      const fallback = `http://localhost:${DEFAULT_REMOTE_PORTS[name]}/mf-manifest.json`;
      return [name, readUrl(env, variable, fallback).href];
    }),
  ) as Record<RemoteName, string>;

  const contentApiKey = env.CONTENT_API_KEY ?? 'portal-dev-content-key';
  if (contentApiKey.trim() === '') throw new Error('CONTENT_API_KEY must not be empty.');

  return {
    port: readPort(env, ['HOST_PORT', 'PORT'], 8080),
    listenHost: env.LISTEN_HOST,
    distDir: env.HOST_DIST_DIR ?? path.join(__dirname, '..', 'dist'),
    apiOrigin: readUrl(env, 'API_ORIGIN', 'http://localhost:8090').origin,
    contentOrigin: readUrl(env, 'CONTENT_ORIGIN', 'http://localhost:8090').origin,
    contentApiKey,
    trustProxy: readTrustProxy(env.TRUST_PROXY),
    devOutbox: env.API_DEV_OUTBOX === '1',
    runtime: { remotes, gtmId: readGtmId(env.GTM_ID), contentRoot: readContentRoot(env.CONTENT_ROOT) },
  };
}
