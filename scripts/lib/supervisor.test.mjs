// `npm start` promises that Ctrl-C stops everything it started, grandchildren included.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { Supervisor } from './supervisor.mjs';
import { sparePort } from './ports.mjs';

// A killed process whose parent is gone may linger as a zombie until init reaps it: count it dead.
const alive = (pid) => {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^State:\s+Z/m.test(readFileSync(`/proc/${pid}/status`, 'utf8'));
  } catch {
    return true;
  }
};

// A leader that starts an HTTP server in a grandchild process, like `pnpm start` starting node.
const leader = (port) => `
  const { spawn } = require('node:child_process');
  const child = spawn(process.execPath, ['-e', ${JSON.stringify(
    `require('node:http').createServer((q, s) => s.end('ok')).listen(${port}, '127.0.0.1');` +
      `console.log('grandchild ' + process.pid);`,
  )}], { stdio: 'inherit' });
  setInterval(() => {}, 1000);
`;

test('should wait for health, then stop every process group, grandchildren included', async () => {
  const port = await sparePort();
  const supervisor = new Supervisor({ healthTimeoutMs: 15_000, stopTimeoutMs: 2_000 });
  const lines = [];
  const write = process.stdout.write.bind(process.stdout);
  process.stdout.write = (chunk, ...rest) => {
    lines.push(String(chunk));
    return write(chunk, ...rest);
  };
  try {
    const entry = supervisor.start({
      name: 'demo',
      cmd: process.execPath,
      args: ['-e', leader(port)],
      healthUrl: `http://127.0.0.1:${port}/`,
    });
    await supervisor.waitHealthy();
    const grandchild = Number(/grandchild (\d+)/.exec(lines.join(''))?.[1]);
    assert.ok(grandchild > 0, 'the grandchild reported its pid');
    assert.ok(alive(entry.child.pid) && alive(grandchild));

    await supervisor.stopAll();
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.equal(alive(entry.child.pid), false, 'the leader is gone');
    assert.equal(alive(grandchild), false, 'the grandchild is gone');
    await assert.rejects(fetch(`http://127.0.0.1:${port}/`), 'nothing listens any more');
  } finally {
    process.stdout.write = write;
    await supervisor.stopAll();
  }
});

test('should report a service that exits before it is healthy', async () => {
  const supervisor = new Supervisor({ healthTimeoutMs: 5_000 });
  supervisor.start({
    name: 'broken',
    cmd: process.execPath,
    args: ['-e', 'process.exit(3)'],
    healthUrl: `http://127.0.0.1:${await sparePort()}/`,
  });
  await assert.rejects(supervisor.waitHealthy(), /broken exited \(code 3\)/);
  await supervisor.stopAll();
});

test('should restart one service, killed or stopped, on the same port and wait until it is healthy', async () => {
  const port = await sparePort();
  const supervisor = new Supervisor({ healthTimeoutMs: 15_000, stopTimeoutMs: 2_000 });
  const unexpected = [];
  supervisor.onUnexpectedExit((name) => unexpected.push(name));
  try {
    const first = supervisor.start({
      name: 'demo',
      cmd: process.execPath,
      args: ['-e', leader(port)],
      healthUrl: `http://127.0.0.1:${port}/`,
    });
    await supervisor.waitHealthy();
    for (const signal of ['SIGKILL', 'SIGTERM']) {
      const before = supervisor.children.get('demo').child.pid;
      const ms = await supervisor.restart('demo', signal);
      assert.ok(ms >= 0);
      const after = supervisor.children.get('demo').child.pid;
      assert.notEqual(after, before, `a new process after ${signal}`);
      assert.equal(alive(before), false, `the old leader is gone after ${signal}`);
      assert.equal((await fetch(`http://127.0.0.1:${port}/`)).status, 200);
    }
    assert.equal(alive(first.child.pid), false);
    assert.deepEqual(unexpected, [], 'a restart is not reported as an unexpected exit');
  } finally {
    await supervisor.stopAll();
  }
});

test('should stop one service, leave the others running, and start it again when asked', async () => {
  const [stoppedPort, otherPort] = [await sparePort(), await sparePort()];
  const supervisor = new Supervisor({ healthTimeoutMs: 15_000, stopTimeoutMs: 2_000 });
  const unexpected = [];
  supervisor.onUnexpectedExit((name) => unexpected.push(name));
  try {
    for (const [name, port] of /** @type {[string, number][]} */ ([
      ['stopped', stoppedPort],
      ['other', otherPort],
    ])) {
      supervisor.start({
        name,
        cmd: process.execPath,
        args: ['-e', leader(port)],
        healthUrl: `http://127.0.0.1:${port}/`,
      });
    }
    await supervisor.waitHealthy();
    const before = supervisor.children.get('stopped').child.pid;
    await supervisor.stop('stopped');
    assert.equal(alive(before), false, 'the stopped leader is gone');
    await assert.rejects(fetch(`http://127.0.0.1:${stoppedPort}/`), 'nothing listens on its port');
    assert.equal((await fetch(`http://127.0.0.1:${otherPort}/`)).status, 200, 'the other one still runs');
    await assert.rejects(supervisor.startAgain('other'), /still running/);

    await supervisor.startAgain('stopped');
    assert.equal((await fetch(`http://127.0.0.1:${stoppedPort}/`)).status, 200);
    assert.deepEqual(unexpected, [], 'a stop on purpose is not reported as an unexpected exit');
  } finally {
    await supervisor.stopAll();
  }
});
