/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createMetricsRegistry } from './metrics';
import { createStaticServer } from './static-server';

describe('GET /metrics', () => {
  let root: string;

  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'metrics-'));
    fs.writeFileSync(path.join(root, 'remoteEntry.js'), 'var entry;');
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  const serverWith = (opsToken: string | undefined) =>
    createStaticServer({
      root,
      historyFallback: false,
      metrics: { registry: createMetricsRegistry('remote-test'), opsToken },
    });

  it('should not exist without OPS_TOKEN', async () => {
    const app = await serverWith(undefined);
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer x' },
    });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('http_requests_total');
    await app.close();
  });

  it('should answer 401 to a missing or wrong token', async () => {
    const app = await serverWith('the-ops-token');
    for (const headers of [
      {},
      { authorization: 'Bearer the-ops-tokem' },
      { authorization: 'Basic the-ops-token' },
    ]) {
      const response = await app.inject({ method: 'GET', url: '/metrics', headers });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: 'UNAUTHORIZED',
        message: 'The operations token is missing or wrong.',
      });
    }
    await app.close();
  });

  it('should count requests and their latency by route pattern and status, in Prometheus format', async () => {
    const app = await serverWith('the-ops-token');
    await app.inject({ method: 'GET', url: '/remoteEntry.js' });
    await app.inject({ method: 'GET', url: '/no-such-file.js' });
    const response = await app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer the-ops-token' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.body).toMatch(
      /http_requests_total\{method="GET",route="\/\*",status="200",service="remote-test"\} 1/,
    );
    expect(response.body).toMatch(
      /http_requests_total\{method="GET",route="unmatched",status="404",service="remote-test"\} 1/,
    );
    expect(response.body).toMatch(
      /http_request_duration_seconds_count\{service="remote-test",method="GET",route="\/\*",status="200"\} 1/,
    );
    expect(response.body).toContain('process_cpu_seconds_total');
    expect(response.body).not.toContain('no-such-file');
    await app.close();
  });
});
