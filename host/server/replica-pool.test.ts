/** @jest-environment node */
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { BalancedPool } from 'undici';
import { ReplicaPool } from './replica-pool';

/** A replica that answers with its name; `held` keeps each of its answers until `release`. */
async function replica(name: string, held = false) {
  let release = () => undefined as void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const app: FastifyInstance = Fastify();
  const seen: string[] = [];
  app.post('/write', async (request) => {
    seen.push(String(request.body));
    if (held) await gate;
    return { replica: name };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { origin, seen, release, close: () => app.close() };
}

const write = (pool: ReplicaPool, body: string) =>
  pool
    .request({ path: '/write', method: 'POST', headers: { 'content-type': 'text/plain' }, body })
    .then(async (response) => ({ status: response.statusCode, ...((await response.body.json()) as object) }));

const until = async (done: () => boolean) => {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 5));
};

describe('replica pool', () => {
  it('should send every write started after the replicas changed to the new ones, and close the old pool once its write in flight is answered', async () => {
    const leaving = await replica('leaving', true);
    const staying = await replica('staying');
    const pools: BalancedPool[] = [];
    const pool = new ReplicaPool([leaving.origin], (origins) => {
      const created = new BalancedPool(origins);
      pools.push(created);
      return created;
    });

    const inFlight = write(pool, 'before');
    await until(() => leaving.seen.length === 1);
    const [old] = pools;
    const closing = jest.spyOn(old!, 'close');
    pool.setUpstreams([staying.origin]);
    expect(pool.upstreams).toEqual([staying.origin]);
    expect(closing).toHaveBeenCalled();
    let oldClosed = false;
    void (closing.mock.results[0]?.value as Promise<void>).then(() => (oldClosed = true));

    // undici's own balanced pool, with the replica removed from it, refused one of these unsent.
    const answers = [];
    for (let index = 0; index < 20; index += 1) answers.push(await write(pool, `after-${index}`));
    expect(answers).toEqual(Array(20).fill({ status: 200, replica: 'staying' }));
    expect(leaving.seen).toEqual(['before']);
    expect(oldClosed).toBe(false);

    leaving.release();
    await expect(inFlight).resolves.toEqual({ status: 200, replica: 'leaving' });
    await until(() => oldClosed);
    expect(pools).toHaveLength(2);

    // The same replicas again: no new pool.
    pool.setUpstreams([staying.origin]);
    expect(pools).toHaveLength(2);
    await pool.close();
    expect(pools.every((created) => created.closed)).toBe(true);
    await Promise.all([leaving.close(), staying.close()]);
  });

  it('should wait for the writes in flight on an earlier pool when it is closed itself', async () => {
    const leaving = await replica('leaving', true);
    const staying = await replica('staying');
    const pool = new ReplicaPool([leaving.origin]);
    const inFlight = write(pool, 'before');
    await until(() => leaving.seen.length === 1);
    pool.setUpstreams([staying.origin]);

    let closed = false;
    const closing = pool.close().then(() => (closed = true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(closed).toBe(false);
    leaving.release();
    await expect(inFlight).resolves.toEqual({ status: 200, replica: 'leaving' });
    await closing;
    expect(pool.closed).toBe(true);
    // Nothing is sent once closed, and no new pool is opened.
    pool.setUpstreams([leaving.origin]);
    expect(pool.upstreams).toEqual([staying.origin]);
    await expect(write(pool, 'late')).rejects.toMatchObject({
      code: expect.stringMatching(/^UND_ERR_(CLOSED|DESTROYED)$/),
    });
    await Promise.all([leaving.close(), staying.close()]);
  });
});
