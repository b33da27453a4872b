import { AppError } from '@comanda/shared-schema';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDatabase, dropDatabase } from '../../test-support/pg/embedded.ts';
import type { Db } from '../db/client.ts';
import { openPgPool } from '../db/pg-client.ts';
import { PgPort } from './pg-port.ts';

/*
 * The PostgreSQL adapter of the store port with real concurrent transactions: each on its own
 * pooled connection, as two instances' would be. (The SQLite adapter's twin: sqlite-port.test.ts.)
 */

const adminUrl = process.env.DATABASE_URL ?? '';
let url = '';
let port: PgPort;
let pool: pg.Pool;

type Exec = { execute(query: ReturnType<typeof sql>): Promise<{ rows: Array<Record<string, unknown>> }> };
const exec = (db: Db, query: ReturnType<typeof sql>) => (db as unknown as Exec).execute(query);
const counterOf = async (db: Db, venue: string) =>
  Number((await exec(db, sql`SELECT n FROM counter WHERE venue = ${venue}`)).rows[0]?.n);

/** Resolves when `held` is released: what a transaction awaits while others try to run. */
function gate(): { wait: Promise<void>; open(): void } {
  let open: () => void = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { wait, open };
}

beforeAll(async () => {
  url = await createDatabase(adminUrl);
  pool = openPgPool(url, { max: 8 });
  port = new PgPort(pool);
  await pool.query(`
    CREATE TABLE counter (venue text PRIMARY KEY, n bigint NOT NULL);
    CREATE TABLE emails (address text PRIMARY KEY, tries bigint NOT NULL DEFAULT 1);
  `);
  await pool.query(`INSERT INTO counter (venue, n) VALUES ('v1', 0), ('v2', 0)`);
});

afterAll(async () => {
  await port.close();
  await dropDatabase(adminUrl, url);
});

describe('the PostgreSQL store port', () => {
  it("serialises two writes of one venue on the venue's row lock: no lost update", async () => {
    await insertVenue('lock-a');
    const increment = () =>
      port.writeVenue('lock-a', async (db) => {
        const n = await counterOf(db, 'v1');
        // Another connection's write could run here, were it not waiting for the lock.
        await new Promise((resolve) => setTimeout(resolve, 20));
        await exec(db, sql`UPDATE counter SET n = ${n + 1} WHERE venue = 'v1'`);
      });
    await Promise.all([increment(), increment(), increment(), increment()]);
    expect(await port.read((db) => counterOf(db, 'v1'))).toBe(4);
  });

  it("runs two venues' writes side by side: one holding its lock does not stop the other", async () => {
    await insertVenue('side-a');
    await insertVenue('side-b');
    const held = gate();
    const entered = gate();
    const first = port.writeVenue('side-a', async () => {
      entered.open();
      await held.wait;
    });
    await entered.wait;
    // Venue b's write commits while venue a's transaction is still open.
    await port.writeVenue('side-b', (db) => exec(db, sql`UPDATE counter SET n = 100 WHERE venue = 'v2'`));
    expect(await port.read((db) => counterOf(db, 'v2'))).toBe(100);
    held.open();
    await first;
  });

  it('a read sees the last commit, never a write in progress, and one snapshot throughout', async () => {
    await insertVenue('snap');
    await port.writeVenue('snap', (db) => exec(db, sql`UPDATE counter SET n = 0 WHERE venue = 'v2'`));
    const held = gate();
    const written = gate();
    const write = port.writeVenue('snap', async (db) => {
      await exec(db, sql`UPDATE counter SET n = 41 WHERE venue = 'v2'`);
      written.open();
      await held.wait;
    });
    await written.wait;
    const reading = port.read(async (db) => {
      const before = await counterOf(db, 'v2');
      held.open();
      await write;
      // Committed meanwhile, but this read keeps the snapshot it started with.
      return [before, await counterOf(db, 'v2')];
    });
    expect(await reading).toEqual([0, 0]);
    expect(await port.read((db) => counterOf(db, 'v2'))).toBe(41);
  });

  it('rolls back a write whose work throws, passes its error on, and the connection goes on', async () => {
    await insertVenue('undo');
    const refusal = new AppError('VALIDATION', 'no');
    await expect(
      port.writeVenue('undo', async (db) => {
        await exec(db, sql`UPDATE counter SET n = 7 WHERE venue = 'v2'`);
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    expect(await port.read((db) => counterOf(db, 'v2'))).toBe(41);
    // Every pooled connection is usable again (none left inside a failed transaction).
    await Promise.all(
      Array.from({ length: 8 }, () => port.writeVenue('undo', (db) => exec(db, sql`SELECT 1`))),
    );
  });

  it('a lookup sends its statement alone, sees what was committed, and leaves its connection usable', async () => {
    await pool.query(`UPDATE counter SET n = 5 WHERE venue = 'v1'`);
    let sent: string[] = [];
    const seen = await port.lookup(async (db) => {
      const spy = spyStatements(db);
      sent = spy.sent;
      try {
        return await counterOf(db, 'v1');
      } finally {
        spy.restore();
      }
    });
    expect(seen).toBe(5);
    // No BEGIN and no COMMIT around it.
    expect(sent).toEqual(['SELECT n FROM counter WHERE venue = $1']);
    // A failed statement does not poison the connection for the next borrower.
    await expect(port.lookup((db) => exec(db, sql`SELECT * FROM no_such_table`))).rejects.toThrow();
    const all = await Promise.all(Array.from({ length: 8 }, () => port.lookup((db) => counterOf(db, 'v1'))));
    expect(all).toEqual(Array(8).fill(5));
  });

  it("sends COMMIT behind a write's last statements, before their answers; a failed one undoes it all", async () => {
    await insertVenue('last');
    await pool.query(`UPDATE counter SET n = 0 WHERE venue = 'v2'`);
    let sentWhenAnswered: string[] = [];
    const value = await port.writeVenue('last', async (db, last) => {
      await exec(db, sql`UPDATE counter SET n = 1 WHERE venue = 'v2'`);
      const spy = spyStatements(db);
      try {
        return await last(async () => {
          await exec(db, sql`UPDATE counter SET n = n + 1 WHERE venue = 'v2'`);
          sentWhenAnswered = [...spy.sent];
          return 'written';
        });
      } finally {
        spy.restore();
      }
    });
    expect(value).toBe('written');
    // COMMIT had gone out before the statement ahead of it was answered: one round trip for both.
    expect(sentWhenAnswered).toEqual(["UPDATE counter SET n = n + 1 WHERE venue = 'v2'", 'COMMIT']);
    expect(await port.read((db) => counterOf(db, 'v2'))).toBe(2);

    // A last statement that fails (a unique key taken): the transaction is rolled back whole and
    // its error passed on, its earlier statements undone too.
    await pool.query(`INSERT INTO emails (address) VALUES ('taken@x.it')`);
    await expect(
      port.writeVenue('last', async (db, last) => {
        await exec(db, sql`UPDATE counter SET n = 50 WHERE venue = 'v2'`);
        return last(() => exec(db, sql`INSERT INTO emails (address) VALUES ('taken@x.it')`));
      }),
    ).rejects.toMatchObject({ cause: { code: '23505' } });
    expect(await port.read((db) => counterOf(db, 'v2'))).toBe(2);
    // Only once: a second set of last writes is a mistake of the work, and nothing is committed.
    await expect(
      port.writeVenue('last', async (db, last) => {
        await last(() => exec(db, sql`UPDATE counter SET n = 60 WHERE venue = 'v2'`));
        await last(() => exec(db, sql`UPDATE counter SET n = 70 WHERE venue = 'v2'`));
      }),
    ).rejects.toThrow('once');
    expect(await port.read((db) => counterOf(db, 'v2'))).toBe(60);
    // Every pooled connection is usable again.
    await Promise.all(
      Array.from({ length: 8 }, () => port.writeVenue('last', (db) => exec(db, sql`SELECT 1`))),
    );
  });

  it('an account write that loses a unique race runs again and meets the winner', async () => {
    let runs = 0;
    const signUp = () =>
      port.writeAccount(async (db) => {
        runs += 1;
        const existing = await exec(db, sql`SELECT tries FROM emails WHERE address = 'a@b.it'`);
        if (existing.rows.length > 0) return 'second';
        await new Promise((resolve) => setTimeout(resolve, 30));
        await exec(db, sql`INSERT INTO emails (address) VALUES ('a@b.it')`);
        return 'first';
      });
    const answers = await Promise.all([signUp(), signUp()]);
    expect(answers.sort()).toEqual(['first', 'second']);
    expect(runs).toBe(3);
  });

  it("passes a lock not had in time on as a transient failure, the work's statements not run", async () => {
    await insertVenue('held');
    const short = new PgPort(pool, 50);
    const holder = await pool.connect();
    try {
      await holder.query(`BEGIN; SELECT 1 FROM businesses WHERE id = 'held' FOR UPDATE`);
      let ran = 0;
      const blocked = short.writeVenue('held', async (db) => {
        await exec(db, sql`UPDATE counter SET n = n + 100 WHERE venue = 'v1'`);
        ran += 1;
      });
      const failure = await blocked.then(
        () => null,
        (err: unknown) => err,
      );
      // The lock's own error (55P03), not the "transaction aborted" of the statement behind it.
      expect((failure as { code?: string } | null)?.code).toBe('55P03');
      expect(short.classify(failure)).toBe('transient');
      expect(ran).toBe(0);
    } finally {
      await holder.query('ROLLBACK');
      holder.release();
    }
    // The connection went back clean: the next write of that venue runs.
    await short.writeVenue('held', (db) => exec(db, sql`SELECT 1`));
  });

  it('outlives its idle connections being ended by the server, and opens new ones', async () => {
    // Unheard, an idle connection's error would end the process (Node's rule for 'error').
    expect(pool.listenerCount('error')).toBe(1);
    await Promise.all(Array.from({ length: 4 }, () => port.read((db) => exec(db, sql`SELECT 1`))));
    const admin = await pool.connect();
    try {
      // As a PostgreSQL restart or a failover would: every other connection of the database ends.
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
    } finally {
      admin.release();
    }
    // The pool dropped each ended connection (the one that ended them is back, idle).
    await vi.waitFor(() => expect(pool.totalCount).toBe(1));
    expect((await port.read((db) => exec(db, sql`SELECT 1 AS one`))).rows).toEqual([{ one: 1 }]);
  });

  it('outlives a connection ended by the server while lent out between two statements: the request fails transient', async () => {
    const held = gate();
    const lent: pg.PoolClient[] = [];
    const onAcquire = (client: pg.PoolClient) => lent.push(client);
    pool.on('acquire', onAcquire);
    let pid = 0;
    const lookup = port.lookup(async (db) => {
      pid = Number((await exec(db, sql`SELECT pg_backend_pid() AS pid`)).rows[0]?.pid);
      await held.wait;
      return exec(db, sql`SELECT 1`);
    });
    await vi.waitFor(() => expect(pid).toBeGreaterThan(0));
    pool.off('acquire', onAcquire);
    await pool.query('SELECT pg_terminate_backend($1)', [pid]);
    // The server's FATAL reached the lent client, no statement of it waiting: an 'error' event
    // (an uncaught exception, had nobody listened; vitest fails the run on one).
    const client = lent[0] as pg.PoolClient & { _queryable?: boolean };
    await vi.waitFor(() => expect(client._queryable).toBe(false));
    held.open();
    const failure = await lookup.then(
      () => null,
      (err: unknown) => err,
    );
    expect(port.classify(failure)).toBe('transient');
    expect((await port.lookup((db) => exec(db, sql`SELECT 2 AS two`))).rows).toEqual([{ two: 2 }]);
  });

  it("ends a transaction left idle by a stalled instance: the venue's lock is freed, the stalled request fails transient", async () => {
    // A pool whose transactions may idle 300 ms (IDLE_IN_TRANSACTION_MS in production).
    const stalledPool = openPgPool(url, { max: 2, idleInTransactionMs: 300 });
    const stalled = new PgPort(stalledPool);
    try {
      await insertVenue('idle');
      await pool.query(`UPDATE counter SET n = 0 WHERE venue = 'v1'`);
      const frozen = gate();
      let locked = false;
      const stuck = stalled.writeVenue('idle', async (db) => {
        await exec(db, sql`UPDATE counter SET n = 100 WHERE venue = 'v1'`);
        locked = true;
        // The instance stalls here, holding the venue's lock, with nothing running.
        await frozen.wait;
        return exec(db, sql`UPDATE counter SET n = n + 1 WHERE venue = 'v1'`);
      });
      const failure = stuck.then(
        () => null,
        (err: unknown) => err,
      );
      await vi.waitFor(() => expect(locked).toBe(true));
      // Another instance's write of the same venue gets the lock once PostgreSQL ended the idle
      // transaction (within its 5 s lock timeout), and its change is the only one kept.
      await port.writeVenue('idle', (db) => exec(db, sql`UPDATE counter SET n = n + 7 WHERE venue = 'v1'`));
      expect(await port.read((db) => counterOf(db, 'v1'))).toBe(7);
      // The stalled request fails transient while its work still waits (it awaits no statement):
      // its connection is not held for good, and the pool can end.
      expect(stalled.classify(await failure)).toBe('transient');
      frozen.open();
      expect(await port.read((db) => counterOf(db, 'v1'))).toBe(7);
      // The stalled instance's pool opens a new connection for its next request.
      await stalled.writeVenue('idle', (db) =>
        exec(db, sql`UPDATE counter SET n = n + 1 WHERE venue = 'v1'`),
      );
      expect(await port.read((db) => counterOf(db, 'v1'))).toBe(8);
    } finally {
      await stalled.close();
    }
  });

  it('calls a serialization failure, a deadlock, a lock timeout and a lost connection transient', () => {
    const failure = (code: string) => Object.assign(new Error(code), { code });
    for (const code of ['40001', '40P01', '55P03', '57P01', '25P03', '08006', 'ECONNRESET']) {
      expect(port.classify(failure(code)), code).toBe('transient');
    }
    // As drizzle wraps it: the cause decides.
    expect(port.classify(Object.assign(new Error('Failed query'), { cause: failure('40P01') }))).toBe(
      'transient',
    );
    expect(port.classify(new Error('Connection terminated unexpectedly'))).toBe('transient');
    expect(port.classify(failure('23505'))).toBe('permanent');
    expect(port.classify(new AppError('VALIDATION', 'no'))).toBe('permanent');
  });
});

/** Records the text of every statement sent on `db`'s connection until `restore`. */
function spyStatements(db: Db): { sent: string[]; restore(): void } {
  const client = (db as unknown as { $client: pg.PoolClient }).$client;
  const query = client.query;
  const sent: string[] = [];
  client.query = ((...args: Parameters<typeof query>) => {
    const [first] = args as unknown as [string | { text: string }];
    sent.push(typeof first === 'string' ? first : first.text);
    return (query as (...a: unknown[]) => unknown).apply(client, args);
  }) as typeof query;
  return { sent, restore: () => (client.query = query) };
}

/** A venue row for a write to lock (its owner account first), the rest left to the defaults. */
async function insertVenue(id: string): Promise<void> {
  await pool.query(`INSERT INTO users (id, role, created_at) VALUES ($1, 'owner', 0)`, [id]);
  await pool.query(`INSERT INTO businesses (id, owner_user_id, name, created_at) VALUES ($1, $1, $1, 0)`, [
    id,
  ]);
}
