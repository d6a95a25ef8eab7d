import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pinnedPnpmVersion } from './pnpm.mjs';

const folderWith = (manifest) => {
  const dir = mkdtempSync(join(tmpdir(), 'pnpm-pin-'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify(manifest));
  return dir;
};

test('should read the pinned pnpm version from packageManager', () => {
  assert.equal(pinnedPnpmVersion(folderWith({ packageManager: 'pnpm@10.34.8+sha512.abc' })), '10.34.8');
});

test('should refuse a package.json without a pnpm pin', () => {
  assert.throws(() => pinnedPnpmVersion(folderWith({ packageManager: 'yarn@4.0.0' })), /packageManager/);
});
