import { subHours, subMinutes } from 'date-fns';
import type { Db } from '../db/db.js';
import { describeUserAgent } from './browsers.js';
import { SESSION_IDLE_MINUTES, SESSION_MAX_HOURS } from './session.js';

/** One open session as Profile lists it ("Where am I logged in"). */
export interface OpenSession {
  id: string;
  browser: string | null;
  system: string | null;
  country: string | null;
  createdAt: string;
  lastUsedAt: string;
  current: boolean;
}

interface SessionRow {
  public_id: string;
  user_agent: string | null;
  country: string | null;
  created_at: Date | string;
  last_seen: Date | string;
  current: boolean;
}

/** The student's live sessions, the most recently used first; `currentId` is the caller's own. */
export async function listOpenSessions(
  db: Db,
  accountId: string,
  currentId: string,
  now: Date,
): Promise<OpenSession[]> {
  const rows = await db.query<SessionRow>(
    `SELECT public_id, user_agent, country, created_at, last_seen, id = $2 AS current FROM sessions
     WHERE account_id = $1 AND last_seen > $3 AND created_at > $4 ORDER BY last_seen DESC, created_at DESC`,
    [accountId, currentId, subMinutes(now, SESSION_IDLE_MINUTES), subHours(now, SESSION_MAX_HOURS)],
  );
  return rows.map((row) => ({
    id: row.public_id,
    ...describeUserAgent(row.user_agent),
    country: row.country,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: new Date(row.last_seen).toISOString(),
    current: row.current,
  }));
}
