import { createHash } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type Placeholder, sql } from 'drizzle-orm';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import { type Checkpointer, startCheckpointer } from './checkpointer.ts';
import { storeDialect } from './dialect.ts';
import * as schema from './sqlite-schema.ts';

/**
 * The query handle every repository and handler takes: drizzle's async view (DESIGN.md
 * "Persistence"), so the code is the one PostgreSQL's async driver will run. Builder queries are
 * awaited (`await q`, `await first(q)`), never `.get/.all/.run/.values`, which PostgreSQL lacks.
 */
export type Db = BaseSQLiteDatabase<'async', unknown, typeof schema>;
/** The synchronous handle: only what opens the file and migrates it. */
export type SyncDb = BetterSQLite3Database<typeof schema>;
export type Sqlite = Database.Database;

export interface Store {
  /** The raw connection: pragmas and raw statements (transactions are the port's, store/port.ts). */
  sqlite: Sqlite;
  /**
   * Drizzle over the same connection, typed async (`Db`). Production code reads through the
   * port (`port.read`) and writes inside `port.writeVenue/writeAccount`; tests may use it.
   */
  db: Db;
  /** The WAL checkpoint worker of a file database (null in memory). */
  checkpointer: Checkpointer | null;
  /** Stops the checkpoint worker, folds the WAL into the file, closes the connection. */
  close(): Promise<void>;
}

/** Resolved from this file, not the working directory, so any start folder works. */
const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/**
 * Opens the database, sets the pragmas and applies the committed migrations. A file database
 * gets its WAL checkpoints from a worker thread (checkpointer.ts), not from request commits.
 */
export function openStore(path: string, log?: (message: string) => void): Store {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  // Another process (a backup, a second server) may hold the write lock for a moment.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // WAL + NORMAL is durable across process crashes; only an OS crash can lose the last commit.
  sqlite.pragma('synchronous = NORMAL');
  const syncDb: SyncDb = drizzle(sqlite, { schema });
  migrate(syncDb, { migrationsFolder });
  const db = asAsync(syncDb);
  const checkpointer = path === ':memory:' ? null : startCheckpointer(sqlite, path, 1000, log);
  return {
    sqlite,
    db,
    checkpointer,
    close: async () => {
      await checkpointer?.stop();
      if (!sqlite.open) return;
      // Fold the WAL into the database file so a copy of the .db alone is complete.
      try {
        sqlite.pragma('wal_checkpoint(TRUNCATE)');
      } catch {
        // Busy (the worker's last pass): the next open replays the WAL, nothing is lost.
      }
      sqlite.close();
    },
  };
}

/**
 * The better-sqlite3 driver answers synchronously and `await` takes a plain value; typing the
 * handle async makes the compiler demand the awaits PostgreSQL's driver will need.
 */
export const asAsync = (db: SyncDb): Db => db as unknown as Db;

/** The first row of a query (`await first(db.select()...limit(1))`), undefined when none. */
export async function first<T>(rows: PromiseLike<T[]> | T[]): Promise<T | undefined> {
  return (await rows)[0];
}

/**
 * The better-sqlite3 connection under a drizzle handle, for SQL drizzle does not build (named
 * parameters over a whole report, a raw prepared statement). drizzle() sets `$client`; the
 * `Db` type omits it.
 */
export const sqliteOf = (db: Db): Sqlite => (db as unknown as { $client: Sqlite }).$client;

/**
 * Memoises per connection what `build` makes from it: prepared statements of a hot path, built
 * once instead of on every call (building a drizzle query and preparing its SQL costs more than
 * running it). Statements take `sql.placeholder` values when run.
 *
 *   const statements = perDb((db) => ({ byId: db.select().from(t).where(eq(t.id, p('id'))).prepare() }));
 *   await statements(db).byId.get({ id });
 *
 * On PostgreSQL a prepared query has one method, `execute`; each statement built here gets the
 * SQLite ones it is called by (`get`, `all`, `run`) over it, so a repository reads the same on
 * both stores.
 */
export function perDb<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let built = cache.get(db);
    if (built === undefined) {
      built = storeDialect === 'postgres' ? withSqliteCalls(build(db)) : build(db);
      cache.set(db, built);
    }
    return built;
  };
}

/** Rows one multi-row insert sends at most: a prepared statement per row count up to this. */
export const ROWS_PER_INSERT = 16;

/** The placeholder of a column in one row of a multi-row insert (`row('id')` is `id_<row>`). */
export type RowPlaceholder = (name: string) => Placeholder;

/**
 * Inserts many rows with one statement where one per row would be sent: each statement costs
 * the database and the driver about as much as its row, and a mutation writes several (an
 * order's lines, its change-log rows). `build` makes the insert of as many rows as it is given
 * placeholder makers; it is prepared once per connection and per row count (up to
 * `ROWS_PER_INSERT`, more go in several statements, sent together). A record's keys are the
 * placeholders' names.
 *
 *   const insertLines = perDbRows((db, rows) => db.insert(t).values(rows.map((row) => ({ id: row('id') }))).prepare());
 *   await insertLines(db, [{ id: 'a' }, { id: 'b' }]);
 */
export function perDbRows(
  build: (db: Db, rows: RowPlaceholder[]) => { run(values?: Record<string, unknown>): unknown },
): (db: Db, records: ReadonlyArray<object>) => Promise<void> {
  const bySize = new Map<
    number,
    (db: Db) => { insert: { run(values?: Record<string, unknown>): unknown } }
  >();
  const statementFor = (db: Db, count: number) => {
    let forSize = bySize.get(count);
    if (!forSize) {
      const rows = Array.from(
        { length: count },
        (_, i): RowPlaceholder =>
          (name) =>
            sql.placeholder(`${name}_${i}`),
      );
      forSize = perDb((d) => ({ insert: build(d, rows) }));
      bySize.set(count, forSize);
    }
    return forSize(db).insert;
  };
  return async (db, records) => {
    const sends: unknown[] = [];
    for (let at = 0; at < records.length; at += ROWS_PER_INSERT) {
      const chunk = records.slice(at, at + ROWS_PER_INSERT);
      const values: Record<string, unknown> = {};
      chunk.forEach((record, i) => {
        for (const [name, value] of Object.entries(record)) values[`${name}_${i}`] = value;
      });
      sends.push(statementFor(db, chunk.length).run(values));
    }
    await Promise.all(sends);
  };
}

type Executable = { execute(values?: Record<string, unknown>): Promise<unknown> };
/** drizzle's node-postgres prepared query: the pg query configs it sends (see below). */
type PgQueryConfigs = { rawQueryConfig?: { name?: string; text: string }; queryConfig?: { name?: string } };

function withSqliteCalls<T>(statements: T): T {
  if (typeof statements !== 'object' || statements === null) return statements;
  for (const [key, value] of Object.entries(statements)) {
    const statement = value as Partial<Executable> & { get?: unknown };
    if (typeof statement?.execute !== 'function' || statement.get !== undefined) continue;
    nameOnServer(statement as PgQueryConfigs);
    const execute = (values?: Record<string, unknown>) => (statement as Executable).execute(values);
    (statements as Record<string, unknown>)[key] = {
      execute,
      all: execute,
      run: execute,
      get: async (values?: Record<string, unknown>) => ((await execute(values)) as unknown[])[0],
    };
  }
  return statements;
}

/**
 * The name a statement is prepared under on the PostgreSQL server: the hash of its text, so one
 * name is always one text, as node-postgres requires.
 */
export const serverStatementName = (text: string): string =>
  `c_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;

/**
 * Makes a statement a named one on the PostgreSQL server: parsed and planned once per connection
 * instead of at every run, which is most of a small statement's cost there (a hot path runs
 * twenty of them per order), under `serverStatementName`. drizzle's prepared query has no setter for it: its two query configs
 * are set directly, and a drizzle that renamed them would only lose the speed-up.
 */
function nameOnServer(statement: PgQueryConfigs): void {
  const raw = statement.rawQueryConfig;
  if (!raw || raw.name || typeof raw.text !== 'string') return;
  const name = serverStatementName(raw.text);
  raw.name = name;
  if (statement.queryConfig) statement.queryConfig.name = name;
}
