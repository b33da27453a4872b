import type pg from 'pg';
import type { Db } from '../db/client.ts';
import { assertMigrated, openPgPool, pgDb } from '../db/pg-client.ts';
import { isTransientStorageError, isUniqueViolation } from '../lib/errors.ts';
import type { AppStore } from './data-store.ts';
import { PgQuotas } from './pg-quotas.ts';
import type { StorePort } from './port.ts';

/** How long a write waits for its venue's lock before it gives up as busy (SQLite's busy_timeout). */
const LOCK_TIMEOUT_MS = 5000;
/** Attempts at a connection and a transaction's start before the failure is the caller's. */
const START_ATTEMPTS = 3;

/**
 * The PostgreSQL adapter of the store port (DESIGN.md "Persistence"), for several instances over
 * one database. Each transaction has a pooled connection of its own, so two venues' writes run
 * side by side; two writes of one venue take turns on the venue's row lock
 * (`SELECT ... FOR UPDATE` on `businesses`), taken first, so what a write reads it may rely on
 * until commit, whichever instance runs the other write: the change log's next version, a slot's
 * free places, the next table number, a client's mutation counter. Under READ COMMITTED each
 * statement sees the commits before it, the lock holder's included.
 *
 * A failure before the work ran (no connection, the lock not had in time) is retried here; a
 * failure inside the work is passed on and, when transient (`classify`), answered 503 so the
 * client runs it again, as SQLite's busy database is.
 */
export class PgPort implements StorePort<Db> {
  /** One query handle per pooled connection, built once: `perDb` statements are kept per handle. */
  private readonly handles = new WeakMap<pg.PoolClient, Db>();
  private readonly clients = new WeakMap<Db, pg.PoolClient>();

  private readonly lockTimeout: string;

  constructor(
    private readonly pool: pg.Pool,
    lockTimeoutMs = LOCK_TIMEOUT_MS,
  ) {
    this.lockTimeout = `${Math.round(lockTimeoutMs)}ms`;
  }

  read<T>(work: (tx: Db) => T | Promise<T>): Promise<T> {
    // One snapshot for the whole read, whatever it awaits.
    return this.transaction(() => 'BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY', work);
  }

  writeVenue<T>(venueId: string, work: (tx: Db) => T | Promise<T>): Promise<T> {
    // One round trip: the transaction, its lock timeout and the venue's lock. A venue not written
    // yet (a sign-up creating it) has no row to lock and no one else who knows its id.
    return this.transaction(
      (client) =>
        `BEGIN; SET LOCAL lock_timeout = '${this.lockTimeout}'; ` +
        `SELECT 1 FROM businesses WHERE id = ${client.escapeLiteral(venueId)} FOR UPDATE`,
      work,
    );
  }

  async writeAccount<T>(work: (tx: Db) => T | Promise<T>): Promise<T> {
    const begin = () => `BEGIN; SET LOCAL lock_timeout = '${this.lockTimeout}'`;
    try {
      return await this.transaction(begin, work);
    } catch (err) {
      // Lost a race on a unique key (one account an address) to a transaction that committed
      // meanwhile: the rerun meets the winner's row and answers as if it had come second.
      if (!isUniqueViolation(err)) throw err;
      return this.transaction(begin, work);
    }
  }

  async savepoint<T>(tx: Db, work: () => T | Promise<T>): Promise<T> {
    const client = this.clients.get(tx);
    if (!client) throw new Error('savepoint outside a transaction of this port');
    // Not awaited: pipelined with the work's first statement (a failure here fails that one too).
    const opened = client.query('SAVEPOINT unit');
    opened.catch(() => undefined);
    try {
      const value = await work();
      await opened;
      // Pipelined with what follows the unit; its failure aborts the transaction, so COMMIT tells.
      client.query('RELEASE SAVEPOINT unit').catch(() => undefined);
      return value;
    } catch (err) {
      // PostgreSQL refuses every statement of a transaction after a failed one until this.
      await client.query('ROLLBACK TO SAVEPOINT unit; RELEASE SAVEPOINT unit');
      throw err;
    }
  }

  classify(err: unknown): 'transient' | 'permanent' {
    return isTransientStorageError(err) ? 'transient' : 'permanent';
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private handleOf(client: pg.PoolClient): Db {
    let db = this.handles.get(client);
    if (!db) {
      db = pgDb(client);
      this.handles.set(client, db);
      this.clients.set(db, client);
    }
    return db;
  }

  /** A connection with the transaction begun (`begin` may escape values with the client's quoting). */
  private async start(begin: (client: pg.PoolClient) => string): Promise<pg.PoolClient> {
    for (let attempt = 1; ; attempt++) {
      let client: pg.PoolClient | undefined;
      try {
        client = await this.pool.connect();
        await client.query(begin(client));
        return client;
      } catch (err) {
        if (client) await this.end(client, err);
        if (attempt >= START_ATTEMPTS || !isTransientStorageError(err)) throw err;
        await new Promise((resolve) => setTimeout(resolve, 20 * attempt));
      }
    }
  }

  private async transaction<T>(
    begin: (client: pg.PoolClient) => string,
    work: (tx: Db) => T | Promise<T>,
  ): Promise<T> {
    const client = await this.start(begin);
    let value: T;
    try {
      value = await work(this.handleOf(client));
    } catch (err) {
      await this.end(client, err);
      throw err;
    }
    try {
      // A transaction a failed statement aborted answers COMMIT with ROLLBACK, not an error: a
      // pipelined statement nobody awaited (a savepoint's release) must not pass unseen.
      const ended = await client.query('COMMIT');
      if (ended.command === 'ROLLBACK') throw new Error('the transaction was rolled back at commit');
    } catch (err) {
      await this.end(client, err);
      throw err;
    }
    client.release();
    return value;
  }

  /**
   * Ends a failed transaction and gives the connection back; a connection that cannot even roll
   * back is broken, and the pool drops it instead of lending it again.
   */
  private async end(client: pg.PoolClient, cause: unknown): Promise<void> {
    try {
      await client.query('ROLLBACK');
      client.release();
    } catch {
      client.release(cause instanceof Error ? cause : new Error('transaction failed'));
    }
  }
}

/** Opens the hosted store: a pool over `url` and its port, once it found the database migrated (`npm run migrate`). */
export async function openPgStore(
  url: string,
  options: { poolMax: number; lockTimeoutMs?: number },
): Promise<AppStore> {
  const pool = openPgPool(url, { max: options.poolMax });
  try {
    await assertMigrated(pool);
  } catch (err) {
    await pool.end();
    throw err;
  }
  const port = new PgPort(pool, options.lockTimeoutMs);
  return {
    dialect: 'postgres',
    port,
    db: pgDb(pool),
    close: () => port.close(),
    get sqlite(): never {
      throw new Error('the SQLite connection was asked of a PostgreSQL store');
    },
    checkpointer: null,
    sharedQuotas: (nowMs) => new PgQuotas(pool, nowMs),
  };
}
