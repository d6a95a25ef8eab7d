/**
 * Reads a TCP port from the environment; the first variable that is set wins.
 * @throws Error naming the variable when its value is not a port number.
 */
export function readPort(env: NodeJS.ProcessEnv, names: string[], fallback: number): number {
  for (const name of names) {
    const raw = env[name];
    if (raw === undefined || raw === '') continue;
    const port = Number(raw);
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      throw new Error(`${name} must be a port number between 1 and 65535, got "${raw}".`);
    }
    return port;
  }
  return fallback;
}

/**
 * Reads an absolute http(s) URL from the environment, or the fallback when the variable is unset.
 * @throws Error naming the variable when its value is not an http(s) URL.
 */
export function readUrl(env: NodeJS.ProcessEnv, name: string, fallback: string): URL {
  const raw = env[name] === undefined || env[name] === '' ? fallback : (env[name] as string);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}".`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an absolute http(s) URL, got "${raw}".`);
  }
  return url;
}

/**
 * Reads a comma-separated list of origins (e.g. `HOST_ORIGIN=http://localhost:8080,https://portal.example`).
 * @throws Error naming the variable when an entry is not an http(s) origin.
 */
export function readOrigins(env: NodeJS.ProcessEnv, name: string, fallback: string): string[] {
  const raw = env[name] === undefined || env[name] === '' ? fallback : (env[name] as string);
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '')
    .map((entry) => readUrl({ [name]: entry }, name, entry).origin);
}
