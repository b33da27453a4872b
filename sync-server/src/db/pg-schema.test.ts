import { execFile } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { getTableColumns, is } from 'drizzle-orm';
import { PgDialect, type PgTable, getTableConfig as pgConfig } from 'drizzle-orm/pg-core';
import { SQLiteTable, getTableConfig as sqliteConfig } from 'drizzle-orm/sqlite-core';
import { describe, expect, it } from 'vitest';
import * as pgTables from './pg-tables.ts';
import * as sqlite from './sqlite-schema.ts';

const sqliteTables: Array<[string, SQLiteTable]> = Object.entries(sqlite as Record<string, unknown>).flatMap(
  ([key, value]) => (is(value, SQLiteTable) ? [[key, value] as [string, SQLiteTable]] : []),
);

/** What a table is made of, by name, in either dialect: the parts a query or a migration relies on. */
function shape(config: ReturnType<typeof sqliteConfig> | ReturnType<typeof pgConfig>) {
  return {
    name: config.name,
    columns: config.columns.map((c) => ({ name: c.name, notNull: c.notNull, primary: c.primary })),
    indexes: config.indexes
      .map(({ config: i }) => ({
        name: i.name ?? '',
        unique: i.unique,
        on: i.columns.map((c) => (c as { name: string }).name),
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    primaryKeys: config.primaryKeys.map((p) => p.columns.map((c) => c.name)),
    foreignKeys: config.foreignKeys
      .map((f) => ({ name: f.getName(), onDelete: f.onDelete ?? null }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  };
}

/** The exported twins as a plain object, to look one up by its schema.ts name. */
const twinByKey: Record<string, PgTable> = { ...pgTables };

describe('the PostgreSQL schema derived from the SQLite one', () => {
  it('has every table of schema.ts, exported under the same name, with the same columns, keys and indexes', () => {
    expect(Object.keys(pgTables).sort()).toEqual(sqliteTables.map(([key]) => key).sort());
    for (const [key, table] of sqliteTables) {
      const twin = twinByKey[key] as PgTable;
      expect(shape(pgConfig(twin)), key).toEqual(shape(sqliteConfig(table)));
      expect(Object.keys(getTableColumns(twin)), key).toEqual(Object.keys(getTableColumns(table)));
    }
  });

  it('gives PostgreSQL types that hold what SQLite holds', () => {
    const types = new Set<string>();
    const { orders, changes, venues } = pgTables;
    const column = (t: typeof orders, name: string) => pgConfig(t).columns.find((c) => c.name === name);
    expect(column(orders, 'created_at')?.getSQLType()).toBe('bigint');
    expect(column(orders, 'status_pay')?.getSQLType()).toBe('boolean');
    expect(column(changes, 'data')?.getSQLType()).toBe('jsonb');
    expect(column(venues, 'delivery_cities')?.getSQLType()).toBe('jsonb');
    for (const t of Object.values(pgTables)) for (const c of pgConfig(t).columns) types.add(c.getSQLType());
    expect([...types].sort()).toEqual(['bigint', 'boolean', 'jsonb', 'text']);
  });

  it('keeps partial indexes partial, with PostgreSQL booleans: one open order per table, not one order', () => {
    const where = (name: string) => {
      const found = pgConfig(pgTables.orders).indexes.find((i) => i.config.name === name);
      if (!found?.config.where) throw new Error(`${name}: no condition`);
      return new PgDialect().sqlToQuery(found.config.where).sql;
    };
    expect(where('orders_open_table')).toBe('"orders"."closed_at" IS NULL');
    expect(where('orders_pending_delivery')).toBe(
      '"orders"."accettato" = false AND "orders"."closed_at" IS NULL',
    );
  });

  it('matches the committed migrations in drizzle-pg/: drizzle-kit finds nothing to add', async () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const out = mkdtempSync(join(tmpdir(), 'comanda-pg-migrations-'));
    try {
      cpSync(join(root, 'drizzle-pg'), out, { recursive: true });
      const config = join(out, 'drizzle.check.config.ts');
      writeFileSync(
        config,
        // drizzle-kit reads `out` relative to where it runs.
        `export default ${JSON.stringify({ dialect: 'postgresql', schema: join(root, 'src/db/pg-tables.ts'), out: '.' })};\n`,
      );
      const before = readdirSync(out).sort();
      const kit = join(root, '..', 'node_modules', '.bin', 'drizzle-kit');
      const { stdout } = await promisify(execFile)(kit, ['generate', '--config', config], { cwd: out });
      expect(stdout).toContain('No schema changes');
      expect(readdirSync(out).sort()).toEqual(before);
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});
