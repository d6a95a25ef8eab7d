import type { Config } from '../config.js';
import type { Db } from '../db/db.js';

/** What every route module receives. */
export interface RouteContext {
  db: Db;
  config: Config;
}
