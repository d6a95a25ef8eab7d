import { test } from 'node:test';
import assert from 'node:assert/strict';
import { checkApiReplicas, checkDatabaseUrl, publishedPorts } from './compose.mjs';

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

test('wants every api replica on the first one’s database and behind the host', () => {
  const stack = (origins, secondUrl = 'postgres://db/portal') => `services:
  api:
    environment:
      DATABASE_URL: postgres://db/portal
  api-2:
    environment:
      DATABASE_URL: ${secondUrl}
  host:
    environment:
      API_ORIGIN: ${origins}
`;
  checkApiReplicas(stack('http://api:8090,http://api-2:8090'), ['api', 'api-2']);
  assert.throws(() => checkApiReplicas(stack('http://api:8090'), ['api', 'api-2']), /api-2/);
  assert.throws(
    () =>
      checkApiReplicas(stack('http://api:8090,http://api-2:8090', 'postgres://other/portal'), [
        'api',
        'api-2',
      ]),
    /DATABASE_URL/,
  );
});
