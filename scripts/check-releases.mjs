// `npm test`'s releases stage: the remotes release on their own (docs/design.md), proved in the browser.
//
// 1. A new page without a host release: in a worktree of HEAD, the service remote gets a fixture page
//    (component, page key, route, title) and only that remote is built (and billing, broken, for the
//    fourth check). The portal, serving that build,
//    shows the page under its path with its title, and the host's and the other remotes' dist/ folders
//    are byte-identical before and after.
// 2. Remotes one release older than the host: each remote is built at its last release (its tag, or in a
//    clone without tags the release commit that set its version; without one, the previous commit), its shipped source is type-checked against today's @portal/shared (a
//    removed export or a renamed store field fails here, naming the remote: lib/shared-compat.mjs), and
//    it is served with this host; the portal starts and every page those remotes declare works.
// 3. The host one release older than the remotes (N+1 remotes): the host's build at its last release
//    (found the same way) serves today's remotes; every page they declare works.
// 4. A canary that rolls back by itself: a broken build of the billing remote (its invoices page
//    throws) on a 100% canary is reported by students' browsers and rolled back by the host, whose next
//    page shows the invoices from the stable release; today's billing build as a 50% canary goes to
//    about half of twenty fresh browsers and is kept (e2e/releases/canary.spec.ts).
// 5. A new remote in one command: in the same worktree, `pnpm create-remote` makes a fifth remote, which
//    is built alone and served by its own server; the running host of check 4 composes it once its
//    remotes file names it, with no host build, and its page works (e2e/releases/new-remote.spec.ts).
// Run after `pnpm build` (npm test's build stage). Needs git history for the second and third checks.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import topology from '../configs/topology.cjs';
import { findChromium } from './lib/chromium.mjs';
import { bold, green, loud, step } from './lib/log.mjs';
import { pnpm } from './lib/pnpm.mjs';
import { repoRoot } from './lib/paths.mjs';
import {
  addFixturePage,
  breakInvoicesPage,
  buildRemotes,
  changedBuilds,
  checkOut,
  digestBuilds,
  distOverrides,
  FIXTURE,
  lastRelease,
  previousCommit,
  removeWorktree,
} from './lib/releases.mjs';
import { describeBreaks, olderRemotesAgainstTodaysShared } from './lib/shared-compat.mjs';

const REMOTES = Object.keys(topology.REMOTE_PACKAGES);

/** The remote check 5 makes: a name no remote of the portal has. */
const ADDED_REMOTE = 'releasecheck';

async function journeys(specs, env) {
  const chromium = await findChromium();
  const files = Array.isArray(specs) ? specs : [specs];
  await pnpm(['--filter', 'e2e', 'exec', 'playwright', 'test', '--config', 'releases.config.ts', ...files], {
    // A few journeys: one worker on one stack (e2e/playwright.config.ts).
    env: { ...process.env, CHROMIUM_PATH: chromium, E2E_WORKERS: '1', ...env },
  });
}

/**
 * The remotes' teams' changes of checks 1, 4 and 5, in one worktree of HEAD: the service remote gets a
 * new page, the billing remote a broken invoices page, and `pnpm create-remote` makes a fifth remote;
 * only those three are built there (side by side). @returns the worktree and the broken billing
 * build's version
 */
async function todaysChangedRemotes() {
  const worktree = await checkOut('HEAD', 'changed-remotes');
  addFixturePage(worktree);
  const version = breakInvoicesPage(worktree);
  step(`Release check 5: pnpm create-remote ${ADDED_REMOTE}, in a worktree`);
  await pnpm(['create-remote', ADDED_REMOTE], { cwd: worktree });
  await buildRemotes(worktree, [FIXTURE.remote, 'billing']);
  await pnpm(['--filter', `remote-${ADDED_REMOTE}`, 'run', 'build'], { cwd: worktree });
  return { worktree, version };
}

/**
 * The build each remote is checked at: its last release (`remote-billing@0.4.0`: the tag made by
 * `pnpm release:tag`, or in a clone without tags the commit of `pnpm release` that set that version),
 * else the previous commit, with a loud note (a remote never released).
 */
function olderRemoteCommits() {
  const previous = previousCommit();
  return REMOTES.map((remote) => {
    const release = lastRelease(topology.REMOTE_PACKAGES[remote]);
    if (release) return { remote, commit: release.commit, label: release.tag };
    if (previous)
      loud(`remote-${remote} has no release before HEAD here: checking it one commit older instead.`);
    return { remote, commit: previous, label: previous ? `${previous.slice(0, 10)} (HEAD~1)` : null };
  });
}

/**
 * 2. Each remote at its last release, built in `worktrees` (one per release commit, by
 * {@link olderReleases}), type-checked against today's `@portal/shared` and served with this host.
 */
async function olderRemotes(builds, worktrees) {
  step(
    `Release check 2: the remotes at their last release, with this host: ${builds
      .map((build) => `remote-${build.remote} ${build.label}`)
      .join(', ')}`,
  );
  const overrides = {};
  const tables = [];
  for (const commit of [...new Set(builds.map((build) => build.commit))]) {
    const remotes = builds.filter((build) => build.commit === commit).map((build) => build.remote);
    const worktree = worktrees.get(commit);
    // Before the browser: an export or a store field that today's shared package no longer has is
    // named here, with the remote that needs it.
    const breaks = olderRemotesAgainstTodaysShared(
      worktree,
      remotes.map((remote) => ({ remote, dir: topology.REMOTE_PACKAGES[remote] })),
    );
    if (breaks.length > 0) {
      const labels = Object.fromEntries(builds.map((build) => [build.remote, build.label]));
      throw new Error(describeBreaks(breaks, (remote) => labels[remote]));
    }
    console.log(
      green(
        `${remotes.map((remote) => `remote-${remote}`).join(', ')}: compatible with today's @portal/shared.`,
      ),
    );
    Object.assign(overrides, distOverrides(worktree, remotes));
    for (const remote of remotes)
      tables.push({
        remote,
        routes: JSON.parse(
          readFileSync(join(worktree, topology.REMOTE_PACKAGES[remote], 'dist', 'routes.json'), 'utf8'),
        ),
      });
  }
  await journeys('releases/older-remotes.spec.ts', {
    ...overrides,
    RELEASE_CHECK_TABLES: JSON.stringify(tables),
  });
}

/** Today's remotes' route tables, as their builds publish them. */
function todaysTables() {
  return REMOTES.map((remote) => ({
    remote,
    routes: JSON.parse(
      readFileSync(join(repoRoot, topology.REMOTE_PACKAGES[remote], 'dist', 'routes.json'), 'utf8'),
    ),
  }));
}

/**
 * 3. The host one release older than the remotes: the host's build at its last release (or the
 * previous commit), in `worktree`, serves today's remotes, whose `@portal/shared` is then that host's
 * older singleton. The portal starts and every page today's remotes declare works.
 */
async function olderHost(host, worktree) {
  step(`Release check 3: the host at its last release (${host.label}), with today's remotes`);
  // The host's server and its build, as they are deployed together.
  await journeys('releases/older-host.spec.ts', {
    RELEASE_HOST_ROOT: worktree,
    RELEASE_CHECK_TABLES: JSON.stringify(todaysTables()),
  });
}

/** The host's build check 3 is made with: its last release, else the previous commit (or null). */
function olderHostCommit() {
  const release = lastRelease('host');
  const commit = release?.commit ?? previousCommit();
  if (!commit) {
    loud('Release check 3 skipped: this clone has neither a host release nor a previous commit.');
    return null;
  }
  if (!release) loud('The host has no release before HEAD here: checking it one commit older instead.');
  return { commit, label: release?.tag ?? `${commit.slice(0, 10)} (HEAD~1)` };
}

/**
 * Checks 2 and 3. Each older commit is checked out and installed once, and what either check needs
 * of it is built in one go: the host and the remotes were last released together, so both checks
 * usually want the same commit.
 */
async function olderReleases() {
  /** @type {ReturnType<typeof olderRemoteCommits> | null} */
  let remotes = olderRemoteCommits();
  if (remotes.some((build) => !build.commit)) {
    loud(
      'Release check 2 skipped: this clone has neither release tags nor a previous commit (a shallow clone?).',
    );
    remotes = null;
  }
  const host = olderHostCommit();
  const packagesOf = new Map();
  const want = (commit, dir) => packagesOf.set(commit, [...(packagesOf.get(commit) ?? []), dir]);
  for (const build of remotes ?? []) want(build.commit, topology.REMOTE_PACKAGES[build.remote]);
  if (host) want(host.commit, 'host');
  const worktrees = new Map();
  try {
    for (const commit of packagesOf.keys())
      worktrees.set(commit, await checkOut(commit, `older-${commit.slice(0, 10)}`));
    const predating = (remotes ?? []).filter(
      (build) =>
        !existsSync(
          join(
            worktrees.get(build.commit),
            topology.REMOTE_PACKAGES[build.remote],
            'src',
            'exposed',
            'routes.ts',
          ),
        ),
    );
    if (predating.length > 0) {
      loud(
        `Release check 2 skipped: the older remotes (${predating.map((build) => build.remote).join(', ')}) predate route tables.`,
      );
      for (const build of remotes ?? []) {
        const left = packagesOf
          .get(build.commit)
          .filter((dir) => dir !== topology.REMOTE_PACKAGES[build.remote]);
        packagesOf.set(build.commit, left);
      }
      remotes = null;
    }
    for (const [commit, packages] of packagesOf) {
      if (packages.length === 0) continue;
      step(`Building ${packages.join(', ')} at ${commit.slice(0, 10)}`);
      await pnpm([...packages.flatMap((dir) => ['--filter', dir]), 'run', 'build'], {
        cwd: worktrees.get(commit),
      });
    }
    if (remotes) await olderRemotes(remotes, worktrees);
    if (host) await olderHost(host, worktrees.get(host.commit));
  } finally {
    for (const worktree of worktrees.values()) await removeWorktree(worktree);
  }
}

/**
 * 1. The service remote's new page, built in `worktree` (by {@link todaysChangedRemotes}) and served
 * with today's host and other remotes, whose own builds do not change; 4. a broken canary rolled back
 * by itself, and a healthy one kept; 5. the remote made by `pnpm create-remote` joins the same running
 * host by its remotes file (see the top of this file). One stack serves the three: the service
 * remote's build with the new page is a superset of today's, which the canary and the new remote leave
 * alone.
 */
async function todaysReleases(worktree, version, before) {
  step(`Release check 1: a new page in remote-${FIXTURE.remote}, built and released alone`);
  step(
    'Release check 4: remote-billing on a canary, a broken build rolled back by itself and a healthy one kept',
  );
  step(`Release check 5: remote-${ADDED_REMOTE}, built alone, joins the running host by its remotes file`);
  const folder = mkdtempSync(join(tmpdir(), 'portal-canary-remotes-'));
  const remotesFile = join(folder, 'remotes.json');
  writeFileSync(remotesFile, '{}\n');
  try {
    await journeys(['releases/new-page.spec.ts', 'releases/canary.spec.ts', 'releases/new-remote.spec.ts'], {
      ...distOverrides(worktree, [FIXTURE.remote]),
      CANARY_BILLING_DIST_DIR: join(worktree, topology.REMOTE_PACKAGES.billing, 'dist'),
      CANARY_BILLING_VERSION: version,
      CANARY_REMOTES_FILE: remotesFile,
      ADDED_REMOTE_ROOT: worktree,
      ADDED_REMOTE_NAME: ADDED_REMOTE,
    });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const changed = changedBuilds(before, digestBuilds());
  if (changed.length > 0)
    throw new Error(`These builds changed, but only one remote was released: ${changed.join(', ')}.`);
  console.log(green(`The host's and the remotes' own dist/ folders are byte-identical before and after.`));
}

try {
  const before = digestBuilds();
  if (Object.values(before).some((digest) => digest === null))
    throw new Error('Build the portal first (pnpm build): a dist/ folder is missing.');
  const { worktree, version } = await todaysChangedRemotes();
  try {
    await todaysReleases(worktree, version, before);
  } finally {
    await removeWorktree(worktree);
  }
  await olderReleases();
  console.log(
    bold(
      green(
        'Releases: a remote adds a page alone, older remotes work with this host, this host’s remotes with the older host, a broken canary rolls back by itself, and a new remote joins the running host.',
      ),
    ),
  );
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
