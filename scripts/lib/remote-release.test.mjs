import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import {
  describeReleases,
  promoted,
  readRemotesFile,
  withCanary,
  writeRemotesFile,
} from './remote-release.mjs';

const CANARY = 'http://canary.example/billing/mf-manifest.json';

test('should write a canary and its share beside the stable URLs, and promote it', () => {
  const file = join(mkdtempSync(join(tmpdir(), 'remote-release-')), 'remotes.json');
  writeRemotesFile(file, withCanary(readRemotesFile(file), 'remote-billing', CANARY, '10'));
  assert.deepEqual(readRemotesFile(file), { CANARY_BILLING_URL: CANARY, CANARY_BILLING_PERCENT: 10 });
  writeRemotesFile(file, promoted(readRemotesFile(file), 'billing'));
  assert.deepEqual(readRemotesFile(file), { REMOTE_BILLING_URL: CANARY });
});

test('should refuse an unknown remote, a bad share, a URL that is not one, and a promotion without canary', () => {
  assert.throws(() => withCanary({}, 'remote-payroll', CANARY, '10'), /not a remote: one of remote-account/);
  assert.throws(
    () => withCanary({}, 'billing', CANARY, '101'),
    /--percent must be a whole number from 0 to 100/,
  );
  assert.throws(() => withCanary({}, 'billing', CANARY, '5.5'), /--percent/);
  assert.throws(() => withCanary({}, 'billing', 'file:///etc/passwd', '5'), /not an http\(s\) URL/);
  assert.throws(() => promoted({}, 'billing'), /has no canary in the remotes file to promote/);
});

test('should describe each release with its figures and a rollback', () => {
  const release = (url, views, errors) => ({
    url,
    release: '0.2.0',
    pageViews: views,
    errors,
    lcpP75Ms: 1200,
    inpP75Ms: null,
  });
  const text = describeReleases({
    windowSeconds: 300,
    remotes: [
      {
        remote: 'billing',
        stable: release('http://stable/mf-manifest.json', 80, 0),
        canary: { ...release(CANARY, 50, 50), percent: 10 },
        rollback: { at: '2026-11-26T14:00:00.000Z', reason: 'Errors per page view: 100.0%' },
      },
    ],
  });
  assert.match(
    text,
    /stable 0\.2\.0 http:\/\/stable\/mf-manifest\.json: 80 views, 0 errors, LCP p75 1200 ms/,
  );
  assert.match(text, /canary 0\.2\.0 .* \(10%\): 50 views, 50 errors/);
  assert.match(text, /ROLLED BACK at 2026-11-26T14:00:00\.000Z: Errors per page view: 100\.0%/);
});
