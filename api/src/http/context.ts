import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import type { Mailer } from '../mail/outbox.js';

/** What every route module receives. */
export interface RouteContext {
  db: Db;
  config: Config;
  mailer: Mailer;
  /** Whether this process still takes new requests: false once it is shutting down. */
  readiness: Readiness;
}

/** See {@link RouteContext.readiness}; `/readyz` answers 503 once `ready` is false. */
export interface Readiness {
  ready: boolean;
}
