import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { type BetterSQLite3Database, drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import * as schema from './schema.ts';

export type Db = BetterSQLite3Database<typeof schema>;
export type Sqlite = Database.Database;

export interface Store {
  /** The raw connection: transactions (`sqlite.transaction`) and pragmas. */
  sqlite: Sqlite;
  /** Drizzle over the same connection; its queries are synchronous (`.get/.all/.run`). */
  db: Db;
  close(): void;
}

/** Resolved from this file, not the working directory, so any start folder works. */
const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Opens the database, sets the pragmas and applies the committed migrations. */
export function openStore(path: string): Store {
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const sqlite = new Database(path);
  sqlite.pragma('journal_mode = WAL');
  // Another process (a backup, a second server) may hold the write lock for a moment.
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('foreign_keys = ON');
  // WAL + NORMAL is durable across process crashes; only an OS crash can lose the last commit.
  sqlite.pragma('synchronous = NORMAL');
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder });
  return {
    sqlite,
    db,
    close: () => {
      if (sqlite.open) sqlite.close();
    },
  };
}

/**
 * Memoises per connection what `build` makes from it: prepared statements of a hot path, built
 * once instead of on every call (building a drizzle query and preparing its SQL costs more than
 * running it). Statements take `sql.placeholder` values when run.
 *
 *   const statements = perDb((db) => ({ byId: db.select().from(t).where(eq(t.id, p('id'))).prepare() }));
 *   statements(db).byId.get({ id });
 */
export function perDb<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let built = cache.get(db);
    if (built === undefined) {
      built = build(db);
      cache.set(db, built);
    }
    return built;
  };
}
