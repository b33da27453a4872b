import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Db } from './client.ts';

/*
 * The PostgreSQL connection of the hosted store (DESIGN.md "Persistence"): a pool, the query
 * handle over one of its connections, and the migrations of `drizzle-pg/`.
 */

// Every int8 the store holds (epoch ms, cents, versions, the change log's sequence) stays far
// below 2^53, and the repositories read numbers, as SQLite hands them: parse int8, and numeric
// (what sum() of int8 gives), as numbers. drizzle's node-postgres driver reads pg's own parser
// table, so this is where it must be set.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value: string) => Number(value));

/** Resolved from this file, not the working directory, so any start folder works. */
export const pgMigrationsFolder = fileURLToPath(new URL('../../drizzle-pg', import.meta.url));

export interface PoolOptions {
  /** Connections this instance may hold (PG_POOL_MAX); all instances together stay under the server's max_connections. */
  max: number;
  /** How long a transaction may sit with no statement running before PostgreSQL ends it (`IDLE_IN_TRANSACTION_MS`). */
  idleInTransactionMs?: number;
}

/**
 * A transaction here never waits on anything but its own statements and a little JavaScript, so
 * one idle this long belongs to an instance that stalled while holding it: frozen, cut off from
 * the database by the network, or stuck on a bug. PostgreSQL then ends its session, which frees
 * the venue's row lock for the other instances (whose writes would otherwise answer 503 until
 * TCP noticed, hours later); the stalled request fails transient if it ever wakes.
 */
export const IDLE_IN_TRANSACTION_MS = 15_000;
/** TCP keepalive on every connection: a database host that vanished is noticed in seconds, not hours. */
const KEEPALIVE_DELAY_MS = 10_000;

export function openPgPool(url: string, options: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max,
    // A server that does not answer is a transient failure (503, the client retries), not a hang.
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
    idle_in_transaction_session_timeout: options.idleInTransactionMs ?? IDLE_IN_TRANSACTION_MS,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
    application_name: 'comanda',
    // Statements sent without waiting for the one before (a transaction's BEGIN, a mutation's independent
    // inserts) share one round trip; a transaction holding a venue's lock ends that much sooner.
    pipeline: true,
  });
  // A connection the server ends while it sits idle in the pool (PostgreSQL restarting, a
  // failover, an administrator) errors here: the pool drops it and the next request opens a new
  // one. Unheard, the error would end the whole process.
  pool.on('error', () => {});
  pool.on('connect', (client) => {
    // A connection the server ends while it is lent out, between two statements of a request,
    // errors on the client itself: pg-pool listens only while it sits idle. The statements it owed
    // fail on their own (transient: 503, the client retries), and the pool drops it when it comes
    // back unqueryable; unheard, the error would end the whole process.
    client.on('error', () => {});
    coalesceWrites(client);
  });
  return pool;
}

/**
 * Statements a connection is given in one tick go out in one socket write. pg writes each
 * statement on its own (a `writev` per statement, even pipelined), and each write is a system
 * call and a wake-up of the database's process: socket writes were the largest single item of
 * the server's profile under the order bench. Corking the socket at the tick's first statement
 * and uncorking it on `nextTick` (before any I/O is waited for) sends them together; PostgreSQL
 * still reads and answers them one by one, in order.
 */
function coalesceWrites(client: pg.PoolClient): void {
  // `connection.stream` is the client's socket: pg's own code corks it per statement the same way.
  const stream = (client as unknown as { connection?: { stream?: Partial<Writable> } }).connection?.stream;
  if (!stream?.cork || !stream.uncork) return;
  const cork = stream.cork.bind(stream);
  const uncork = stream.uncork.bind(stream);
  const query = client.query;
  let corked = false;
  const uncorkAtTickEnd = () => {
    corked = false;
    uncork();
  };
  // pg's query has a dozen overloads; the arguments pass through unchanged.
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    if (!corked) {
      corked = true;
      cork();
      process.nextTick(uncorkAtTickEnd);
    }
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof client.query;
}

/**
 * The query handle over one connection (or the pool): drizzle's PostgreSQL database, seen as the
 * `Db` every repository takes. The tables it is given are the PostgreSQL twins (`schema.ts`), so
 * the builder queries are PostgreSQL's; only their static type is the SQLite view's.
 */
export const pgDb = (client: pg.Pool | pg.PoolClient): Db => drizzle({ client }) as unknown as Db;

/**
 * Refuses to serve a database the committed migrations have not all been applied to: instances
 * do not migrate (that is `npm run migrate`, a deploy's own step), and a server on an older
 * schema would fail request by request instead of once, here, with the way out.
 */
export class NotMigratedError extends Error {}

export async function assertMigrated(pool: pg.Pool): Promise<void> {
  const journal = JSON.parse(readFileSync(join(pgMigrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: unknown[];
  };
  const applied = await pool
    .query<{ n: number }>('SELECT count(*) AS n FROM drizzle.__drizzle_migrations')
    .then((r) => Number(r.rows[0]?.n ?? 0))
    .catch(() => 0);
  if (applied < journal.entries.length) {
    throw new NotMigratedError(
      `the PostgreSQL database has ${applied} of ${journal.entries.length} migrations: run \`npm run migrate\` first`,
    );
  }
}

/**
 * Applies the committed migrations of `drizzle-pg/` (`npm run migrate`, DESIGN.md "Hosted"):
 * a step of its own before instances start, so two instances never race to migrate. An advisory
 * lock makes a second migrator wait for the first anyway, then find nothing left to do.
 */
export async function migratePostgres(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url, application_name: 'comanda-migrate' });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock(hashtext($1))', ['comanda-migrate']);
    await migrate(drizzle({ client }), { migrationsFolder: pgMigrationsFolder });
  } finally {
    await client.end();
  }
}
