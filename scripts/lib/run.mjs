// Child-process helpers shared by the root scripts. Plain Node ESM with no dependencies:
// these run on a fresh machine before anything is installed.
import { spawn, spawnSync } from 'node:child_process';

/** Error thrown when a command exits non-zero or cannot be started. */
export class CommandError extends Error {
  /**
   * @param {string} message
   * @param {{ code?: number | null, signal?: NodeJS.Signals | null }} [details]
   */
  constructor(message, { code = null, signal = null } = {}) {
    super(message);
    this.name = 'CommandError';
    this.code = code;
    this.signal = signal;
  }
}

/** Render a command line for messages, quoting arguments that contain spaces. */
export function formatCommand(cmd, args = []) {
  return [cmd, ...args].map((part) => (/[\s"']/.test(part) ? JSON.stringify(part) : part)).join(' ');
}

/**
 * Run a command with inherited stdio. Resolves when it exits 0; rejects with a message naming
 * the command, its folder and its exit code otherwise.
 */
export function run(cmd, args = [], opts = {}) {
  const { cwd = process.cwd(), env = process.env, stdio = 'inherit' } = opts;
  const shown = formatCommand(cmd, args);
  return /** @type {Promise<void>} */ (
    new Promise((resolve, reject) => {
      let child;
      try {
        child = spawn(cmd, args, { cwd, env, stdio });
      } catch (error) {
        reject(new CommandError(`Could not start "${shown}" in ${cwd}: ${error.message}`));
        return;
      }
      child.on('error', (/** @type {NodeJS.ErrnoException} */ error) => {
        const hint = error.code === 'ENOENT' ? ` (is "${cmd}" installed and on PATH?)` : '';
        reject(new CommandError(`Could not start "${shown}" in ${cwd}: ${error.message}${hint}`));
      });
      child.on('exit', (code, signal) => {
        if (code === 0) resolve();
        else {
          const how = signal ? `was stopped by ${signal}` : `exited with code ${code}`;
          reject(new CommandError(`Command failed: "${shown}" (in ${cwd}) ${how}.`, { code, signal }));
        }
      });
    })
  );
}

/** Run a command quietly and return its trimmed stdout, or null when it fails or is missing. */
export function capture(cmd, args = [], opts = {}) {
  const result = spawnSync(cmd, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts });
  if (result.error || result.status !== 0) return null;
  return result.stdout.trim();
}

/** True when the command exists on PATH. */
export function onPath(cmd) {
  return capture('sh', ['-c', `command -v ${cmd}`]) !== null;
}
