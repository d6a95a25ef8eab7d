// Lint enforces the import rules of the design: a remote imports only @portal/shared and
// libraries; the host reaches remotes only through Module Federation; @portal/shared imports
// no app; the api may import @portal/shared's pure modules only; inside a remote, a feature imports
// another only through that feature's index.ts.
import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The host, every remote (the portal's own and any made by `pnpm create-remote`), and the api.
const remoteFolders = fs
  .readdirSync(import.meta.dirname, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && /^remote-[a-z][a-z0-9]+$/.test(entry.name))
  .map(({ name }) => name)
  .sort();
const apps = ['host', ...remoteFolders, 'api'];
const otherApps = (self) => apps.filter((app) => app !== self);
// A package name (`host`, `host/x`) or a path into an app's folder (`../../host/src/x`).
const appImportRegex = (names) => `^(${names.join('|')})(/.*)?$|(^|/)(${names.join('|')})/(src|server)/`;
// react-router is shared through @portal/shared/router only: one router context on the page, and
// only what the apps use is bundled (a second import path would share or bundle it whole again).
const ROUTER_MODULE = 'shared/src/routing/router.ts';
const routerBan = {
  regex: '^react-router(-dom)?(/.*)?$',
  message: "Import react-router from '@portal/shared/router' (add what is missing there).",
};
// react-i18next likewise through @portal/shared/react-i18next only: one i18n context, tree-shaken.
const REACT_I18NEXT_MODULE = 'shared/src/i18n/react-i18next.ts';
const reactI18nextBan = {
  regex: '^react-i18next(/.*)?$',
  message: "Import react-i18next from '@portal/shared/react-i18next' (add what is missing there).",
};
// urql and @urql/core likewise through @portal/shared/urql only: one urql context, tree-shaken.
const URQL_MODULE = 'shared/src/content/urql.ts';
const urqlBan = {
  regex: '^(urql|@urql/core)(/.*)?$',
  message: "Import urql and @urql/core from '@portal/shared/urql' (add what is missing there).",
};
const appImportBan = (self) => ({
  patterns: [
    {
      // Relative paths are matched on the app's own folder (`../../host/src/x`), never on a bare
      // `../api/...`: every feature keeps its requests in a folder named api/.
      regex: appImportRegex(otherApps(self)),
      message: 'An app never imports another app: go through @portal/shared or Module Federation.',
    },
    routerBan,
    reactI18nextBan,
    urqlBan,
  ],
});
const sharedImportBan = (...extraPatterns) => ({
  patterns: [
    { regex: appImportRegex(apps), message: 'The shared packages import no app.' },
    ...extraPatterns,
  ],
});

// A remote's features (src/features/<name>/) meet only at each other's index.ts, the feature's public
// face: what is behind it may move or change without the other features knowing (docs/design.md).
const remotes = remoteFolders;
const featureZones = (app) => {
  const root = `${app}/src/features`;
  const folder = path.join(import.meta.dirname, root);
  if (!fs.existsSync(folder)) return [];
  return fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `${root}/${name}/**`,
      from: `${root}/!(${name})/**`,
      except: [`**/${root}/*/index.ts`],
      message: 'A feature imports another only through its index.ts (add what it needs there).',
    }));
};

// The shared code in layers, each a package importing only from the packages below it (docs/design.md):
// the contract (wire shapes, validation rules, domain rules: pure, usable by the api), the browser's
// runtime (@portal/shared: the auth store, http, i18n, routing, content client, shared as one
// Module Federation singleton), the UI kit, the server parts (remotes' and host's servers, the frame
// renderer) and the test helpers. A package's tests may use the test helpers.
const SHARED_PACKAGES = [
  ['@portal/contract', 'packages/contract'],
  ['@portal/shared', 'shared'],
  ['@portal/ui', 'packages/ui'],
  ['@portal/server', 'packages/server'],
  ['@portal/testing', 'packages/testing'],
];
const SHARED_FOLDERS = SHARED_PACKAGES.map(([, folder]) => folder);
const layerBan = (index) =>
  SHARED_PACKAGES.slice(index + 1).map(([name]) => ({
    regex: `^${name.replace('/', '\\/')}(/.*)?$`,
    message: `${SHARED_PACKAGES[index]?.[0]} imports nothing from a layer above it (${name}).`,
  }));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-server/**',
      '**/coverage/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '**/.release-check/**',
      'packages/contract/src/wire/openapi.ts',
      '**/@mf-types/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-default-export': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
  },
  ...apps.map((app) => ({
    files: [`${app}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', appImportBan(app)] },
  })),
  {
    files: remotes.map((app) => `${app}/src/features/**/*.{ts,tsx}`),
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: remotes.flatMap(featureZones) },
      ],
    },
  },
  ...SHARED_PACKAGES.map(([, folder], index) => ({
    files: [`${folder}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        sharedImportBan(routerBan, reactI18nextBan, urqlBan, ...layerBan(index)),
      ],
    },
  })),
  ...SHARED_PACKAGES.map(([, folder], index) => ({
    // Tests may use the test helpers of the layer above.
    files: [`${folder}/**/*.test.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        sharedImportBan(
          routerBan,
          reactI18nextBan,
          urqlBan,
          ...layerBan(index).filter((ban) => !ban.regex.includes('testing')),
        ),
      ],
    },
  })),
  {
    files: SHARED_FOLDERS.map((folder) => `${folder}/src/**/*.{ts,tsx}`),
    rules: {
      // No file imports one that imports it back, however far round.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
    settings: {
      'import-x/resolver': { typescript: true, node: true },
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
  },
  {
    files: [ROUTER_MODULE],
    rules: { 'no-restricted-imports': ['error', sharedImportBan(reactI18nextBan, urqlBan)] },
  },
  {
    files: [REACT_I18NEXT_MODULE],
    rules: { 'no-restricted-imports': ['error', sharedImportBan(routerBan, urqlBan)] },
  },
  {
    files: [URQL_MODULE],
    rules: { 'no-restricted-imports': ['error', sharedImportBan(routerBan, reactI18nextBan)] },
  },
  {
    // The reference backend may use the contract's pure modules and the servers' parts, never React code.
    files: ['api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...appImportBan('api'),
          paths: [
            {
              name: '@portal/shared',
              message: 'Import a pure module: @portal/contract/validation, /domain or /wire.',
            },
            {
              name: '@portal/ui',
              message: 'The UI kit is React code: import a pure module of @portal/contract.',
            },
          ],
        },
      ],
    },
  },
  {
    // Config files and the React.lazy adapters are where default exports are expected.
    files: ['**/*.config.{js,mjs,cjs,ts}', '**/configs/**', 'eslint.config.mjs', 'e2e/**'],
    rules: { 'import-x/no-default-export': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
