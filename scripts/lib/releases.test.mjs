import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { capture } from './run.mjs';
import { compareVersions, lastRelease } from './releases.mjs';

test('compares versions by their numbers, not as text', () => {
  assert.ok(compareVersions('0.10.0', '0.9.0') > 0);
  assert.ok(compareVersions('1.0.0', '1.0.1') < 0);
  assert.equal(compareVersions('2.1.0', '2.1.0'), 0);
});

test("finds a package's newest release tag that is not on HEAD, and none without tags", () => {
  const repo = mkdtempSync(join(tmpdir(), 'releases-test-'));
  const git = (...args) => {
    const out = capture('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
      cwd: repo,
    });
    assert.notEqual(out, null, `git ${args.join(' ')}`);
    return out;
  };
  try {
    git('init', '-q', '-b', 'main');
    const commit = (message) => {
      writeFileSync(join(repo, 'file.txt'), message);
      git('add', 'file.txt');
      git('commit', '-q', '-m', message);
      return git('rev-parse', 'HEAD');
    };
    const first = commit('one');
    assert.equal(lastRelease('remote-billing', repo), null);
    git('tag', 'remote-billing@0.9.0');
    const second = commit('two');
    git('tag', 'remote-billing@0.10.0');
    git('tag', 'remote-account@0.3.0');
    commit('three');
    assert.deepEqual(lastRelease('remote-billing', repo), { tag: 'remote-billing@0.10.0', commit: second });
    // A release tagged on HEAD itself is the current one: the last release before it is the one wanted.
    git('tag', 'remote-billing@0.11.0');
    assert.deepEqual(lastRelease('remote-billing', repo), { tag: 'remote-billing@0.10.0', commit: second });
    assert.notEqual(first, second);
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
});
