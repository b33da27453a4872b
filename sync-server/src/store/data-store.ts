import type { Checkpointer } from '../db/checkpointer.ts';
import type { Db, Sqlite } from '../db/client.ts';
import type { StoreDialect } from '../db/dialect.ts';
import type { Quotas } from '../lib/quota.ts';
import type { StorePort } from './port.ts';

/**
 * The store the server holds (`app.store`): its port, the one way production code reads and
 * writes (store/port.ts), on SQLite in a venue's box or PostgreSQL hosted.
 */
export interface DataStore {
  dialect: StoreDialect;
  port: StorePort<Db>;
  /**
   * Drizzle outside any transaction (SQLite's writer connection, PostgreSQL's pool): for tests
   * and tools only. Production code reads through `port.read` and writes through the port.
   */
  db: Db;
  /** Ends the store: the read connection and the file (SQLite), the pool (PostgreSQL). */
  close(): Promise<void>;
}

/**
 * What the server holds: the store, with SQLite's connection and checkpoint worker for the tests
 * and tools that read the file itself. Production code never touches them; on PostgreSQL reading
 * `sqlite` throws, so a test written for SQLite alone fails loudly there instead of passing.
 */
export interface AppStore extends DataStore {
  readonly sqlite: Sqlite;
  readonly checkpointer: Checkpointer | null;
  /**
   * Quotas every instance shares (hosted: PostgreSQL); undefined when one process is the whole
   * server and its memory is enough (SQLite, lib/quota.ts `MemoryQuotas`).
   */
  sharedQuotas?(nowMs: () => number): Quotas;
}
