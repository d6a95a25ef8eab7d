import assert from 'node:assert/strict';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import topology from '../../configs/topology.cjs';
import {
  addToWorkspace,
  ADDED_REMOTE_PORTS,
  choosePort,
  commonDependencies,
  createRemote,
  nameProblem,
  renderRemote,
} from './create-remote.mjs';
import { repoRoot } from './paths.mjs';

/** A repository with the portal's remotes' package.json files and its workspace file, nothing else. */
function fixtureRoot() {
  const root = mkdtempSync(join(tmpdir(), 'create-remote-'));
  for (const folder of Object.values(topology.REMOTE_PACKAGES)) {
    mkdirSync(join(root, folder));
    cpSync(join(repoRoot, folder, 'package.json'), join(root, folder, 'package.json'));
  }
  cpSync(join(repoRoot, 'pnpm-workspace.yaml'), join(root, 'pnpm-workspace.yaml'));
  return root;
}

describe('pnpm create-remote', () => {
  const roots = [];
  after(() => roots.forEach((root) => rmSync(root, { recursive: true, force: true })));

  it('refuses a name that is not a remote name, or is taken', () => {
    assert.match(nameProblem('Hello', repoRoot) ?? '', /is not a remote name/);
    assert.match(nameProblem('hello-world', repoRoot) ?? '', /is not a remote name/);
    assert.match(nameProblem('h', repoRoot) ?? '', /is not a remote name/);
    assert.match(nameProblem('../x', repoRoot) ?? '', /is not a remote name/);
    assert.match(nameProblem('billing', repoRoot) ?? '', /one of the portal’s own remotes/);
    assert.match(nameProblem('host', repoRoot) ?? '', /the host/);
    assert.equal(nameProblem('news', repoRoot), undefined);
  });

  it('takes the dependencies every remote has, at their versions', () => {
    const { dependencies, devDependencies } = commonDependencies(repoRoot);
    const billing = JSON.parse(readFileSync(join(repoRoot, 'remote-billing', 'package.json'), 'utf8'));
    assert.equal(dependencies.react, billing.dependencies.react);
    assert.equal(dependencies['@portal/shared'], 'workspace:*');
    assert.equal(devDependencies.webpack, billing.devDependencies.webpack);
    // ibantools is the billing and account remotes' own, not every remote's.
    assert.equal(dependencies.ibantools, undefined);
  });

  it('chooses a free port, or the one asked for when it is free', () => {
    assert.equal(choosePort(new Set([8080, 8094])), 8095);
    assert.equal(choosePort(new Set(), 9100), 9100);
    assert.throws(() => choosePort(new Set([9100]), 9100), /Port 9100 is taken/);
    assert.throws(() => choosePort(new Set(), 80), /from 1024 to 65535/);
    assert.throws(() => choosePort(new Set(ADDED_REMOTE_PORTS)), /give one with --port/);
  });

  it('renders every template with no placeholder left, and a package.json that parses', () => {
    const files = renderRemote({
      name: 'news',
      port: 8096,
      dependencies: { a: '1' },
      devDependencies: { b: '2' },
    });
    for (const [file, text] of files) assert.doesNotMatch(text, /__[A-Za-z]+__/, file);
    const manifest = JSON.parse(files.get('package.json') ?? '');
    assert.equal(manifest.name, 'remote-news');
    assert.deepEqual(manifest.dependencies, { a: '1' });
    assert.match(files.get('server/main.ts') ?? '', /name: 'news', port: 8096/);
    assert.match(files.get('server/main.ts') ?? '', /REMOTE_NEWS_PORT/);
    assert.match(files.get('Dockerfile') ?? '', /EXPOSE 8096/);
    assert.match(files.get('src/exposed/routes.ts') ?? '', /path: '\/news'/);
    assert.equal(JSON.parse(files.get('src/locales/nl.json') ?? '').routes.welcome, 'News');
  });

  it('adds the remote to the workspace after the last remote, once', () => {
    const text = 'packages:\n  - host\n  - remote-account\n  - remote-service\n  - shared\n';
    const added = addToWorkspace(text, 'remote-news');
    assert.equal(
      added,
      'packages:\n  - host\n  - remote-account\n  - remote-service\n  - remote-news\n  - shared\n',
    );
    assert.equal(addToWorkspace(added, 'remote-news'), added);
  });

  it('writes the remote and refuses to write it twice', () => {
    const root = fixtureRoot();
    roots.push(root);
    const { folder, port } = createRemote(root, 'news');
    assert.equal(folder, 'remote-news');
    assert.equal(port, ADDED_REMOTE_PORTS[0]);
    assert.ok(existsSync(join(root, 'remote-news', 'src', 'features', 'welcome', 'index.ts')));
    assert.match(readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8'), /- remote-news\n/);
    assert.throws(() => createRemote(root, 'news'), /remote-news already exists/);
    // The next one takes the next port.
    assert.equal(createRemote(root, 'weather').port, ADDED_REMOTE_PORTS[1]);
  });
});
