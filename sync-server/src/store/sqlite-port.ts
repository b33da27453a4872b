import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { asAsync, type Db, openStore, type Sqlite, type Store } from '../db/client.ts';
import * as schema from '../db/sqlite-schema.ts';
import { isTransientStorageError } from '../lib/errors.ts';
import type { DataStore } from './data-store.ts';
import type { LastWrites, StorePort } from './port.ts';

const isPromise = <T>(value: T | Promise<T>): value is Promise<T> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/** SQLite's statements cost no round trip: the last ones run as any other, the commit after the work. */
const sendNow: LastWrites = (writes) => writes();

/**
 * The SQLite adapter of the store port. SQLite has one write lock per file, so every write
 * transaction of every venue goes through one queue: a venue's lock is the file's. A transaction
 * may await between its statements (the port is async for PostgreSQL), and on one connection
 * anything another request ran meanwhile would run inside it; so writes run one after another on
 * the writer connection, and reads go to a second, read-only connection, which in WAL mode sees
 * the last commit and never a transaction in progress.
 *
 * An in-memory database has no second connection: its reads wait behind the writes queued
 * before them, which gives them the same guarantee.
 */
export class SqlitePort implements StorePort<Db> {
  private tail: Promise<unknown> = Promise.resolve();
  private readTail: Promise<unknown> = Promise.resolve();
  private readonly reader: { sqlite: Sqlite; db: Db } | null;

  /** `path`: the database file, for the read connection; none (or ':memory:'): reads queue. */
  constructor(
    private readonly writer: { sqlite: Sqlite; db: Db },
    path?: string,
  ) {
    if (path === undefined || path === ':memory:') {
      this.reader = null;
    } else {
      const sqlite = new Database(path, { readonly: true, fileMustExist: true });
      sqlite.pragma('busy_timeout = 5000');
      this.reader = { sqlite, db: asAsync(drizzle(sqlite, { schema })) };
    }
  }

  read<T>(work: (tx: Db) => T | Promise<T>): Promise<T> {
    const reader = this.reader;
    if (!reader) return this.queued(() => work(this.writer.db));
    // One snapshot for the whole read, whatever it awaits: a deferred transaction takes its
    // snapshot at its first statement and keeps it until the end. Reads take turns on the read
    // connection (a second BEGIN there would fail), as they would in one thread anyway: a
    // better-sqlite3 statement runs to its end before anything else does.
    return this.queuedRead(async () => {
      reader.sqlite.exec('BEGIN');
      try {
        return await work(reader.db);
      } finally {
        reader.sqlite.exec('COMMIT');
      }
    });
  }

  /** SQLite's transactions cost no round trip: the same as `read`. */
  lookup<T>(work: (tx: Db) => T | Promise<T>): Promise<T> {
    return this.read(work);
  }

  writeVenue<T>(_venueId: string, work: (tx: Db, last: LastWrites) => T | Promise<T>): Promise<T> {
    return this.write((db) => work(db, sendNow));
  }

  writeAccount<T>(work: (tx: Db) => T | Promise<T>): Promise<T> {
    return this.write(work);
  }

  /** One queue for every write: SQLite's lock is the file's, whichever venue a write is for. */
  private write<T>(work: (tx: Db) => T | Promise<T>): Promise<T> {
    return this.queued(() => {
      const { sqlite, db } = this.writer;
      // IMMEDIATE: the write lock at once, so another process (a backup) is met here, not at
      // the first write half-way through.
      sqlite.exec('BEGIN IMMEDIATE');
      let result: T | Promise<T>;
      try {
        result = work(db);
      } catch (err) {
        this.rollback();
        throw err;
      }
      // Work that did not await commits in the same turn, so no other code runs while the
      // transaction is open; work that awaits commits once it resolves.
      if (!isPromise(result)) {
        this.commit();
        return result;
      }
      return result.then(
        (value) => {
          this.commit();
          return value;
        },
        (err: unknown) => {
          this.rollback();
          throw err;
        },
      );
    });
  }

  classify(err: unknown): 'transient' | 'permanent' {
    return isTransientStorageError(err) ? 'transient' : 'permanent';
  }

  /** Closes the read connection (the writer is the store's own). */
  close(): void {
    this.reader?.sqlite.close();
  }

  private commit(): void {
    try {
      this.writer.sqlite.exec('COMMIT');
    } catch (err) {
      // A COMMIT refused (busy) leaves the transaction open: end it, so the next one can begin.
      this.rollback();
      throw err;
    }
  }

  private rollback(): void {
    if (this.writer.sqlite.inTransaction) this.writer.sqlite.exec('ROLLBACK');
  }

  /** Runs `job` once every write queued before it has settled. */
  private queued<T>(job: () => T | Promise<T>): Promise<T> {
    const run = this.tail.then(job, job);
    this.tail = run.catch(() => undefined);
    return run;
  }

  /** Runs `job` once every read queued before it has settled (the read connection's turn). */
  private queuedRead<T>(job: () => T | Promise<T>): Promise<T> {
    const run = this.readTail.then(job, job);
    this.readTail = run.catch(() => undefined);
    return run;
  }
}

/** The SQLite store: its port, and the connection and checkpoint worker under it. */
export interface SqliteDataStore extends DataStore, Store {
  dialect: 'sqlite';
}

/**
 * Opens the SQLite database (db/client.ts: pragmas, migrations, the checkpoint worker) with its
 * port; closing it closes the port's read connection first.
 */
export function openSqliteStore(path: string, log?: (message: string) => void): SqliteDataStore {
  const store = openStore(path, log);
  const port = new SqlitePort(store, path);
  return {
    ...store,
    dialect: 'sqlite',
    port,
    close: async () => {
      port.close();
      await store.close();
    },
  };
}
