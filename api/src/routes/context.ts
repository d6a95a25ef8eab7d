import type { Config } from '../config.js';
import type { Db } from '../db/db.js';
import type { Mailer } from '../mail/outbox.js';

/** What every route module receives. */
export interface RouteContext {
  db: Db;
  config: Config;
  mailer: Mailer;
}
