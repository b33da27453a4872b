import { type AnyColumn, type Placeholder, type SQL, sql, type Table } from 'drizzle-orm';
import { storeDialect } from './dialect.ts';

/*
 * The few SQL expressions the two stores write differently (DESIGN.md "Persistence"), each
 * written once here for both, so a repository's query reads the same on either.
 */

/** `column` is one of the strings of a JSON array (a prepared statement's one parameter for a list). */
export function inJsonArray(column: AnyColumn, array: Placeholder | string): SQL {
  return storeDialect === 'postgres'
    ? sql`${column} in (select jsonb_array_elements_text(${array}::jsonb))`
    : sql`${column} in (select value from json_each(${array}))`;
}

/**
 * `table` in a FROM clause, read through `index` on SQLite, which without statistics may prefer a
 * worse one; PostgreSQL's planner has statistics (ANALYZE) and takes no such hint.
 */
export function tableIndexedBy(table: Table, index: string): SQL {
  return storeDialect === 'postgres' ? sql`${table}` : sql`${table} INDEXED BY ${sql.identifier(index)}`;
}

/**
 * A boolean column is false, written as a literal: SQLite uses a partial index only when the
 * query's terms match its WHERE (`accettato = 0`), which a bound parameter never does.
 */
export function isFalse(column: AnyColumn): SQL {
  return storeDialect === 'postgres' ? sql`${column} = false` : sql`${column} = 0`;
}

/**
 * In a grouped query, `column` of the group's row with the greatest `by`. SQLite gives it as a
 * bare column beside the query's one `max(by)` (its documented "bare columns" rule); PostgreSQL
 * needs it asked for.
 */
export function latestOf<T>(column: AnyColumn, by: AnyColumn): SQL<T> {
  return storeDialect === 'postgres'
    ? sql<T>`(array_agg(${column} ORDER BY ${by} DESC))[1]`
    : sql<T>`${column}`;
}
