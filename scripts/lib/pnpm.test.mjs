import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { choosePnpm, pinnedPnpmVersion } from './pnpm.mjs';

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

test('should use the pnpm on PATH only when it is the pinned version', () => {
  assert.equal(choosePnpm('10.34.8', '10.34.8').cmd, 'pnpm');
});

test('should run the pinned version through npx, not a global install, when PATH has another or none', () => {
  for (const onPath of ['12.1.0', '9.0.0', null]) {
    assert.deepEqual(choosePnpm('10.34.8', onPath), {
      cmd: 'npx',
      prefix: ['-y', 'pnpm@10.34.8'],
      label: 'npx -y pnpm@10.34.8',
    });
  }
});
