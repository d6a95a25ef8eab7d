#!/usr/bin/env node
// Performance budget of the first page most students open: what /en/login needs from the builds,
// counted as it travels: the brotli copy the servers send to a browser that accepts it (the build
// writes it beside each file; a missing one fails, since the file would then travel larger). The
// gzip size is shown beside it. Run after the builds (`pnpm build` runs it as postbuild).
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

// The product budget of the login page (docs/performance.md, "Budgets"): everything the browser fetches to show it.
const LOGIN_FIRST_LOAD_BUDGET_KB = 170;
// The consent banner's own share of it (the privacy requirements allow it 2 KB): everything of the
// feature (the banner, its English texts, the footer's "Cookie settings", Consent Mode and the choice
// kept in its cookie) is one start-up file of its own, apart-consent (host/configs/webpack.prod.cjs);
// what remains of it in the other start-up files is the few bytes that import it. Its styles are a
// few lines of the host's stylesheet, which this budget, of scripts and data, does not count.
const CONSENT_BUDGET_KB = 2;
const CONSENT_CHUNK = /^assets\/apart-consent\.[0-9a-f]+\.js$/;
// The same budget the build enforces per remote (configs/budgets.cjs).
const requireConfig = createRequire(import.meta.url);
const { REMOTE_ENTRY_BUDGET_BYTES } = requireConfig('../configs/budgets.cjs');
const { COMPILE_HINT } = requireConfig('../configs/plugins/compile-hints-plugin.cjs');
const REMOTE_ENTRY_BUDGET_KB = REMOTE_ENTRY_BUDGET_BYTES / 1024;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const hostDist = join(root, 'host', 'dist');
const accountDist = join(root, 'remote-account', 'dist');

function fail(message) {
  console.error(`check-budgets: ${message}`);
  process.exit(1);
}

function readText(file) {
  if (!existsSync(file)) fail(`${file} is missing: build the host and remote-account first (pnpm build).`);
  return readFileSync(file, 'utf8');
}

const gzipKb = (file) => gzipSync(readFileSync(file), { level: 9 }).length / 1024;

/** The bytes a browser receives for a built file: its precompressed brotli copy. */
function wireKb(file) {
  const brotli = `${file}.br`;
  if (!existsSync(brotli)) fail(`${brotli} is missing: the production build precompresses every text asset.`);
  return readFileSync(brotli).length / 1024;
}

// Host: the scripts of index.html, plus what its entry loads before the first render.
const indexHtml = readText(join(hostDist, 'index.html'));
const htmlScripts = [...indexHtml.matchAll(/<script\b[^>]*\bsrc=["']?([^"'\s>]+)/g)].map((match) =>
  match[1].replace(/^\/en\//, ''),
);
const startup = JSON.parse(readText(join(hostDist, 'startup-assets.json')));
const hostFiles = [...new Set([...htmlScripts, ...startup.js])];

// Account: its remoteEntry.js, the synchronous JS of its ./pages expose, and the lazy chunks of the
// login page itself (page-assets.json, written by the remote's build).
const manifest = JSON.parse(readText(join(accountDist, 'mf-manifest.json')));
const pagesExpose = manifest.exposes?.find((expose) => expose.path === './pages' || expose.name === 'pages');
if (!pagesExpose) fail('remote-account/dist/mf-manifest.json has no ./pages expose.');
const loginPage = JSON.parse(readText(join(accountDist, 'page-assets.json')))['page-login'];
if (!loginPage) fail('remote-account/dist/page-assets.json lists no page-login chunk.');
const accountFiles = [...new Set(['remoteEntry.js', ...pagesExpose.assets.js.sync, ...loginPage.js])];

// Data the page fetches from the builds before the login form shows: each remote's route table and the
// account remote's manifest.
const REMOTE_DIRS = ['remote-account', 'remote-insurance', 'remote-billing', 'remote-service'];
const dataRows = [
  ...REMOTE_DIRS.map((app) => ({
    part: app.replace('remote-', ''),
    file: 'routes.json',
    dir: join(root, app, 'dist'),
  })),
  { part: 'account', file: 'mf-manifest.json', dir: accountDist },
];

const row = (part, dir, file) => ({ part, file, kb: wireKb(join(dir, file)), gzip: gzipKb(join(dir, file)) });
const rows = [
  ...hostFiles.map((file) => row('host', hostDist, file)),
  ...accountFiles.map((file) => row('account', accountDist, file)),
  ...dataRows.map(({ part, dir, file }) => row(part, dir, file)),
];
const total = (part) =>
  rows.filter((row) => !part || row.part === part).reduce((sum, row) => sum + row.kb, 0);

console.log('First load of /en/login from the builds, on the wire (brotli; gzip -9 beside it):');
for (const { part, file, kb, gzip } of rows) {
  console.log(
    `  ${part.padEnd(10)} ${file.padEnd(44)} ${kb.toFixed(1).padStart(7)} KB ${gzip.toFixed(1).padStart(7)} KB`,
  );
}
console.log(`  host start-up                                ${total('host').toFixed(1).padStart(7)} KB`);
console.log(`  account entry, login page and manifest       ${total('account').toFixed(1).padStart(7)} KB`);
console.log(
  `  total                                        ${total().toFixed(1).padStart(7)} KB (budget ${LOGIN_FIRST_LOAD_BUDGET_KB} KB)`,
);

let failed = false;
for (const app of REMOTE_DIRS) {
  const entry = join(root, app, 'dist', 'remoteEntry.js');
  // A remote that was not built cannot be checked: that is a failure, not a pass.
  if (!existsSync(entry)) fail(`${entry} is missing: build every remote first (pnpm build).`);
  const kb = wireKb(entry);
  console.log(`  ${app}/remoteEntry.js ${kb.toFixed(1)} KB (budget ${REMOTE_ENTRY_BUDGET_KB} KB)`);
  if (kb > REMOTE_ENTRY_BUDGET_KB) failed = true;
}
// The first load's scripts are compiled while they download (configs/plugins/compile-hints-plugin.cjs):
// a build that lost the hint (a minifier that drops it, a renamed chunk) would be slower on a phone.
// The page's own script (the starter, 0.9 KB) starts the rest and is not one of them.
const unhinted = [
  ...hostFiles
    .filter((file) => file.endsWith('.js') && !htmlScripts.includes(file))
    .map((file) => join(hostDist, file)),
  ...accountFiles.map((file) => join(accountDist, file)),
].filter((file) => !readText(file).startsWith(COMPILE_HINT));
if (unhinted.length > 0) {
  console.error(`check-budgets: these first-load scripts lack V8's compile hint: ${unhinted.join(', ')}`);
  failed = true;
}
const consentRows = rows.filter((row) => row.part === 'host' && CONSENT_CHUNK.test(row.file));
const consentKb = consentRows.reduce((sum, row) => sum + row.kb, 0);
console.log(
  `  of which the consent banner                  ${consentKb.toFixed(1).padStart(7)} KB (budget ${CONSENT_BUDGET_KB} KB)`,
);
if (consentRows.length !== 1) {
  // Merged into another file, it could no longer be weighed: that is a failure, not a pass.
  console.error(
    'check-budgets: the start-up has no apart-consent file of its own; the consent banner cannot be weighed.',
  );
  failed = true;
} else if (consentKb > CONSENT_BUDGET_KB) {
  console.error(
    `check-budgets: the consent banner adds ${consentKb.toFixed(2)} KB to /en/login on the wire, over its ${CONSENT_BUDGET_KB} KB budget.`,
  );
  failed = true;
}
if (total() > LOGIN_FIRST_LOAD_BUDGET_KB) {
  console.error(
    `check-budgets: /en/login loads ${total().toFixed(1)} KB on the wire, over the ${LOGIN_FIRST_LOAD_BUDGET_KB} KB budget.`,
  );
  failed = true;
}
if (failed) process.exit(1);
console.log('check-budgets: within budget.');
