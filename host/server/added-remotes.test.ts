/** @jest-environment node */
// A remote added to the portal's own four (made by `pnpm create-remote`): the host composes it from
// ADDED_REMOTES and its REMOTE_<NAME>_URL, in the environment or the remotes file, with no build.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readAddedRemotes, readCanaries, readHostConfig, readRemoteUrls, remoteUrlVariable } from './config';
import { followRemotesFile } from './remotes-file';
import { findRemote } from './route-tables';

const HELLO = 'https://hello.example/mf-manifest.json';

describe('remotes added to the portal', () => {
  let folder: string;
  let file: string;
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'host-added-'));
    file = path.join(folder, 'remotes.json');
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('should compose an added remote from its URL, after the portal’s own', () => {
    const remotes = readRemoteUrls({ ADDED_REMOTES: 'hello', REMOTE_HELLO_URL: HELLO });
    expect(Object.keys(remotes)).toEqual(['account', 'insurance', 'billing', 'service', 'hello']);
    expect(remotes.hello).toBe(HELLO);
    expect(readRemoteUrls({ ADDED_REMOTES: 'hello', REMOTE_HELLO_URL: 'off' })).not.toHaveProperty('hello');
    expect(remoteUrlVariable('hello')).toBe('REMOTE_HELLO_URL');
    expect(remoteUrlVariable('account')).toBe('REMOTE_ACCOUNT_URL');
  });

  it('should name what is wrong with an added remote', () => {
    expect(() => readRemoteUrls({ ADDED_REMOTES: 'hello' })).toThrow(
      'ADDED_REMOTES lists "hello", so REMOTE_HELLO_URL must be its manifest URL (or "off").',
    );
    expect(() => readRemoteUrls({ ADDED_REMOTES: 'hello', REMOTE_HELLO_URL: 'javascript:alert(1)' })).toThrow(
      /REMOTE_HELLO_URL must be an absolute http\(s\) URL/,
    );
    for (const bad of ['Hello', 'h', 'hello-world', 'host', '9lives', 'x'.repeat(31), 'hel\u0000lo']) {
      expect(() => readAddedRemotes({ ADDED_REMOTES: bad })).toThrow(/must list remote names/);
    }
    expect(() => readAddedRemotes({ ADDED_REMOTES: 'billing' })).toThrow(
      'ADDED_REMOTES lists "billing", which is one of the portal\'s own remotes.',
    );
    expect(readAddedRemotes({ ADDED_REMOTES: ' hello , news,hello ' })).toEqual(['hello', 'news']);
    expect(readAddedRemotes({})).toEqual([]);
  });

  it('should give an added remote a canary like the portal’s own', () => {
    const env = {
      ADDED_REMOTES: 'hello',
      REMOTE_HELLO_URL: HELLO,
      CANARY_HELLO_URL: 'https://hello.example/next/mf-manifest.json',
      CANARY_HELLO_PERCENT: '10',
    };
    expect(readCanaries(env, readRemoteUrls(env)).hello).toEqual({
      url: 'https://hello.example/next/mf-manifest.json',
      percent: 10,
    });
  });

  it('should read an added remote from the remotes file, and still refuse a key it does not know', () => {
    fs.writeFileSync(file, JSON.stringify({ ADDED_REMOTES: 'hello', REMOTE_HELLO_URL: HELLO }));
    expect(readHostConfig({ HOST_REMOTES_FILE: file }).runtime.remotes.hello).toBe(HELLO);
    // A remote the file does not add is a misspelling, not a new remote.
    fs.writeFileSync(file, JSON.stringify({ REMOTE_HELLO_URL: HELLO }));
    expect(() => readHostConfig({ HOST_REMOTES_FILE: file })).toThrow(/"REMOTE_HELLO_URL" is not one of/);
    // The environment may add it, and the file give its URL.
    expect(readHostConfig({ HOST_REMOTES_FILE: file, ADDED_REMOTES: 'hello' }).runtime.remotes.hello).toBe(
      HELLO,
    );
    fs.writeFileSync(file, JSON.stringify({ ADDED_REMOTES: ['hello'] }));
    expect(() => readHostConfig({ HOST_REMOTES_FILE: file })).toThrow(
      /ADDED_REMOTES must be a string of names separated by commas/,
    );
    fs.writeFileSync(file, JSON.stringify({ ADDED_REMOTES: 'Hello!' }));
    expect(() => readHostConfig({ HOST_REMOTES_FILE: file })).toThrow(/must list remote names/);
  });

  it('should add a remote to a running host when its remotes file names it, and drop it again', () => {
    fs.writeFileSync(file, '{}');
    const config = readHostConfig({ HOST_REMOTES_FILE: file });
    const remotes = config.runtime.remotes;
    let now = 0;
    const log = { info: jest.fn(), warn: jest.fn() };
    const check = followRemotesFile(remotes, config.remotesFile!, log, () => now);
    expect(remotes).not.toHaveProperty('hello');
    fs.writeFileSync(file, JSON.stringify({ ADDED_REMOTES: 'hello', REMOTE_HELLO_URL: HELLO }));
    now += 1_000;
    check();
    expect(remotes.hello).toBe(HELLO);
    fs.writeFileSync(file, JSON.stringify({ ADDED_REMOTES: 'hello' }));
    now += 1_000;
    check();
    // A wrong file changes nothing.
    expect(remotes.hello).toBe(HELLO);
    expect(log.warn).toHaveBeenCalledWith(
      expect.stringContaining('REMOTE_HELLO_URL must be its manifest URL'),
    );
    fs.writeFileSync(file, '{ }');
    now += 1_000;
    check();
    expect(remotes).not.toHaveProperty('hello');
    expect(remotes.billing).toBeDefined();
  });

  it('should find the page an added remote declares, after the portal’s own', () => {
    const table = (name: string, path: `/${string}`) => ({
      version: 1,
      namespace: name,
      routes: [
        {
          name,
          path,
          titleKey: 'routes.welcome',
          requiresAuth: false,
          page: 'welcome',
          title: { 'en-GB': 'x' },
        },
      ],
    });
    const found = findRemote({ hello: table('hello', '/hello') }, '/hello');
    expect(found?.remote).toBe('hello');
    // A path the portal's own remote declares stays that remote's.
    expect(
      findRemote({ hello: table('hello', '/login'), account: table('account', '/login') }, '/login')?.remote,
    ).toBe('account');
  });
});
