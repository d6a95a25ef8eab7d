import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createPgliteDb, migrate } from '../src/db/db.js';

describe('database', () => {
  it('should run the migrations once and record them', async () => {
    const db = await createPgliteDb();
    assert.deepEqual(await migrate(db), ['001_init.sql']);
    assert.deepEqual(await migrate(db), []);
    assert.deepEqual(await db.query('SELECT 1 AS one'), [{ one: 1 }]);
    await db.close();
  });
});
