// `pnpm create-remote <name> [--port N] [--no-install]`: writes remote-<name>, a remote of the house
// shape with one page that works (/<name>), adds it to the workspace and installs it. The host composes
// it from its remotes file, with no host build: see the steps this prints, and docs/operations.md.
import { parseArgs } from 'node:util';
import { createRemote } from './lib/create-remote.mjs';
import { bold, step } from './lib/log.mjs';
import { repoRoot } from './lib/paths.mjs';
import { pnpm } from './lib/pnpm.mjs';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { port: { type: 'string' }, 'no-install': { type: 'boolean', default: false } },
});

const [name, ...extra] = positionals;
if (!name || extra.length > 0) {
  console.error('Usage: pnpm create-remote <name> [--port N] [--no-install]');
  process.exit(2);
}

let created;
try {
  created = createRemote(repoRoot, name, values.port === undefined ? {} : { port: Number(values.port) });
} catch (error) {
  console.error(/** @type {Error} */ (error).message);
  process.exit(1);
}
const { folder, port } = created;
step(`Wrote ${folder}/ (port ${port}) and added it to pnpm-workspace.yaml`);
// A new package: the lockfile takes it (CI=true would otherwise make pnpm refuse to change it).
if (!values['no-install']) await pnpm(['install', '--prefer-offline', '--no-frozen-lockfile']);

const upper = name.toUpperCase();
console.log(`
${bold(`remote-${name} is ready.`)} Its page is /${name}: src/features/welcome.
  pnpm --filter ${folder} test          its unit tests
  pnpm --filter ${folder} build         dist/ with mf-manifest.json and routes.json
  pnpm --filter ${folder} start         serves it on port ${port} (PORT or REMOTE_${upper}_PORT move it)

The host composes it with no build of its own: add it to the host's remotes file (HOST_REMOTES_FILE),
  "ADDED_REMOTES": "${name}",
  "REMOTE_${upper}_URL": "http://localhost:${port}/mf-manifest.json"
and the next page the host serves has /en/${name}.`);
