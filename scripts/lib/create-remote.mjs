// Writes a new remote of the house shape from scripts/templates/remote: a package `remote-<name>` with
// its federation config, server, Dockerfile, route table, English and Dutch texts, and one public page
// at `/<name>` that works. Its dependencies are those every remote of the portal has, at their versions,
// so a new remote starts on what the others run. The host composes it from its remotes file
// (ADDED_REMOTES and REMOTE_<NAME>_URL), with no host build (docs/operations.md).
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import topology from '../../configs/topology.cjs';

/** Where the templates are; each file's name ends in `.tmpl`, which tools leave alone. */
export const TEMPLATE_DIR = join(import.meta.dirname, '..', 'templates', 'remote');

/** A remote's federation name (the host's REMOTE_NAME_PATTERN): a lowercase letter, then 1–29 more. */
const NAME_PATTERN = /^[a-z][a-z0-9]{1,29}$/;

/**
 * The ports a remote added to the portal may take by default: above the api's, below the journeys'
 * canary hosts and closed port of the stack (configs/topology.cjs JOURNEY_PORT_OFFSETS).
 */
export const ADDED_REMOTE_PORTS = Object.freeze([8094, 8095, 8096, 8097, 8098]);

/**
 * What is wrong with `name` as a new remote's, or undefined when nothing is.
 * @param {string} name @param {string} root the repository root
 */
export function nameProblem(name, root) {
  if (!NAME_PATTERN.test(name))
    return `"${name}" is not a remote name: a lowercase letter, then 1 to 29 lowercase letters or digits.`;
  if (name === 'host' || name in topology.REMOTE_PACKAGES)
    return `"${name}" is taken: it is ${name === 'host' ? 'the host' : 'one of the portal’s own remotes'}.`;
  if (existsSync(join(root, `remote-${name}`))) return `remote-${name} already exists.`;
  return undefined;
}

/** The remote folders of the repository (`remote-*`). @param {string} root */
export function remoteFolders(root) {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && /^remote-[a-z][a-z0-9]+$/.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

/**
 * The dependencies every one of the portal's own remotes has, each at the version they have (the
 * first remote's, should they differ), for `dependencies` and `devDependencies`.
 * @param {string} root
 */
export function commonDependencies(root) {
  const manifests = Object.values(topology.REMOTE_PACKAGES).map((folder) =>
    JSON.parse(readFileSync(join(root, folder, 'package.json'), 'utf8')),
  );
  /** @param {'dependencies' | 'devDependencies'} field */
  const common = (field) => {
    const [first, ...others] = manifests.map((manifest) => manifest[field] ?? {});
    return Object.fromEntries(
      Object.entries(first ?? {})
        .filter(([name]) => others.every((deps) => name in deps))
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  };
  return { dependencies: common('dependencies'), devDependencies: common('devDependencies') };
}

/**
 * The default ports the remotes added so far listen on (their configs/federation.cjs DEFAULT_PORT).
 * @param {string} root
 */
export function takenPorts(root) {
  const own = new Set(Object.values(topology.DEFAULT_PORTS));
  for (const folder of remoteFolders(root)) {
    const file = join(root, folder, 'configs', 'federation.cjs');
    const match = existsSync(file) ? /DEFAULT_PORT = (\d+)/.exec(readFileSync(file, 'utf8')) : null;
    if (match) own.add(Number(match[1]));
  }
  return own;
}

/**
 * The port for a new remote: `wanted` when given and free, else the first of ADDED_REMOTE_PORTS free.
 * @param {Set<number>} taken @param {number} [wanted]
 */
export function choosePort(taken, wanted) {
  if (wanted !== undefined) {
    if (!Number.isInteger(wanted) || wanted < 1024 || wanted > 65535)
      throw new Error(`--port must be a port number from 1024 to 65535, got "${wanted}".`);
    if (taken.has(wanted)) throw new Error(`Port ${wanted} is taken by another part of the portal.`);
    return wanted;
  }
  const free = ADDED_REMOTE_PORTS.find((port) => !taken.has(port));
  if (free === undefined)
    throw new Error(`The ports ${ADDED_REMOTE_PORTS.join(', ')} are taken: give one with --port.`);
  return free;
}

/**
 * The files of a new remote, by path inside its folder.
 * @param {{ name: string, port: number, dependencies: Record<string, string>, devDependencies: Record<string, string> }} remote
 * @param {string} [templateDir]
 * @returns {Map<string, string>}
 */
export function renderRemote(remote, templateDir = TEMPLATE_DIR) {
  const title = remote.name.charAt(0).toUpperCase() + remote.name.slice(1);
  const json = (value) => JSON.stringify(value, null, 4).replace(/\n}$/, '\n  }');
  const values = {
    __name__: remote.name,
    __NAME__: remote.name.toUpperCase(),
    __Title__: title,
    __port__: String(remote.port),
    __dependencies__: json(remote.dependencies),
    __devDependencies__: json(remote.devDependencies),
  };
  const files = new Map();
  for (const template of listFiles(templateDir)) {
    let text = readFileSync(join(templateDir, template), 'utf8');
    for (const [placeholder, value] of Object.entries(values)) text = text.replaceAll(placeholder, value);
    const left = /__[A-Za-z]+__/.exec(text.replaceAll('REMOTE___', ''));
    if (left) throw new Error(`${template}: the placeholder ${left[0]} has no value.`);
    files.set(template.replace(/\.tmpl$/, ''), text);
  }
  return files;
}

/** @param {string} dir @returns {string[]} the files beneath `dir`, relative to it */
function listFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/**
 * The workspace file with the new remote's folder after the last remote's.
 * @param {string} text pnpm-workspace.yaml @param {string} folder
 */
export function addToWorkspace(text, folder) {
  const lines = text.split('\n');
  if (lines.some((line) => line.trim() === `- ${folder}`)) return text;
  let last = -1;
  lines.forEach((line, index) => {
    if (/^\s+- remote-/.test(line)) last = index;
  });
  if (last === -1) throw new Error('pnpm-workspace.yaml lists no remote to add the new one after.');
  const indent = /^\s+/.exec(lines[last] ?? '')?.[0] ?? '  ';
  lines.splice(last + 1, 0, `${indent}- ${folder}`);
  return lines.join('\n');
}

/**
 * Writes the new remote into the repository and adds it to the workspace.
 * @param {string} root @param {string} name @param {{ port?: number }} [options]
 * @returns {{ folder: string, port: number }}
 */
export function createRemote(root, name, options = {}) {
  const problem = nameProblem(name, root);
  if (problem) throw new Error(problem);
  const port = choosePort(takenPorts(root), options.port);
  const folder = `remote-${name}`;
  const files = renderRemote({ name, port, ...commonDependencies(root) });
  for (const [file, text] of files) {
    const target = join(root, folder, file);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, text);
  }
  const workspace = join(root, 'pnpm-workspace.yaml');
  writeFileSync(workspace, addToWorkspace(readFileSync(workspace, 'utf8'), folder));
  return { folder, port };
}
