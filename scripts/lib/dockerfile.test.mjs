// The images check reads each Dockerfile's start command, health check and build steps from the file
// itself, so the check and the images cannot drift apart.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { deployCommandOf, imageProblems, runtimeOf, stages } from './dockerfile.mjs';
import { repoRoot } from './paths.mjs';

const PACKAGES = ['api', 'host', 'remote-account', 'remote-insurance', 'remote-billing', 'remote-service'];

// What every Dockerfile looked like before the images were split into stages.
const SINGLE_STAGE = `
# Build from the repository root
FROM node:20-slim
RUN npm install -g pnpm@10.34.8
WORKDIR /portal
COPY . .
RUN pnpm install --frozen-lockfile --filter "host..." && pnpm --filter host build
ENV NODE_ENV=production HOST_PORT=8080 LISTEN_HOST=0.0.0.0
EXPOSE 8080
CMD ["pnpm", "--filter", "host", "start"]
`;

test('should join continued lines and skip comments', () => {
  const text =
    'FROM a AS b\n# note\nRUN pnpm install \\\n  # inside\n  && pnpm --filter x deploy --prod /out\nFROM c\nCMD ["x"]\n';
  const [build, runtime] = stages(text);
  assert.deepEqual([build?.from, build?.name, runtime?.from, runtime?.name], ['a', 'b', 'c', null]);
  assert.deepEqual(deployCommandOf(stages(text)), ['--filter', 'x', 'deploy', '--prod', '/out']);
});

test('should read ENV pairs, quoted values and the legacy form', () => {
  const { env } = runtimeOf('FROM a\nENV A=1 B=/data C="two words"\nENV PORT 8081\nCMD ["x"]\n');
  assert.deepEqual(env, { A: '1', B: '/data', C: 'two words', PORT: '8081' });
  assert.throws(() => runtimeOf('FROM a\nENV A=1 junk\n'), /KEY=value/);
});

test('should read an escape directive, a FROM flag and options over continued lines', () => {
  const text = [
    '# escape=`',
    'FROM --platform=linux/amd64 node:20.20.2-slim AS build',
    'RUN pnpm install `',
    '  && pnpm --filter x deploy --prod /out',
    'FROM node:20.20.2-slim',
    'COPY --from=build /out ./',
    'USER node',
    'HEALTHCHECK --interval=10s `',
    '  CMD ["node", "-e", "1"]',
    'CMD ["node", "main.js"]',
  ].join('\n');
  const runtime = runtimeOf(text);
  assert.deepEqual(
    runtime.stages.map((stage) => [stage.from, stage.name]),
    [
      ['node:20.20.2-slim', 'build'],
      ['node:20.20.2-slim', null],
    ],
  );
  assert.deepEqual(deployCommandOf(runtime.stages), ['--filter', 'x', 'deploy', '--prod', '/out']);
  assert.deepEqual(runtime.healthcheck, ['node', '-e', '1']);
  assert.deepEqual(imageProblems(runtime, deployCommandOf(runtime.stages)), []);
});

test('should find every problem of the single-stage image', () => {
  const runtime = runtimeOf(SINGLE_STAGE);
  assert.deepEqual(imageProblems(runtime, deployCommandOf(runtime.stages)), [
    'it has one stage: build and runtime are not separated',
    'no build stage runs "pnpm … deploy --prod"',
    'the runtime stage copies nothing from the build stage',
    'the runtime stage runs as root (no USER)',
    'the runtime stage has no HEALTHCHECK',
    'the stage FROM node:20-slim names no exact Node version',
    'the CMD runs through a tool instead of node: pnpm --filter host start',
  ]);
});

test('should refuse a shell-form CMD', () => {
  assert.throws(() => runtimeOf('FROM a\nCMD node main.js\n'), /exec form/);
});

for (const pkg of PACKAGES) {
  test(`${pkg}/Dockerfile: two stages, deployed with --prod, non-root, health check, compiled start`, () => {
    const runtime = runtimeOf(readFileSync(join(repoRoot, pkg, 'Dockerfile'), 'utf8'));
    const deploy = deployCommandOf(runtime.stages);
    assert.deepEqual(imageProblems(runtime, deploy), []);
    assert.deepEqual(deploy.slice(0, 3), ['--filter', pkg, 'deploy']);
    assert.deepEqual(runtime.cmd, ['node', '--enable-source-maps', 'dist-server/main.js']);
    assert.equal(runtime.user, 'node');
    assert.equal(runtime.env.NODE_ENV, 'production');
    assert.ok(runtime.expose.length === 1, 'one port');
    // The Node the tests run on here is the one the images run (docs/versions.md).
    for (const stage of runtime.stages) assert.equal(stage.from, `node:${process.versions.node}-slim`);
  });
}
