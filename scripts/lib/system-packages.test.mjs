// The packages installed ahead (system-packages.mjs): only what the selected stages will look for
// and the machine lacks, so that a machine with everything runs no apt-get at all.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { machineTools, missingPackages } from './system-packages.mjs';

const ALL_STAGES = ['pnpm', 'install', 'lint', 'typecheck', 'unit', 'postgres', 'replicas', 'build'];
const LATER = ['compose', 'images', 'e2e', 'engines', 'releases'];
const bare = {
  postgres: false,
  chromium: false,
  compose: false,
  promtool: false,
  engines: { webkit: false, firefox: false },
};

describe('missingPackages', () => {
  it('lists every package of a bare machine for a whole run, promtool without its recommends', () => {
    assert.deepEqual(missingPackages(bare, [...ALL_STAGES, ...LATER]), {
      withRecommends: [
        'postgresql',
        'chromium',
        'docker-compose',
        'webkit2gtk-driver',
        'xvfb',
        'firefox-esr',
      ],
      withoutRecommends: ['prometheus'],
    });
  });

  it('lists only what the selected stages need', () => {
    assert.deepEqual(missingPackages(bare, ['lint', 'e2e']), {
      withRecommends: ['chromium'],
      withoutRecommends: [],
    });
    assert.deepEqual(missingPackages(bare, ['replicas']), {
      withRecommends: ['postgresql'],
      withoutRecommends: [],
    });
    assert.deepEqual(missingPackages(bare, ['lint', 'typecheck', 'unit']), {
      withRecommends: [],
      withoutRecommends: [],
    });
  });

  it('lists nothing that the machine has', () => {
    const equipped = {
      postgres: true,
      chromium: true,
      compose: true,
      promtool: true,
      engines: { webkit: true, firefox: false },
    };
    assert.deepEqual(missingPackages(equipped, [...ALL_STAGES, ...LATER]), {
      withRecommends: ['firefox-esr'],
      withoutRecommends: [],
    });
  });
});

describe('machineTools', () => {
  it('takes a Chromium named by CHROMIUM_PATH when that file exists, and a database URL as PostgreSQL', () => {
    const tools = machineTools(
      { CHROMIUM_PATH: '/opt/my-chromium', TEST_DATABASE_URL: 'postgres://db/x' },
      (path) => path === '/opt/my-chromium',
    );
    assert.equal(tools.chromium, true);
    assert.equal(tools.postgres, true);
    assert.equal(machineTools({ CHROMIUM_PATH: '/opt/gone' }, () => false).chromium, false);
  });
});
