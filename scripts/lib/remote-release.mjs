// What `pnpm release:canary`, `release:promote` and `release:status` do to the host's remotes file
// (HOST_REMOTES_FILE, docs/operations.md "How a remote team releases"): a remote's canary and its
// share, then its promotion to stable, written whole so that the host never reads half a file.
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import topology from '../../configs/topology.cjs';

/** `remote-billing` or `billing` → `billing`; anything else fails, naming the remotes. */
export function remoteKey(name) {
  const key = String(name ?? '').replace(/^remote-/, '');
  if (!Object.hasOwn(topology.REMOTE_URL_VARIABLES, key))
    throw new Error(
      `"${name}" is not a remote: one of ${Object.values(topology.REMOTE_PACKAGES).join(', ')}.`,
    );
  return key;
}

/** The remotes file's variables of a remote. */
export function variablesOf(key) {
  const prefix = `CANARY_${key.toUpperCase()}`;
  return { stable: topology.REMOTE_URL_VARIABLES[key], url: `${prefix}_URL`, percent: `${prefix}_PERCENT` };
}

function manifestUrl(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(`"${url}" is not a URL: give the canary's mf-manifest.json URL.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw new Error(`"${url}" is not an http(s) URL.`);
  return parsed.href;
}

/** The remotes file's values (an empty object when there is no file yet). */
export function readRemotesFile(file) {
  if (!existsSync(file)) return {};
  const values = JSON.parse(readFileSync(file, 'utf8'));
  if (typeof values !== 'object' || values === null || Array.isArray(values))
    throw new Error(`${file} does not hold a JSON object.`);
  return values;
}

/** Writes the values whole, then renames them into place. */
export function writeRemotesFile(file, values) {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(values, null, 2)}\n`);
  renameSync(temporary, file);
}

/** The values with `remote`'s canary at `url` for `percent` (0–100) of browsers. */
export function withCanary(values, remote, url, percent) {
  const share = Number(percent);
  if (!/^\d{1,3}$/.test(String(percent)) || share > 100)
    throw new Error(`--percent must be a whole number from 0 to 100, got "${percent}".`);
  const names = variablesOf(remoteKey(remote));
  return { ...values, [names.url]: manifestUrl(url), [names.percent]: share };
}

/** The values with `remote`'s canary made its stable release, and no canary. */
export function promoted(values, remote) {
  const names = variablesOf(remoteKey(remote));
  const canary = values[names.url];
  if (typeof canary !== 'string' || canary === '')
    throw new Error(`remote-${remoteKey(remote)} has no canary in the remotes file to promote.`);
  const next = { ...values, [names.stable]: canary };
  delete next[names.url];
  delete next[names.percent];
  return next;
}

/** The host's `GET /ops/releases` answer as lines of text. */
export function describeReleases(status) {
  const figures = (release) =>
    `${release.pageViews} views, ${release.errors} errors` +
    `${release.lcpP75Ms === null ? '' : `, LCP p75 ${Math.round(release.lcpP75Ms)} ms`}` +
    `${release.inpP75Ms === null ? '' : `, INP p75 ${Math.round(release.inpP75Ms)} ms`}`;
  const lines = [`Field data of the last ${status.windowSeconds} s:`];
  for (const remote of status.remotes) {
    lines.push(`remote-${remote.remote}`);
    lines.push(`  stable ${remote.stable.release ?? '?'} ${remote.stable.url}: ${figures(remote.stable)}`);
    if (remote.canary)
      lines.push(
        `  canary ${remote.canary.release ?? '?'} ${remote.canary.url} (${remote.canary.percent}%): ${figures(remote.canary)}`,
      );
    if (remote.rollback) lines.push(`  ROLLED BACK at ${remote.rollback.at}: ${remote.rollback.reason}`);
  }
  return lines.join('\n');
}
