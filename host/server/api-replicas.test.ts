/** @jest-environment node */
import { followApiReplicas, namesReplicas, originAt } from './api-replicas';

/** A pool that only records its upstreams, and how many times they were set. */
function recordingPool() {
  const upstreams = new Set<string>();
  const pool = {
    upstreams,
    changes: 0,
    setUpstreams: (origins: string[]) => {
      upstreams.clear();
      for (const origin of origins) upstreams.add(origin);
      pool.changes += 1;
    },
  };
  return pool;
}

describe('api replicas', () => {
  it('should tell a name to resolve from an address', () => {
    expect(namesReplicas('http://api:8090')).toBe(true);
    expect(namesReplicas('http://10.0.0.5:8090')).toBe(false);
    expect(namesReplicas('http://[::1]:8090')).toBe(false);
    expect(namesReplicas('http://localhost:8090')).toBe(false);
    expect(originAt('http://api:8090', 'fd00::5')).toBe('http://[fd00::5]:8090');
  });

  it('should send to every address of the service name, again after a scale up, and only to ready replicas', async () => {
    const pool = recordingPool();
    let addresses = ['10.0.0.2', '10.0.0.3'];
    const notReady = new Set<string>();
    const replicas = followApiReplicas(pool, ['http://api:8090'], 0, {
      resolve: async (name) => (name === 'api' ? addresses : []),
      isReady: async (origin) => !notReady.has(origin),
    });
    await replicas.refresh();
    expect([...pool.upstreams].sort()).toEqual(['http://10.0.0.2:8090', 'http://10.0.0.3:8090']);

    // The same replicas again: the pool is left as it is (a new set means a new balanced pool).
    const changes = pool.changes;
    await replicas.refresh();
    expect(pool.changes).toBe(changes);

    addresses = ['10.0.0.2', '10.0.0.3', '10.0.0.4'];
    await replicas.refresh();
    expect(replicas.current()).toHaveLength(3);
    expect(pool.upstreams.size).toBe(3);

    // A replica that is shutting down answers /readyz with 503: no new requests for it.
    notReady.add('http://10.0.0.3:8090');
    await replicas.refresh();
    expect([...pool.upstreams].sort()).toEqual(['http://10.0.0.2:8090', 'http://10.0.0.4:8090']);

    // None ready (a whole restart): all found stay, rather than none.
    notReady.add('http://10.0.0.2:8090');
    notReady.add('http://10.0.0.4:8090');
    await replicas.refresh();
    expect(replicas.current()).toHaveLength(3);
    replicas.stop();
  });

  it('should keep the replicas it had while the name does not resolve', async () => {
    const pool = recordingPool();
    let failing = false;
    const replicas = followApiReplicas(pool, ['http://api:8090'], 0, {
      resolve: async () => {
        if (failing) throw new Error('EAI_AGAIN');
        return ['10.0.0.2'];
      },
      isReady: async () => true,
    });
    await replicas.refresh();
    failing = true;
    await replicas.refresh();
    expect([...pool.upstreams]).toEqual(['http://10.0.0.2:8090']);
    replicas.stop();
  });
});
