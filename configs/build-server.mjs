// Compiles a package's server from TypeScript to one JavaScript file, `dist-server/main.js`, which its
// container image runs with plain node (no tsx at run time). Run from the package folder (its
// `build:server` script):
//
//   node ../configs/build-server.mjs --entry server/main.ts [--copy src/content/schema.graphql]
//
// The workspace's own source (`@portal/shared`, `configs/`) is compiled into the file; every other
// package stays an import, resolved at run time from the package's production dependencies (what
// `pnpm deploy --prod` puts in the image). A package imported but not listed in `dependencies` fails
// the build here rather than the container at start-up.
import { copyFileSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import { basename, join, relative } from 'node:path';
import { parseArgs } from 'node:util';

const OUT_DIR = 'dist-server';
const WORKSPACE_SCOPE = '@portal/';

/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`. */
function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const { values } = parseArgs({
  options: { entry: { type: 'string' }, copy: { type: 'string', multiple: true, default: [] } },
});
if (!values.entry) {
  console.error('Usage: node ../configs/build-server.mjs --entry <file> [--copy <file>]...');
  process.exit(2);
}

const packageDir = process.cwd();
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
const runtimeDependencies = new Set(Object.keys(manifest.dependencies ?? {}));
const builtins = new Set(builtinModules);
// esbuild is a devDependency of each package that builds a server.
const { build } = createRequire(join(packageDir, 'package.json'))('esbuild');

/** Keeps third-party packages as imports; refuses those the image would not have. */
const runtimeDependenciesPlugin = {
  name: 'runtime-dependencies',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('node:') || builtins.has(args.path)) return { external: true };
      const name = packageNameOf(args.path);
      // Workspace source, and JSON data files (which node would import only with an import attribute).
      if (name.startsWith(WORKSPACE_SCOPE) || args.path.endsWith('.json')) return undefined;
      if (runtimeDependencies.has(name)) return { external: true };
      return {
        errors: [
          {
            text: `"${name}" is imported by ${relative(packageDir, args.importer)} but is not in the "dependencies" of ${manifest.name}: the image would not have it.`,
          },
        ],
      };
    });
  },
};

rmSync(join(packageDir, OUT_DIR), { recursive: true, force: true });
await build({
  entryPoints: [values.entry],
  outfile: join(OUT_DIR, 'main.js'),
  bundle: true,
  platform: 'node',
  target: 'node20',
  // The package's own module type: the api is an ES module (top-level await), the others CommonJS.
  format: manifest.type === 'module' ? 'esm' : 'cjs',
  sourcemap: true,
  keepNames: true,
  // A remote's server renders its pages (a student's own frame): their style sheets are the browser
  // build's business.
  loader: { '.css': 'empty' },
  logLevel: 'warning',
  plugins: [runtimeDependenciesPlugin],
});
// Files read next to the module at run time (e.g. `new URL('./schema.graphql', import.meta.url)`).
mkdirSync(join(packageDir, OUT_DIR), { recursive: true });
for (const file of values.copy)
  copyFileSync(join(packageDir, file), join(packageDir, OUT_DIR, basename(file)));
console.log(`${manifest.name}: ${values.entry} → ${OUT_DIR}/main.js`);
