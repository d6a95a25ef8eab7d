// Independent releases, checked for real: a remote's team adds a page and releases only its remote,
// and a host runs with remotes one release older. Both build a remote in a temporary git worktree (the
// repository as committed, with its own install from the warm pnpm store) and serve that build in
// place of the remote's own `dist/`, through the `REMOTE_<NAME>_DIST_DIR` variable of the stack.
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import topology from '../../configs/topology.cjs';
import { capture, run } from './run.mjs';
import { pnpm } from './pnpm.mjs';
import { repoRoot } from './paths.mjs';

/** The folders whose build a remote's release must leave alone. */
export const BUILD_FOLDERS = ['host', ...Object.values(topology.REMOTE_PACKAGES)];

/** One digest of every file below `dir` (names and contents), or null when there is no such folder. */
export function digestFolder(dir) {
  if (!existsSync(dir)) return null;
  const hash = createHash('sha256');
  const visit = (folder) => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else {
        hash.update(relative(dir, path));
        hash.update('\0');
        hash.update(readFileSync(path));
        hash.update('\0');
      }
    }
  };
  visit(dir);
  return hash.digest('hex');
}

/** The digest of each build folder's `dist/`, by package folder. */
export function digestBuilds(root = repoRoot) {
  return Object.fromEntries(
    BUILD_FOLDERS.map((folder) => [folder, digestFolder(join(root, folder, 'dist'))]),
  );
}

/** The folders whose digests differ between two {@link digestBuilds} results. */
export function changedBuilds(before, after) {
  return BUILD_FOLDERS.filter((folder) => before[folder] !== after[folder]);
}

/**
 * A temporary worktree of `commit`, installed from the store. The caller removes it with
 * {@link removeWorktree}.
 */
export async function checkOut(commit, label) {
  const dir = join(mkdtempSync(join(tmpdir(), `portal-${label}-`)), 'repo');
  await run('git', ['worktree', 'add', '--detach', '--force', dir, commit], { cwd: repoRoot });
  await pnpm(['install', '--frozen-lockfile', '--prefer-offline'], { cwd: dir });
  return dir;
}

/** Removes a worktree made by {@link checkOut}. */
export async function removeWorktree(dir) {
  await run('git', ['worktree', 'remove', '--force', dir], { cwd: repoRoot }).catch(() => undefined);
  rmSync(join(dir, '..'), { recursive: true, force: true });
}

/** The commit before HEAD on the current branch, or null when HEAD is the first commit. */
export function previousCommit() {
  return capture('git', ['rev-parse', '--verify', '--quiet', 'HEAD~1'], { cwd: repoRoot });
}

/** Compares two versions `major.minor.patch` numerically (`0.10.0` after `0.9.0`). */
export function compareVersions(a, b) {
  const parts = (version) => version.split(/[.-]/).map((part) => Number.parseInt(part, 10) || 0);
  const [left, right] = [parts(a), parts(b)];
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** The folder of a workspace package by its name (`host`, `remote-billing`, `shared` for `@portal/shared`). */
const packageFolder = (pkg) => pkg.replace(/^@portal\//, '');

/**
 * The last release of a package before HEAD, as `{ tag, commit }`, or null when it has none.
 *
 * Its newest tag `<package>@<version>` (made by `pnpm release:tag`) that is not on HEAD's commit; else,
 * in a clone without tags (a CI checkout, a mirror), the release commit itself: the newest commit
 * before HEAD that changed the `version` of the package's `package.json` (what `pnpm release` commits),
 * named `<package>@<version>` as its tag would be. A release made on HEAD itself is the current one,
 * so the one before it is wanted.
 * @param {string} pkg
 * @param {string} [cwd]
 */
export function lastRelease(pkg, cwd = repoRoot) {
  const head = capture('git', ['rev-parse', 'HEAD'], { cwd });
  const tags = (capture('git', ['tag', '--list', `${pkg}@*`], { cwd }) ?? '')
    .split('\n')
    .filter((tag) => /@\d+\.\d+\.\d+/.test(tag))
    .sort((a, b) => compareVersions(b.slice(b.lastIndexOf('@') + 1), a.slice(a.lastIndexOf('@') + 1)));
  for (const tag of tags) {
    const commit = capture('git', ['rev-list', '-n', '1', tag], { cwd });
    if (commit && commit !== head) return { tag, commit };
  }
  const manifest = `${packageFolder(pkg)}/package.json`;
  const versionChanges = (
    capture('git', ['log', '--format=%H', '-G', '"version":', 'HEAD', '--', manifest], { cwd }) ?? ''
  )
    .split('\n')
    .filter(Boolean);
  const versionAt = (revision) => {
    const shown = capture('git', ['show', `${revision}:${manifest}`], { cwd });
    if (!shown) return undefined;
    try {
      return JSON.parse(shown).version;
    } catch {
      return undefined;
    }
  };
  for (const commit of versionChanges) {
    if (commit === head) continue;
    const version = versionAt(commit);
    const before = versionAt(`${commit}^`);
    // A line with "version" that changed without changing the version, or the package's creation, is not a release.
    if (version && before && version !== before) return { tag: `${pkg}@${version}`, commit };
  }
  return null;
}

/** The fixture page a remote's team adds in the independence check. */
export const FIXTURE = {
  remote: 'service',
  key: 'releaseCheck',
  /** The page's chunk, named after its key as the build requires (`pageChunkName` of the route table). */
  chunk: 'page-release-check',
  name: 'service-contact/release-check',
  path: '/service-contact/release-check',
  title: 'Release check',
  heading: 'A page released with its remote alone',
};

/** Inserts `text` before the last occurrence of `marker` in a file, or fails naming both. */
function insertBefore(file, marker, text) {
  const source = readFileSync(file, 'utf8');
  const at = source.lastIndexOf(marker);
  if (at < 0) throw new Error(`${file} has no "${marker}" to add the fixture page before.`);
  writeFileSync(file, `${source.slice(0, at)}${text}${source.slice(at)}`);
}

/**
 * Adds {@link FIXTURE} to the remote in a worktree the way a team adds a page: a component, its key
 * in `./pages`, its route in `./routes` and its title in the remote's texts. Nothing outside the
 * remote's folder changes.
 */
export function addFixturePage(worktree) {
  const appDir = join(worktree, topology.REMOTE_PACKAGES[FIXTURE.remote]);
  const exposed = join(appDir, 'src', 'exposed');
  writeFileSync(
    join(exposed, 'release-check-page.tsx'),
    `export function ReleaseCheckPage() {\n  return <h1>${FIXTURE.heading}</h1>;\n}\n`,
  );
  insertBefore(
    join(exposed, 'pages.ts'),
    '} satisfies ExposedPages',
    `  ${FIXTURE.key}: lazyWithTexts(texts, () => import(/* webpackChunkName: "${FIXTURE.chunk}" */ './release-check-page').then((m) => m.ReleaseCheckPage)),\n`,
  );
  insertBefore(
    join(exposed, 'routes.ts'),
    '  ],\n} satisfies RemoteRoutes',
    `    { name: '${FIXTURE.name}', path: '${FIXTURE.path}', titleKey: 'routes.${FIXTURE.key}', requiresAuth: false, page: '${FIXTURE.key}' },\n`,
  );
  const enFile = join(appDir, 'src', 'locales', 'en.json');
  const texts = JSON.parse(readFileSync(enFile, 'utf8'));
  texts.routes = { ...texts.routes, [FIXTURE.key]: FIXTURE.title };
  writeFileSync(enFile, `${JSON.stringify(texts, null, 2)}\n`);
}

/**
 * Builds the given remotes in a worktree, and only them: one `pnpm --filter … run build`, which builds
 * them side by side (a webpack build waits on the disk and on its minifier's workers part of the time).
 */
export async function buildRemotes(worktree, remotes) {
  const filters = remotes.flatMap((remote) => ['--filter', topology.REMOTE_PACKAGES[remote]]);
  await pnpm([...filters, 'run', 'build'], { cwd: worktree });
}

/** The stack variables that serve each remote's build from a worktree instead of its own `dist/`. */
export function distOverrides(worktree, remotes) {
  return Object.fromEntries(
    remotes.map((remote) => [
      `REMOTE_${remote.toUpperCase()}_DIST_DIR`,
      join(worktree, topology.REMOTE_PACKAGES[remote], 'dist'),
    ]),
  );
}

/** What the broken canary's invoices page throws (the canary check's journey finds it in the report). */
export const BROKEN_PAGE_ERROR = 'A broken release: the invoices page throws';

/**
 * Breaks the billing remote in a worktree the way a bad release would: its invoices page throws as
 * it renders. Its version gets a `-canary.1` suffix, so that its field data is told apart by release.
 */
export function breakInvoicesPage(worktree) {
  const appDir = join(worktree, topology.REMOTE_PACKAGES.billing);
  const page = join(appDir, 'src', 'features', 'invoices', 'components', 'invoices-page.tsx');
  // In an effect: the page's frame is prerendered at build time (which runs no effects) and works; the
  // page fails in the browser, as it renders.
  writeFileSync(
    page,
    `import { useEffect as useBrokenRelease } from 'react';\n${readFileSync(page, 'utf8')}`,
  );
  insertAfter(
    page,
    'export function InvoicesPage(_props: InvoicesPageProps) {\n',
    `  useBrokenRelease(() => {\n    throw new Error('${BROKEN_PAGE_ERROR}');\n  }, []);\n`,
  );
  const manifestFile = join(appDir, 'package.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  manifest.version = `${manifest.version}-canary.1`;
  writeFileSync(manifestFile, `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest.version;
}

/** Inserts `text` after the first occurrence of `marker` in a file, or fails naming both. */
function insertAfter(file, marker, text) {
  const source = readFileSync(file, 'utf8');
  const at = source.indexOf(marker);
  if (at < 0) throw new Error(`${file} has no "${marker.trim()}" to break the page after.`);
  writeFileSync(file, `${source.slice(0, at + marker.length)}${text}${source.slice(at + marker.length)}`);
}
