import { CONTENT_ROOT } from '@portal/shared/content-roots';
import { isRemoteName, isValidGtmId } from './runtime-config-shape';
import type { RemoteName, RuntimeConfig } from './runtime-config-shape';

export type { RuntimeConfig } from './runtime-config-shape';

/** URL of the runtime config the host server fills from its environment. */
export const RUNTIME_CONFIG_URL = '/en/remotes.json';

const DEFAULT_RUNTIME_CONFIG: RuntimeConfig = { remotes: {}, gtmId: null, contentRoot: CONTENT_ROOT };

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    const { protocol } = new URL(value, window.location.href);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Reads the runtime config, keeping only what is valid: known remotes with http(s) URLs, a GTM-
 * container id, a /sitecore/content/ root. Anything else is left out with a console warning.
 */
export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (typeof raw !== 'object' || raw === null) throw new Error('the runtime config is not a JSON object');
  const record = raw as Record<string, unknown>;
  const remotes: Partial<Record<RemoteName, string>> = {};
  const rawRemotes = typeof record.remotes === 'object' && record.remotes !== null ? record.remotes : {};
  for (const [name, url] of Object.entries(rawRemotes)) {
    if (isRemoteName(name) && isHttpUrl(url)) remotes[name] = url;
    else console.warn(`Runtime config: remote "${name}" ignored (unknown name or not an http(s) URL).`);
  }
  if (record.gtmId != null && !isValidGtmId(record.gtmId)) {
    console.warn('Runtime config: gtmId ignored (not GTM- followed by uppercase letters and digits).');
  }
  // The remotes on their canary, each with the stable URL to fall back to: only remotes it has.
  const canary: Partial<Record<RemoteName, string>> = {};
  const rawCanary = typeof record.canary === 'object' && record.canary !== null ? record.canary : {};
  for (const [name, url] of Object.entries(rawCanary)) {
    if (isRemoteName(name) && isHttpUrl(url) && remotes[name] !== undefined) canary[name] = url;
  }
  const contentRoot =
    typeof record.contentRoot === 'string' && record.contentRoot.startsWith('/sitecore/content/')
      ? record.contentRoot
      : DEFAULT_RUNTIME_CONFIG.contentRoot;
  return {
    remotes,
    ...(Object.keys(canary).length > 0 ? { canary } : {}),
    gtmId: isValidGtmId(record.gtmId) ? record.gtmId : null,
    contentRoot,
  };
}

/**
 * Fetches the runtime config. Without it the shell still starts (its own pages work, remote places
 * show their fallback), so a failure is logged and the defaults are used.
 */
export async function fetchRuntimeConfig(url: string = RUNTIME_CONFIG_URL): Promise<RuntimeConfig> {
  try {
    const response = await fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-cache' });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return parseRuntimeConfig(await response.json());
  } catch (error) {
    console.error(`Runtime config ${url} could not be read (${String(error)}); starting without remotes.`);
    return DEFAULT_RUNTIME_CONFIG;
  }
}
