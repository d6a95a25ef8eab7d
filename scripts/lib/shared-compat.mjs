// Whether an older remote still works with today's `@portal/shared`. At run time every remote uses the
// host's copy of the shared package (a Module Federation singleton), so an export that the remote
// imports and today's package no longer has, or a store field it reads that was renamed, breaks that
// remote in the browser. The TypeScript compiler finds exactly these: the older remote's shipped source
// (its `src/`, tests left out) is type-checked in today's workspace, against today's package, and each
// error in the remote's own files is reported with the remote's name.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { repoRoot } from './paths.mjs';

const require = createRequire(import.meta.url);

/**
 * The entries of `@portal/shared` that Module Federation shares as one copy on the page, `.` and the
 * subpaths (configs/federation.cjs): an older remote runs against today's. Every other entry of the
 * older release was bundled into that remote's own build, and runs as it was.
 */
export function singletonEntries(root = repoRoot) {
  const { sharedModules } = require(join(root, 'configs', 'federation.cjs'));
  return Object.keys(sharedModules(join(root, 'host')))
    .filter((name) => name === '@portal/shared' || name.startsWith('@portal/shared/'))
    .map((name) => (name === '@portal/shared' ? '.' : `./${name.slice('@portal/shared/'.length)}`));
}

/** The TypeScript entries of a `@portal/shared` package folder, by export (`.`, `./ui`, …). */
function typeScriptEntries(folder) {
  const manifestFile = join(folder, 'package.json');
  if (!existsSync(manifestFile)) return {};
  const { exports = {} } = JSON.parse(readFileSync(manifestFile, 'utf8'));
  return Object.fromEntries(
    Object.entries(exports).filter(([, target]) => typeof target === 'string' && /\.tsx?$/.test(target)),
  );
}

/** `@portal/shared` for `.`, `@portal/shared/ui` for `./ui`. */
const specifier = (entry) => (entry === '.' ? '@portal/shared' : `@portal/shared/${entry.slice(2)}`);

/** The libraries Module Federation shares as one copy on the page (react, react-dom, zustand, …). */
export function singletonLibraries(root = repoRoot) {
  const { sharedModules } = require(join(root, 'configs', 'federation.cjs'));
  return [
    ...new Set(
      Object.keys(sharedModules(join(root, 'host')))
        .filter((name) => !name.startsWith('@portal/'))
        .map((name) => name.replace(/\/$/, '')),
    ),
  ];
}

/**
 * TypeScript `paths` for an older remote's imports of `@portal/shared`: the entries its build bundled
 * (`/ui`, `/wire`, …) resolve to its own release's files in `worktree` (they may since have moved to
 * other packages), and the singleton's to today's files in `root`, from wherever they are imported: so
 * what the bundled files read of the singleton is checked against today's like the rest. The shared
 * libraries (`libraries`, found in `nodeModules`) resolve to today's copies too, as on the page: one
 * React, whose types the bundled files and the remote's own then agree on.
 * @param {string} worktree @param {string} root @param {string[]} singletons {@link singletonEntries}
 * @param {{ libraries?: string[], nodeModules?: string }} [shared]
 * @returns {Record<string, string[]>}
 */
export function bundledEntryPaths(worktree, root, singletons, { libraries = [], nodeModules = '' } = {}) {
  /** @type {Record<string, string[]>} */
  const paths = {};
  for (const library of libraries) {
    paths[library] = [join(nodeModules, '@types', library), join(nodeModules, library)];
    paths[`${library}/*`] = [join(nodeModules, '@types', library, '*'), join(nodeModules, library, '*')];
  }
  for (const [entry, target] of Object.entries(typeScriptEntries(join(worktree, 'shared'))))
    if (!singletons.includes(entry)) paths[specifier(entry)] = [join(worktree, 'shared', target)];
  for (const [entry, target] of Object.entries(typeScriptEntries(join(root, 'shared'))))
    if (singletons.includes(entry)) paths[specifier(entry)] = [join(root, 'shared', target)];
  return paths;
}

/** Where an older remote's source is checked, inside today's remote folder (ignored by git and lint). */
export const CHECK_FOLDER = '.release-check';

/**
 * The compiler's errors in each checked remote's files, from `tsc --pretty false` output run in the
 * workspace root: `{ [dir]: [error, …] }`, each error as `src/…(line,col): error TS…` relative to the
 * remote. Errors inside the shared package itself are today's package's business, not the remote's;
 * errors in the older release's bundled shared files (`bundled`: their folder, relative to the root,
 * as {@link bundledEntryPaths} names them) are every checked remote's, which carries them.
 * @param {string} output
 * @param {string[]} dirs the remotes' folders
 * @param {string} [bundled]
 * @returns {Record<string, string[]>}
 */
export function remoteErrors(output, dirs, bundled) {
  /** @type {Record<string, string[]>} */
  const found = Object.fromEntries(dirs.map((dir) => [dir, []]));
  for (const line of output.split('\n').map((text) => text.trimEnd())) {
    if (bundled && line.startsWith(`${bundled}/`) && /\(\d+,\d+\): error TS\d+:/.test(line))
      for (const dir of dirs)
        found[dir]?.push(`(its bundled @portal/shared) ${line.slice(bundled.length + 1)}`);
    for (const dir of dirs) {
      const prefix = `${dir}/${CHECK_FOLDER}/`;
      if (line.startsWith(prefix) && /^src\/.+\(\d+,\d+\): error TS\d+:/.test(line.slice(prefix.length)))
        found[dir]?.push(line.slice(prefix.length));
    }
  }
  return found;
}

/**
 * Type-checks, in one compiler run, the source in each `<dir>/.release-check/src` of the workspace
 * `root` (tests left out), with the remotes' common compiler options, so that `@portal/shared`, React
 * and every other package resolve as today's workspace has them, once each. Returns the errors per
 * remote folder (empty lists: compatible).
 * @param {string} root
 * @param {string[]} dirs
 * @param {Record<string, string[]>} [paths] TypeScript paths ({@link bundledEntryPaths})
 * @param {string} [bundled] the older release's shared folder, relative to `root` ({@link remoteErrors})
 */
export function typeCheckSources(root, dirs, paths = {}, bundled) {
  const tsc = join(root, 'node_modules', 'typescript', 'bin', 'tsc');
  if (!existsSync(tsc)) throw new Error(`The TypeScript compiler is missing at ${relative(root, tsc)}.`);
  const config = join(root, `tsconfig${CHECK_FOLDER}.json`);
  writeFileSync(
    config,
    `${JSON.stringify(
      {
        // Every remote's tsconfig is the same: the first one's options stand for all.
        extends: `./${dirs[0]}/tsconfig.json`,
        // Tests are left out, and so are their type packages: node's only, found where the remote
        // finds it.
        compilerOptions: {
          noEmit: true,
          incremental: false,
          types: ['node'],
          typeRoots: [`./${dirs[0]}/node_modules/@types`],
          paths,
        },
        include: dirs.flatMap((dir) => [`${dir}/${CHECK_FOLDER}/src`, `${dir}/*.d.ts`]),
        exclude: dirs.flatMap((dir) => [
          `${dir}/${CHECK_FOLDER}/src/**/*.test.ts`,
          `${dir}/${CHECK_FOLDER}/src/**/*.test.tsx`,
          `${dir}/${CHECK_FOLDER}/src/testing`,
        ]),
      },
      null,
      2,
    )}\n`,
  );
  try {
    const result = spawnSync(process.execPath, [tsc, '-p', config, '--pretty', 'false'], {
      cwd: root,
      encoding: 'utf8',
    });
    if (result.error) throw result.error;
    // An error of no file (a type package or a tsconfig the compiler cannot read) means the check
    // did not run: that is not a pass.
    const global = result.stdout.split('\n').filter((line) => /^error TS\d+:/.test(line));
    if (global.length > 0 || (result.status !== 0 && !/error TS\d+/.test(result.stdout)))
      throw new Error(`tsc could not check the older remotes:\n${result.stdout}${result.stderr}`);
    return remoteErrors(result.stdout, dirs, bundled);
  } finally {
    rmSync(config, { force: true });
  }
}

/**
 * Checks each given remote of an older release (its folder `dir` in `worktree`) against today's
 * `@portal/shared`: its `src/` is copied into today's remote folder and type-checked there. Returns
 * `{ remote, errors }` for every remote that would break.
 * @param {string} worktree
 * @param {Array<{ remote: string, dir: string }>} remotes
 * @param {string} [root] today's workspace
 */
export function olderRemotesAgainstTodaysShared(worktree, remotes, root = repoRoot) {
  const checkDirs = remotes.map(({ dir }) => join(root, dir, CHECK_FOLDER));
  try {
    for (const [index, { dir }] of remotes.entries()) {
      rmSync(checkDirs[index], { recursive: true, force: true });
      cpSync(join(worktree, dir, 'src'), join(checkDirs[index], 'src'), { recursive: true });
    }
    const errors = typeCheckSources(
      root,
      remotes.map(({ dir }) => dir),
      bundledEntryPaths(worktree, root, singletonEntries(), {
        libraries: singletonLibraries(),
        nodeModules: join(root, remotes[0]?.dir ?? '', 'node_modules'),
      }),
      relative(root, join(worktree, 'shared')),
    );
    return remotes
      .map(({ remote, dir }) => ({ remote, errors: errors[dir] ?? [] }))
      .filter((found) => found.errors.length > 0);
  } finally {
    for (const dir of checkDirs) rmSync(dir, { recursive: true, force: true });
  }
}

/** The failure message: each remote that would break and the compiler's words for why. */
export function describeBreaks(breaks, labelOf) {
  return breaks
    .map(
      ({ remote, errors }) =>
        `remote-${remote} (${labelOf(remote)}) would break with today's @portal/shared:\n` +
        errors.map((error) => `  ${error}`).join('\n'),
    )
    .join('\n');
}
