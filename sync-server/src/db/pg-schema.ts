import { type AnyColumn, Column, getTableColumns, is, SQL, StringChunk, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  foreignKey,
  index,
  jsonb,
  type PgColumnBuilderBase,
  type PgTable,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { getTableConfig, SQLiteTable } from 'drizzle-orm/sqlite-core';
import * as rollup from './rollup-schema.ts';
import * as sqlite from './sqlite-schema.ts';

/*
 * The PostgreSQL schema, derived from the SQLite one (sqlite-schema.ts stays the one place a table is
 * written): every table, column, default, primary key, index and foreign key, under the same
 * names, so a repository's query reads the same on both stores. drizzle-kit writes the hosted
 * store's migrations from it (`pg-tables.ts`, `drizzle.pg.config.ts`, `drizzle-pg/`).
 *
 * Types: integer columns (epoch ms, cents, versions) become bigint read as JS numbers (all stay
 * below 2^53); SQLite's 0/1 booleans become boolean; JSON kept as text becomes jsonb (both
 * drivers hand back the parsed value); an autoincrement key becomes an identity column.
 */

/** A drizzle SQLite column as the derivation reads it (`columnType`, `autoIncrement` are runtime fields). */
type SqliteColumn = AnyColumn & { columnType: string; autoIncrement?: boolean };

/**
 * The builder steps the derivation takes, common to the four column builders: drizzle types each
 * builder's chain apart, so one variable cannot hold them without this view.
 */
interface ColumnChain {
  primaryKey(): ColumnChain;
  notNull(): ColumnChain;
  default(value: unknown): ColumnChain;
  $defaultFn(fn: () => unknown): ColumnChain;
}

function pgType(column: SqliteColumn): ColumnChain {
  const { name, columnType } = column;
  const chain = (builder: unknown) => builder as ColumnChain;
  if (columnType === 'SQLiteText') return chain(text(name));
  if (columnType === 'SQLiteTextJson') return chain(jsonb(name));
  if (columnType === 'SQLiteBoolean') return chain(boolean(name));
  if (columnType === 'SQLiteInteger') {
    const integer = bigint(name, { mode: 'number' });
    return chain(column.primary && column.autoIncrement ? integer.generatedByDefaultAsIdentity() : integer);
  }
  throw new Error(`${name}: no PostgreSQL type for ${columnType}`);
}

function pgColumn(column: SqliteColumn): PgColumnBuilderBase {
  let built = pgType(column);
  if (column.primary) built = built.primaryKey();
  else if (column.notNull) built = built.notNull();
  if (column.hasDefault && column.default !== undefined) {
    const value = column.default;
    // A JSON default is SQL text in SQLite ('[]'); in PostgreSQL it must be cast to jsonb.
    const json = column.columnType === 'SQLiteTextJson';
    built = built.default(is(value, SQL) && json ? sql`${value}::jsonb` : value);
  }
  if (column.defaultFn) built = built.$defaultFn(column.defaultFn);
  return built as unknown as PgColumnBuilderBase;
}

/**
 * A partial index's condition with the twin's columns, and SQLite's 0/1 booleans written as
 * PostgreSQL's (`accettato = 0` -> `accettato = false`).
 */
function pgWhere(where: SQL, own: (c: AnyColumn) => unknown): SQL {
  let boolean = false;
  const chunks = where.queryChunks.map((chunk) => {
    if (is(chunk, Column)) {
      boolean = (chunk as SqliteColumn).columnType === 'SQLiteBoolean';
      return own(chunk as AnyColumn);
    }
    if (is(chunk, StringChunk) && boolean) {
      boolean = false;
      const text = chunk.value.join('');
      return sql.raw(text.replace(/^(\s*=\s*)0\b/, '$1false').replace(/^(\s*=\s*)1\b/, '$1true'));
    }
    return chunk;
  });
  return sql.join(chunks as SQL[]);
}

/** Each SQLite table's PostgreSQL twin, by the SQLite table object. */
const twins = new Map<SQLiteTable, PgTable>();

function pgTwin(table: SQLiteTable): PgTable {
  const config = getTableConfig(table);
  const columns = getTableColumns(table) as Record<string, SqliteColumn>;
  const keyOf = (t: SQLiteTable) =>
    new Map(Object.entries(getTableColumns(t)).map(([key, c]) => [c.name, key] as const));
  const ownKeys = keyOf(table);
  const builders = Object.fromEntries(Object.entries(columns).map(([key, c]) => [key, pgColumn(c)]));
  return pgTable(config.name, builders, (pg) => {
    const pick = (on: PgTable, keys: Map<string, string>, c: AnyColumn) =>
      (on as unknown as Record<string, never>)[keys.get(c.name) ?? ''];
    const own = (c: AnyColumn) => pick(pg as unknown as PgTable, ownKeys, c);
    return [
      ...config.indexes.map(({ config: i }) => {
        const on = i.columns.map((c) => own(c as AnyColumn)) as [never];
        const built = (i.unique ? uniqueIndex(i.name) : index(i.name)).on(...on);
        // A partial index stays partial: "one open order per table" is a unique index over the
        // open ones only.
        return i.where ? built.where(pgWhere(i.where, own)) : built;
      }),
      ...config.primaryKeys.map((p) => primaryKey({ columns: p.columns.map(own) as [never] })),
      ...config.foreignKeys.map((f) => {
        const ref = f.reference();
        const target = twins.get(ref.foreignTable);
        if (!target)
          throw new Error(`${config.name}: ${getTableConfig(ref.foreignTable).name} is derived later`);
        const targetKeys = keyOf(ref.foreignTable);
        const key = foreignKey({
          name: f.getName(),
          columns: ref.columns.map(own) as [never],
          foreignColumns: ref.foreignColumns.map((c) => pick(target, targetKeys, c)) as [never],
        });
        if (f.onDelete) key.onDelete(f.onDelete);
        if (f.onUpdate) key.onUpdate(f.onUpdate);
        return key;
      }),
    ];
  });
}

for (const table of [...Object.values(sqlite), ...Object.values(rollup)]) {
  if (is(table, SQLiteTable)) twins.set(table, pgTwin(table));
}

/** The PostgreSQL twin of a table of sqlite-schema.ts or rollup-schema.ts. */
export function pgTableOf(table: SQLiteTable): PgTable {
  const twin = twins.get(table);
  if (!twin) throw new Error(`${getTableConfig(table).name} is not a table of sqlite-schema.ts`);
  return twin;
}
