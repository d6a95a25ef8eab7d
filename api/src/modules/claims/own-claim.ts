import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { requirePrincipal } from '../../auth/session.js';
import type { Db } from '../../db/db.js';
import { errors } from '../../errors.js';
import * as store from './store.js';

/** A claim's number; anything else is never looked up. */
export const CLAIM_NUMBER = /^CLM-\d{4}-[0-9A-F]{8}$/;

/** The principal's own claim; the number is checked before any query. 404 unknown, 403 someone else's. */
export async function ownClaim(
  db: Db,
  config: Config,
  request: FastifyRequest<{ Params: { claimNumber: string } }>,
): Promise<store.ClaimRow> {
  const principal = await requirePrincipal(db, config, request);
  if (!CLAIM_NUMBER.test(request.params.claimNumber)) throw errors.notFound('Claim');
  const row = await store.findClaim(db, request.params.claimNumber);
  if (!row) throw errors.notFound('Claim');
  if (row.profile_id !== principal.profileId) throw errors.forbidden();
  return row;
}
