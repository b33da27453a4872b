import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

/*
 * SQL a test runs itself, on whichever store the app stands on (SQLite's file or the PostgreSQL
 * database of a PostgreSQL project): to look at rows, or to set up a state no call makes. Written
 * with drizzle's `sql` (parameters bound, tables by the names both stores share).
 */

type PgHandle = { execute(query: SQL): Promise<{ rows: unknown[] }> };
type SqliteHandle = { all(query: SQL): Promise<unknown[]> | unknown[]; run(query: SQL): unknown };

/** The rows of a query, as objects by column name. */
export async function rowsOf<T>(app: FastifyInstance, query: SQL): Promise<T[]> {
  if (app.store.dialect === 'postgres') {
    return (await (app.store.db as unknown as PgHandle).execute(query)).rows as T[];
  }
  return (await (app.store.db as unknown as SqliteHandle).all(query)) as T[];
}

/** The first row of a query, or undefined. */
export async function rowOf<T>(app: FastifyInstance, query: SQL): Promise<T | undefined> {
  return (await rowsOf<T>(app, query))[0];
}

/** Runs a statement for its effect. */
export async function runSql(app: FastifyInstance, query: SQL): Promise<void> {
  if (app.store.dialect === 'postgres') await (app.store.db as unknown as PgHandle).execute(query);
  else await (app.store.db as unknown as SqliteHandle).run(query);
}

/** The store's own tables (not SQLite's or the migrator's bookkeeping). */
export async function tableNames(app: FastifyInstance): Promise<string[]> {
  const rows =
    app.store.dialect === 'postgres'
      ? await rowsOf<{ name: string }>(
          app,
          sql`SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`,
        )
      : await rowsOf<{ name: string }>(
          app,
          sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations' ORDER BY 1`,
        );
  return rows.map((r) => r.name);
}
