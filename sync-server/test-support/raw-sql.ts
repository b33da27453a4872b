import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { serverStatementName } from '../src/db/client.ts';

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

const pgDialect = new PgDialect();

/**
 * `rowOf` for a wide query a test runs thousands of times (a fingerprint after every case): on
 * PostgreSQL a named statement, parsed and planned once per connection, since planning such a
 * statement costs more than running it; on SQLite, `rowOf` (nothing to plan over a socket).
 */
export async function preparedRowOf<T>(app: FastifyInstance, query: SQL): Promise<T | undefined> {
  if (app.store.dialect !== 'postgres') return await rowOf<T>(app, query);
  const { sql: text, params } = pgDialect.sqlToQuery(query);
  const name = serverStatementName(text);
  // drizzle's node-postgres database hands out its pool as `$client`.
  const pool = (app.store.db as unknown as { $client: pg.Pool }).$client;
  return (await pool.query({ name, text, values: params })).rows[0] as T | undefined;
}

/**
 * PostgreSQL: a digest of the rows of `x` (a table or a subquery named x), to compare a table's
 * contents before and after a call: the row count and the sum of a 64-bit hash of each row's
 * text. The same rows in any order give the same digest (a PostgreSQL table has no rowid to order
 * by), and nothing is sorted: fuzzers take one before and after every case.
 */
export const PG_ROWS_DIGEST = sql`count(*) || ':' || coalesce(sum(hashtextextended(x::text, 0)), 0)`;

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

/** A table's column names, in the table's own order. */
export async function columnNames(app: FastifyInstance, table: string): Promise<string[]> {
  const rows =
    app.store.dialect === 'postgres'
      ? await rowsOf<{ name: string }>(
          app,
          sql`SELECT column_name AS name FROM information_schema.columns
              WHERE table_schema = 'public' AND table_name = ${table} ORDER BY ordinal_position`,
        )
      : await rowsOf<{ name: string }>(app, sql`SELECT name FROM pragma_table_info(${table}) ORDER BY cid`);
  return rows.map((r) => r.name);
}
