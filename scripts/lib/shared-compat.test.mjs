import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repoRoot } from './paths.mjs';
import {
  CHECK_FOLDER,
  describeBreaks,
  olderRemotesAgainstTodaysShared,
  remoteErrors,
} from './shared-compat.mjs';

/**
 * Today's workspace (a shared package, a remote folder linked to it as pnpm links it, the compiler)
 * and, beside it, the older release's remote source.
 */
function fixture(sharedSource) {
  const base = mkdtempSync(join(tmpdir(), 'shared-compat-'));
  const root = join(base, 'today');
  mkdirSync(join(root, 'node_modules'), { recursive: true });
  symlinkSync(join(repoRoot, 'node_modules', 'typescript'), join(root, 'node_modules', 'typescript'), 'dir');
  mkdirSync(join(root, 'shared', 'src'), { recursive: true });
  writeFileSync(
    join(root, 'shared', 'package.json'),
    JSON.stringify({ name: '@portal/shared', exports: { '.': './src/index.ts' } }),
  );
  writeFileSync(join(root, 'shared', 'src', 'index.ts'), sharedSource);
  const remote = join(root, 'remote');
  mkdirSync(join(remote, 'node_modules', '@portal'), { recursive: true });
  // The check gives the source node's types, found where the remote finds them.
  mkdirSync(join(remote, 'node_modules', '@types'), { recursive: true });
  symlinkSync(
    join(repoRoot, 'remote-account', 'node_modules', '@types', 'node'),
    join(remote, 'node_modules', '@types', 'node'),
    'dir',
  );
  symlinkSync(join(root, 'shared'), join(remote, 'node_modules', '@portal', 'shared'), 'dir');
  writeFileSync(
    join(remote, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        target: 'es2022',
        module: 'esnext',
        moduleResolution: 'bundler',
        allowImportingTsExtensions: true,
        types: [],
      },
    }),
  );
  const worktree = join(base, 'older');
  const older = join(worktree, 'remote', 'src');
  mkdirSync(older, { recursive: true });
  writeFileSync(
    join(older, 'page.ts'),
    "import { formatMoney, useAuth } from '@portal/shared';\n" +
      'export const shown = formatMoney(12) + String(useAuth().authenticated);\n',
  );
  // A test of the remote's may use whatever it likes: it does not ship.
  writeFileSync(join(older, 'page.test.ts'), "import { gone } from '@portal/shared';\nvoid gone;\n");
  return { base, root, remote, worktree };
}

const check = ({ worktree, root }) =>
  olderRemotesAgainstTodaysShared(worktree, [{ remote: 'billing', dir: 'remote' }], root);

const TODAY_COMPATIBLE =
  'export const formatMoney = (n: number): string => `€ ${n}`;\n' +
  'export const useAuth = () => ({ authenticated: true, profileId: "P-1" });\n';

test('an older remote whose imports and store fields today’s package still has passes', () => {
  const made = fixture(TODAY_COMPATIBLE);
  try {
    assert.deepEqual(check(made), []);
    // The copy it checked is gone.
    assert.equal(existsSync(join(made.remote, CHECK_FOLDER)), false);
  } finally {
    rmSync(made.base, { recursive: true, force: true });
  }
});

test('a removed export and a renamed store field are named, in the remote’s file', () => {
  const made = fixture('export const useAuth = () => ({ isAuthenticated: true });\n');
  try {
    const [found] = check(made);
    const errors = found?.errors ?? [];
    assert.equal(found?.remote, 'billing');
    assert.equal(errors.length, 2, errors.join('\n'));
    assert.match(errors[0], /^src\/page\.ts\(1,10\): error TS2305: .*has no exported member 'formatMoney'/);
    assert.match(errors[1], /^src\/page\.ts\(2,.*Property 'authenticated' does not exist/);
    assert.match(
      describeBreaks([{ remote: 'billing', errors }], () => 'remote-billing@0.4.0'),
      /^remote-billing \(remote-billing@0\.4\.0\) would break with today's @portal\/shared:\n {2}src\/page\.ts/,
    );
  } finally {
    rmSync(made.base, { recursive: true, force: true });
  }
});

test('keeps only the errors in the remote’s own source', () => {
  const output = [
    "remote-billing/.release-check/src/a.ts(3,10): error TS2305: Module '\"@portal/shared\"' has no exported member 'x'.",
    'shared/src/b.ts(1,1): error TS2322: something of the package itself',
    'remote-billing/src/c.ts(1,1): error TS2322: today’s own source, checked by the typecheck stage',
  ].join('\n');
  assert.deepEqual(remoteErrors(output, ['remote-billing', 'remote-account']), {
    'remote-billing': [
      "src/a.ts(3,10): error TS2305: Module '\"@portal/shared\"' has no exported member 'x'.",
    ],
    'remote-account': [],
  });
});

test('a check that cannot run is a failure, not a pass', () => {
  const made = fixture(TODAY_COMPATIBLE);
  try {
    writeFileSync(join(made.remote, 'tsconfig.json'), JSON.stringify({ extends: './missing-base.json' }));
    assert.throws(() => check(made), /tsc could not check .*missing-base\.json/s);
  } finally {
    rmSync(made.base, { recursive: true, force: true });
  }
});

/** The older release's own `@portal/shared`, with a bundled entry `/ui` that reads the singleton. */
function withBundledUi(made, uiSource) {
  const shared = join(made.worktree, 'shared');
  mkdirSync(join(shared, 'src', 'ui'), { recursive: true });
  writeFileSync(
    join(shared, 'package.json'),
    JSON.stringify({
      name: '@portal/shared',
      exports: { '.': './src/index.ts', './ui': './src/ui/index.ts' },
    }),
  );
  writeFileSync(join(shared, 'src', 'ui', 'index.ts'), uiSource);
  writeFileSync(
    join(made.worktree, 'remote', 'src', 'button.ts'),
    "import { label } from '@portal/shared/ui';\nexport const shown = label();\n",
  );
}

test('an entry the older remote bundled is read from its own release, though today’s package moved it', () => {
  const made = fixture(TODAY_COMPATIBLE);
  try {
    withBundledUi(
      made,
      "import { useAuth } from '@portal/shared';\nexport const label = (): string => String(useAuth().authenticated);\n",
    );
    assert.deepEqual(check(made), []);
  } finally {
    rmSync(made.base, { recursive: true, force: true });
  }
});

test('what a bundled entry reads of today’s singleton is checked, and named as the remote’s', () => {
  const made = fixture(
    'export const formatMoney = (n: number): string => `€ ${n}`;\nexport const useAuth = () => ({ isAuthenticated: true });\n',
  );
  try {
    withBundledUi(
      made,
      "import { useAuth } from '@portal/shared';\nexport const label = (): string => String(useAuth().authenticated);\n",
    );
    const [found] = check(made);
    const errors = found?.errors ?? [];
    assert.ok(
      errors.some((error) =>
        /^\(its bundled @portal\/shared\) src\/ui\/index\.ts\(2,.*'authenticated'/.test(error),
      ),
      errors.join('\n'),
    );
  } finally {
    rmSync(made.base, { recursive: true, force: true });
  }
});
