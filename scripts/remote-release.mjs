// A remote team's release, without editing the host's remotes file by hand (docs/operations.md,
// "How a remote team releases"):
//   pnpm release:canary remote-billing <manifest URL> --percent 10   a share of browsers gets the build
//   pnpm release:status                                              what each release does (the host's /ops/releases)
//   pnpm release:promote remote-billing                              the canary becomes the stable release
// The file is HOST_REMOTES_FILE (or --file); the host takes a change within a second, without a restart.
// `status` asks the host at HOST_URL (default the local portal) with OPS_TOKEN.
import { parseArgs } from 'node:util';
import topology from '../configs/topology.cjs';
import { green, red } from './lib/log.mjs';
import {
  describeReleases,
  promoted,
  readRemotesFile,
  withCanary,
  writeRemotesFile,
} from './lib/remote-release.mjs';

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { file: { type: 'string' }, percent: { type: 'string' } },
});
const [command, remote, url] = positionals;

function remotesFile() {
  const file = options.file ?? process.env.HOST_REMOTES_FILE;
  if (!file) throw new Error('Name the host’s remotes file: HOST_REMOTES_FILE=/path/remotes.json or --file.');
  return file;
}

async function status() {
  const host = process.env.HOST_URL ?? topology.localOrigin(topology.ports(process.env).host);
  const token = process.env.OPS_TOKEN;
  if (!token) throw new Error('Set OPS_TOKEN: the host answers /ops/releases only with it.');
  const url = new URL('/ops/releases', host);
  const response = await fetch(url, { headers: { Authorization: `Bearer ${token}` } }).catch((error) => {
    throw new Error(
      `The host at ${host} cannot be reached (${error.cause?.code ?? error.message}); set HOST_URL.`,
    );
  });
  if (!response.ok) throw new Error(`${url} answered ${response.status}.`);
  console.log(describeReleases(await response.json()));
}

try {
  if (command === 'canary') {
    if (!remote || !url || options.percent === undefined)
      throw new Error('Usage: pnpm release:canary remote-<name> <manifest URL> --percent <0-100>');
    const file = remotesFile();
    writeRemotesFile(file, withCanary(readRemotesFile(file), remote, url, options.percent));
    console.log(green(`${remote}: ${options.percent}% of browsers get ${url} (${file}).`));
  } else if (command === 'promote') {
    if (!remote) throw new Error('Usage: pnpm release:promote remote-<name>');
    const file = remotesFile();
    writeRemotesFile(file, promoted(readRemotesFile(file), remote));
    console.log(green(`${remote}: the canary is now the stable release for every browser (${file}).`));
  } else if (command === 'status') {
    await status();
  } else {
    throw new Error('Usage: remote-release.mjs canary|promote|status …');
  }
} catch (error) {
  console.error(red(error instanceof Error ? error.message : String(error)));
  process.exit(1);
}
