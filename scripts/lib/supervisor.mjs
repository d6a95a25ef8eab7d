// Runs several long-lived processes side by side: prefixed output, health checks, and one
// clean stop for all of them (each child leads its own process group, so grandchildren such
// as the node process behind `pnpm start` stop too).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { formatCommand } from './run.mjs';
import { dim, red } from './log.mjs';

const COLOURS = ['36', '35', '33', '32', '34', '96', '95'];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @typedef {object} ServiceSpec
 * @property {string} name        label used as the output prefix
 * @property {string} cmd
 * @property {string[]} args
 * @property {string} [cwd]
 * @property {Record<string, string>} [env]   added to process.env
 * @property {string} [healthUrl] polled until it answers 2xx
 */

export class Supervisor {
  /** @param {{ healthTimeoutMs?: number, stopTimeoutMs?: number }} [options] */
  constructor({ healthTimeoutMs = 180_000, stopTimeoutMs = 8_000 } = {}) {
    this.healthTimeoutMs = healthTimeoutMs;
    this.stopTimeoutMs = stopTimeoutMs;
    this.children = new Map();
    this.stopping = false;
    this.exitListeners = [];
    this.width = 0;
  }

  /** Call `listener(name, code, signal)` when a child exits while not stopping. */
  onUnexpectedExit(listener) {
    this.exitListeners.push(listener);
  }

  /** Start one service. @param {ServiceSpec} spec */
  start(spec) {
    this.width = Math.max(this.width, spec.name.length);
    const colour = COLOURS[this.children.size % COLOURS.length];
    const useColour = process.stdout.isTTY && !process.env.NO_COLOR;
    const child = spawn(spec.cmd, spec.args, {
      cwd: spec.cwd,
      env: { ...process.env, ...spec.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    const entry = {
      spec,
      child,
      exited: false,
      code: /** @type {number | null} */ (null),
      signal: /** @type {NodeJS.Signals | null} */ (null),
      restarting: false,
    };
    this.children.set(spec.name, entry);
    const prefix = () => {
      const label = spec.name.padEnd(this.width);
      return useColour ? `\u001b[${colour}m${label} |\u001b[0m ` : `${label} | `;
    };
    for (const stream of [child.stdout, child.stderr]) {
      createInterface({ input: stream }).on('line', (line) => process.stdout.write(`${prefix()}${line}\n`));
    }
    child.on('error', (error) => {
      process.stdout.write(
        `${prefix()}${red(`could not start ${formatCommand(spec.cmd, spec.args)}: ${error.message}`)}\n`,
      );
    });
    child.on('exit', (code, signal) => {
      entry.exited = true;
      entry.code = code;
      entry.signal = signal;
      if (!this.stopping && !entry.restarting) {
        process.stdout.write(`${prefix()}${red(`exited (${signal ?? `code ${code}`})`)}\n`);
        for (const listener of this.exitListeners) listener(spec.name, code, signal);
      }
    });
    return entry;
  }

  /** Wait until every started service with a healthUrl answers 2xx; rejects on exit or timeout. */
  async waitHealthy() {
    await Promise.all([...this.children.values()].map((entry) => this.waitOne(entry)));
  }

  async waitOne(entry) {
    const { healthUrl, name } = entry.spec;
    if (!healthUrl) return;
    const deadline = Date.now() + this.healthTimeoutMs;
    while (Date.now() < deadline) {
      if (entry.exited)
        throw new Error(
          `${name} exited (${entry.signal ?? `code ${entry.code}`}) before ${healthUrl} answered.`,
        );
      try {
        const response = await fetch(healthUrl, { signal: AbortSignal.timeout(2_000) });
        if (response.ok) {
          console.log(dim(`${name.padEnd(this.width)} | healthy: ${healthUrl}`));
          return;
        }
      } catch {
        // Not listening yet: keep polling until the deadline.
      }
      await sleep(500);
    }
    throw new Error(
      `${name} did not answer ${healthUrl} within ${Math.round(this.healthTimeoutMs / 1000)} s.`,
    );
  }

  /** Send a signal to a child's whole process group. */
  signalGroup(entry, signal) {
    if (entry.exited || entry.child.pid === undefined) return;
    try {
      process.kill(-entry.child.pid, signal);
    } catch {
      // The group is already gone.
    }
  }

  /**
   * Stop one service on purpose with `signal` (SIGTERM: a redeploy; SIGKILL: a crash) and make sure
   * nothing of its process group is left. Not reported as an unexpected exit; `startAgain` brings it back.
   */
  async stop(name, signal = 'SIGTERM') {
    const entry = this.children.get(name);
    if (!entry) throw new Error(`No service "${name}" to stop.`);
    entry.restarting = true;
    this.signalGroup(entry, signal);
    const deadline = Date.now() + this.stopTimeoutMs;
    while (!entry.exited && Date.now() < deadline) await sleep(50);
    try {
      process.kill(-entry.child.pid, 'SIGKILL');
    } catch {
      // Nothing left in the group.
    }
    while (!entry.exited) await sleep(50);
  }

  /** Start a stopped service again with the same spec (plus `env`) and wait until it is healthy. */
  async startAgain(name, { env = {} } = {}) {
    const entry = this.children.get(name);
    if (!entry) throw new Error(`No service "${name}" to start again.`);
    if (!entry.exited) throw new Error(`${name} is still running; stop it first.`);
    await this.waitOne(this.start({ ...entry.spec, env: { ...entry.spec.env, ...env } }));
  }

  /**
   * Stop one service with `signal`, start it again with the same spec (plus `env`) and wait until it
   * is healthy. Resolves to the milliseconds from the signal to healthy again.
   */
  async restart(name, signal = 'SIGTERM', { env = {} } = {}) {
    const started = Date.now();
    await this.stop(name, signal);
    await this.startAgain(name, { env });
    return Date.now() - started;
  }

  /** Stop every service: SIGTERM to each process group, SIGKILL for what is left after a grace period. */
  async stopAll() {
    this.stopping = true;
    const entries = [...this.children.values()];
    for (const entry of entries) this.signalGroup(entry, 'SIGTERM');
    const deadline = Date.now() + this.stopTimeoutMs;
    while (entries.some((entry) => !entry.exited) && Date.now() < deadline) await sleep(100);
    for (const entry of entries) this.signalGroup(entry, 'SIGKILL');
    // Grandchildren may outlive a leader that exited on SIGTERM: make sure the groups are empty.
    for (const entry of entries) {
      if (entry.child.pid === undefined) continue;
      try {
        process.kill(-entry.child.pid, 'SIGKILL');
      } catch {
        // Nothing left in the group.
      }
    }
  }

  /**
   * Stop everything on Ctrl-C / SIGTERM / SIGHUP and when this process exits, then call
   * `onStopped(signal)` (by default: exit with 130/143).
   */
  stopOnSignals(onStopped = (signal) => process.exit(signal === 'SIGINT' ? 130 : 143)) {
    let handled = false;
    const handler = async (signal) => {
      if (handled) return;
      handled = true;
      console.log(dim(`\nReceived ${signal}: stopping all services…`));
      await this.stopAll();
      onStopped(signal);
    };
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, handler);
    process.on('exit', () => {
      for (const entry of this.children.values()) this.signalGroup(entry, 'SIGKILL');
    });
  }
}
