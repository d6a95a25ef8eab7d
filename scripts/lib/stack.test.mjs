import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { stackServices } from './stack.mjs';

describe('stackServices', () => {
  it('binds every server to this machine only unless HOST says otherwise', async () => {
    const local = await stackServices({ mode: 'start', env: {} });
    assert.equal(local.length, 6);
    for (const service of local) assert.equal(service.env.LISTEN_HOST, '127.0.0.1', service.name);
    const open = await stackServices({ mode: 'start', env: { HOST: '0.0.0.0' } });
    for (const service of open) assert.equal(service.env.LISTEN_HOST, '0.0.0.0', service.name);
  });

  it('gives the host and every remote one frame secret, the same in each call of a run', async () => {
    const secrets = new Set();
    for (let call = 0; call < 2; call += 1)
      for (const service of await stackServices({ mode: 'start', env: {} }))
        if (service.name !== 'api') secrets.add(service.env.FRAME_SECRET);
    assert.equal(secrets.size, 1);
    const [secret] = secrets;
    assert.ok(typeof secret === 'string' && secret.length >= 32);
    const named = await stackServices({ mode: 'start', env: { FRAME_SECRET: 'x'.repeat(40) } });
    assert.ok(
      named.filter((service) => service.name !== 'api').every((s) => s.env.FRAME_SECRET === 'x'.repeat(40)),
    );
  });
});
