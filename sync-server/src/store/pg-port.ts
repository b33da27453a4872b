import type pg from 'pg';
import type { Db } from '../db/client.ts';
import { assertMigrated, openPgPool, pgDb } from '../db/pg-client.ts';
import { isTransientStorageError, isUniqueViolation } from '../lib/errors.ts';
import type { AppStore } from './data-store.ts';
import { PgQuotas } from './pg-quotas.ts';
import type { LastWrites, StorePort } from './port.ts';

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
 * A failure to get a connection is retried here; a failure of the transaction (its lock not had
 * in time, a statement's) is passed on and, when transient (`classify`), answered 503 so the
 * client runs it again, as SQLite's busy database is.
 */
export class PgPort implements StorePort<Db> {
  /** One query handle per pooled connection, built once: `perDb` statements are kept per handle. */
  private readonly handles = new WeakMap<pg.PoolClient, Db>();
  /** Read-only transactions whose answer went back before their COMMIT did. */
  private readonly ending = new Set<Promise<void>>();

  private readonly lockTimeout: string;

  constructor(
    private readonly pool: pg.Pool,
    lockTimeoutMs = LOCK_TIMEOUT_MS,
  ) {
    this.lockTimeout = `${Math.round(lockTimeoutMs)}ms`;
  }

  /**
   * One snapshot for the whole read, whatever it awaits, in as few round trips as its statements:
   * BEGIN goes out with the first of them, and the answer is handed back without waiting for
   * COMMIT (a read-only transaction has nothing to commit; the connection goes back to the pool
   * once it ended). A read of one statement costs one round trip, not three.
   */
  read<T>(work: (tx: Db) => T | Promise<T>): Promise<T> {
    return this.transaction(() => 'BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY', work, false);
  }

  async lookup<T>(work: (tx: Db) => T | Promise<T>): Promise<T> {
    const client = await this.connect();
    try {
      const value = await work(this.handleOf(client));
      client.release();
      return value;
    } catch (err) {
      // A statement's own failure leaves the connection fit to lend again; a broken one is dropped.
      client.release(isTransientStorageError(err) && err instanceof Error ? err : undefined);
      throw err;
    }
  }

  writeVenue<T>(venueId: string, work: (tx: Db, last: LastWrites) => T | Promise<T>): Promise<T> {
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

  classify(err: unknown): 'transient' | 'permanent' {
    return isTransientStorageError(err) ? 'transient' : 'permanent';
  }

  async close(): Promise<void> {
    await Promise.all(this.ending);
    await this.pool.end();
  }

  private handleOf(client: pg.PoolClient): Db {
    let db = this.handles.get(client);
    if (!db) {
      db = pgDb(client);
      this.handles.set(client, db);
    }
    return db;
  }

  /** A pooled connection; a failure to get one (the server restarting, full) is retried here. */
  private async connect(): Promise<pg.PoolClient> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.pool.connect();
      } catch (err) {
        if (attempt >= START_ATTEMPTS || !isTransientStorageError(err)) throw err;
        await pause(attempt);
      }
    }
  }

  /**
   * Runs `work` in a transaction begun by `begin` (which may escape values with the client's
   * quoting). BEGIN, and a write's lock, go out pipelined with the work's first statement rather
   * than a round trip ahead of it: PostgreSQL runs them in order, so the work still starts inside
   * the transaction and after the lock; a venue's writes take turns for as many round trips less.
   * When BEGIN or the lock failed (a lock timeout), the statements after it fail for it, and its
   * error is the one passed on (transient: 503, the client retries).
   * The work's last writes (`LastWrites`) carry COMMIT behind them, a round trip less again;
   * otherwise COMMIT follows the work.
   * `commit: false` (a read-only transaction) hands the answer back without waiting for the end.
   */
  private async transaction<T>(
    begin: (client: pg.PoolClient) => string,
    work: (tx: Db, last: LastWrites) => T | Promise<T>,
    commit = true,
  ): Promise<T> {
    const client = await this.connect();
    const begun = client.query(begin(client));
    let beginError: unknown;
    begun.catch((err: unknown) => {
      beginError = err;
    });
    let committing: Promise<pg.QueryResult> | null = null;
    const last: LastWrites = async (writes) => {
      if (committing) throw new Error('a transaction sends its last writes once');
      const written = writes();
      // COMMIT follows every statement `writes` started, whatever promise steps drizzle takes
      // before handing one to pg (a prepared statement none, `db.execute` a few): a nextTick
      // callback queued now runs once the promise jobs queued now, and those they queue, all ran.
      committing = new Promise<pg.QueryResult>((resolve, reject) => {
        process.nextTick(() => client.query('COMMIT').then(resolve, reject));
      });
      // Both settle before the work goes on: nothing else is in flight on the connection after.
      const [result, ended] = await Promise.allSettled([written, committing]);
      if (result.status === 'rejected') throw result.reason;
      if (ended.status === 'rejected') throw ended.reason;
      assertCommitted(ended.value);
      return result.value;
    };
    // A work awaiting anything but its statements would not hear its connection end (PostgreSQL
    // ending an idle transaction, a failover): the transaction fails then, whatever the work
    // awaits, and the connection goes back to the pool to be dropped, never lent out for good.
    const lost = connectionLost(client);
    let value: T;
    try {
      value = await Promise.race([work(this.handleOf(client), last), lost.promise]);
      await begun;
      // A work that did not wait for its last writes still has its commit judged here.
      if (committing) assertCommitted(await committing);
    } catch (err) {
      await begun.catch(() => undefined);
      const cause = beginError ?? err;
      // After a COMMIT that went through, this ROLLBACK only draws a warning: the error is still
      // the caller's, as `LastWrites` says.
      await this.end(client, cause);
      throw cause;
    } finally {
      lost.stop();
    }
    if (committing) {
      client.release();
      return value;
    }
    if (!commit) {
      const ended = client.query('COMMIT').then(
        () => client.release(),
        (err: unknown) => client.release(err instanceof Error ? err : new Error('read not ended')),
      );
      // `close` waits for it: the pool ends with no connection still lent out.
      this.ending.add(ended);
      void ended.finally(() => this.ending.delete(ended));
      return value;
    }
    try {
      assertCommitted(await client.query('COMMIT'));
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

/** Rejects when `client`'s connection fails or ends, until `stop` (a settled transaction). */
function connectionLost(client: pg.PoolClient): { promise: Promise<never>; stop(): void } {
  let stop = () => {};
  const promise = new Promise<never>((_, reject) => {
    const onError = (err: unknown) => reject(err);
    const onEnd = () => reject(new Error('Connection terminated while the transaction was open'));
    client.once('error', onError);
    client.once('end', onEnd);
    stop = () => {
      client.off('error', onError);
      client.off('end', onEnd);
    };
  });
  // Met by the race; after it, a late failure is nobody's.
  promise.catch(() => undefined);
  return { promise, stop };
}

/**
 * A transaction a failed statement aborted answers COMMIT with ROLLBACK, not an error: a pipelined
 * statement nobody awaited must not pass unseen.
 */
function assertCommitted(ended: pg.QueryResult): void {
  if (ended.command === 'ROLLBACK') throw new Error('the transaction was rolled back at commit');
}

const pause = (attempt: number) => new Promise((resolve) => setTimeout(resolve, 20 * attempt));

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
