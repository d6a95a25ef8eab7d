// The engines stage must never pass an engine it could not find: what is missing is named, and the
// paths it found are the ones the journeys are told to use.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { locateEngines } from './engines.mjs';

const VARIABLES = ['WEBKIT_DRIVER', 'WEBKIT_BROWSER', 'XVFB_RUN', 'FIREFOX_BINARY'];

function withEnv(values, body) {
  const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
  Object.assign(process.env, values);
  try {
    return body();
  } finally {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  }
}

test('should hand the journeys the paths it found when every file is there', () => {
  const folder = mkdtempSync(join(tmpdir(), 'engines-test-'));
  try {
    const paths = Object.fromEntries(
      VARIABLES.map((name) => {
        const path = join(folder, name);
        writeFileSync(path, '');
        return [name, path];
      }),
    );
    const engines = withEnv(paths, () => locateEngines());
    assert.deepEqual(
      engines.map((entry) => [entry.engine, entry.missing]),
      [
        ['webkit', []],
        ['firefox', []],
      ],
    );
    assert.deepEqual(engines[0].env, {
      WEBKIT_DRIVER: paths.WEBKIT_DRIVER,
      XVFB_RUN: paths.XVFB_RUN,
      WEBKIT_BROWSER: paths.WEBKIT_BROWSER,
    });
    assert.deepEqual(engines[1].env, { FIREFOX_BINARY: paths.FIREFOX_BINARY });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('should name each missing file, so the stage skips that engine instead of passing it', () => {
  const gone = join(tmpdir(), 'engines-test-nothing-here');
  const engines = withEnv(
    { WEBKIT_DRIVER: `${gone}/driver`, XVFB_RUN: `${gone}/xvfb-run`, FIREFOX_BINARY: `${gone}/firefox` },
    () => locateEngines(),
  );
  const missing = Object.fromEntries(engines.map((entry) => [entry.engine, entry.missing]));
  assert.ok(missing.webkit.includes(`${gone}/driver`));
  assert.ok(missing.webkit.includes(`${gone}/xvfb-run`));
  assert.deepEqual(missing.firefox, [`${gone}/firefox`]);
});
