import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { capture } from './run.mjs';
import { compareVersions, lastRelease } from './releases.mjs';

/** Runs git in `repo` as a throwaway author, failing the test when git fails. */
const gitIn =
  (repo) =>
  (...args) => {
    const out = capture('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], {
      cwd: repo,
    });
    assert.notEqual(out, null, `git ${args.join(' ')}`);
    return out;
  };

test('compares versions by their numbers, not as text', () => {
  assert.ok(compareVersions('0.10.0', '0.9.0') > 0);
  assert.ok(compareVersions('1.0.0', '1.0.1') < 0);
  assert.equal(compareVersions('2.1.0', '2.1.0'), 0);
});

test("finds a package's newest release tag that is not on HEAD, and none without tags", () => {
  const repo = mkdtempSync(join(tmpdir(), 'releases-test-'));
  const git = gitIn(repo);
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

test('without tags, finds the commit that released a version of the package, not its creation', () => {
  const repo = mkdtempSync(join(tmpdir(), 'releases-test-'));
  const git = gitIn(repo);
  const manifest = (version, extra = '') =>
    writeFileSync(
      join(repo, 'remote-billing', 'package.json'),
      `{\n  "name": "remote-billing",\n  "version": "${version}"${extra}\n}\n`,
    );
  const commit = (message) => {
    git('add', '-A');
    git('commit', '-q', '-m', message);
    return git('rev-parse', 'HEAD');
  };
  try {
    git('init', '-q', '-b', 'main');
    mkdirSync(join(repo, 'remote-billing'));
    manifest('0.1.0');
    commit('the remote begins');
    assert.equal(lastRelease('remote-billing', repo), null);
    manifest('0.2.0');
    const released = commit('release remote-billing 0.2.0');
    manifest('0.2.0', ',\n  "private": true');
    commit('a change after the release');
    writeFileSync(join(repo, 'other.txt'), 'x');
    commit('another change');
    assert.deepEqual(lastRelease('remote-billing', repo), { tag: 'remote-billing@0.2.0', commit: released });
    // A release made on HEAD itself is the current one: the one before it is wanted.
    manifest('0.3.0', ',\n  "private": true');
    commit('release remote-billing 0.3.0');
    assert.deepEqual(lastRelease('remote-billing', repo), { tag: 'remote-billing@0.2.0', commit: released });
  } finally {
    rmSync(repo, { recursive: true, force: true });
  }
});
