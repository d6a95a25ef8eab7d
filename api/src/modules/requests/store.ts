import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db.js';

// The SQL of what visitors send without a login: contact requests and insurance requests, each stored
// as the validated body it came with.

export async function insertContactRequest(db: Db, body: object, at: Date): Promise<void> {
  await db.query('INSERT INTO contact_requests (id, body, created_at) VALUES ($1, $2, $3)', [
    randomUUID(),
    JSON.stringify(body),
    at,
  ]);
}

/** Stores an insurance request under its application number (its confirmation mail goes in the same transaction). */
export async function insertInsuranceRequest(
  db: Db,
  applicationNumber: string,
  body: object,
  at: Date,
): Promise<void> {
  await db.query('INSERT INTO requests (application_number, body, created_at) VALUES ($1, $2, $3)', [
    applicationNumber,
    JSON.stringify(body),
    at,
  ]);
}
