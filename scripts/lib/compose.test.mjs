import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  PROMETHEUS_MARKER,
  checkApiReplicas,
  checkDatabaseUrl,
  prometheusConfigOf,
  publishedPorts,
} from './compose.mjs';

const resolved = (databaseUrl) => `services:
  db:
    environment:
      POSTGRES_DB: portal
      POSTGRES_USER: portal
      POSTGRES_PASSWORD: portal-local-only
  api:
    environment:
      DATABASE_URL: ${databaseUrl}
    ports:
      - 127.0.0.1:8090:8090
`;

test("accepts an api DATABASE_URL that names the db service with the db's credentials", () => {
  checkDatabaseUrl(resolved('postgres://portal:portal-local-only@db:5432/portal'));
});

test('refuses a DATABASE_URL that Compose resolved wrongly or that does not match the db', () => {
  // What docker-compose 1.29 made of a default nested inside another default.
  assert.throws(
    () => checkDatabaseUrl(resolved('postgres://portal:${POSTGRES_PASSWORD:-portal-local-only')),
    /DATABASE_URL/,
  );
  assert.throws(() => checkDatabaseUrl(resolved('postgres://portal:other@db:5432/portal')), /password/);
  assert.throws(
    () => checkDatabaseUrl(resolved('postgres://portal:portal-local-only@localhost:5432/portal')),
    /hostname/,
  );
});

test('reads published ports in the short form', () => {
  assert.deepEqual(publishedPorts(resolved('x')).api, ['127.0.0.1:8090:8090']);
});

test('wants the api as one scaled service behind the host, and what answers to its name on its database', () => {
  const stack = (origins, extra = '') => `services:
  api:
    environment:
      DATABASE_URL: postgres://db/portal
${extra}
  host:
    environment:
      API_ORIGIN: ${origins}
`;
  const demo = (url) => `  api-demo:
    environment:
      DATABASE_URL: ${url}
    networks:
      default:
        aliases: [api]`;
  checkApiReplicas(stack('http://api:8090'));
  checkApiReplicas(stack('http://api:8090', demo('postgres://db/portal')));
  assert.throws(
    () => checkApiReplicas(stack('http://api:8090', demo('postgres://other/portal'))),
    /api-demo/,
  );
  assert.throws(() => checkApiReplicas(stack('http://api-1:8090')), /API_ORIGIN/);
  assert.throws(
    () => checkApiReplicas(stack('http://api:8090,http://api-2:8090', '  api-2:\n    environment: {}')),
    /--scale/,
  );
});

test('finds the scrape config after its marker in the operations page', () => {
  const page = `# Ops\n\n${PROMETHEUS_MARKER}\n\n\`\`\`yaml\nscrape_configs: []\n\`\`\`\n`;
  assert.equal(prometheusConfigOf(page), 'scrape_configs: []\n');
  assert.throws(() => prometheusConfigOf('# Ops'), /yaml block/);
});
