import Database from 'better-sqlite3';
import pg from 'pg';

/**
 * Where a fault run's server kept its data: the embedded SQLite file, or the hosted PostgreSQL
 * database (DESIGN.md "Where it runs", "The data floor"). Both share table and column names.
 */
export type StoreLocation = { dialect: 'sqlite'; path: string } | { dialect: 'postgres'; url: string };

/**
 * Read access to a stopped run's store, for the checks of kill-checks.ts: SQL with `?`
 * placeholders (numbered for PostgreSQL here), rows as objects by column name, integers as
 * numbers on both stores.
 */
export interface StoreReader {
  get<T>(sql: string, ...params: unknown[]): Promise<T | undefined>;
  all<T>(sql: string, ...params: unknown[]): Promise<T[]>;
  /** 'ok', or what the store's own consistency check found. */
  integrity(): Promise<string>;
  close(): Promise<void>;
}

export function openStoreReader(store: StoreLocation): Promise<StoreReader> {
  return store.dialect === 'sqlite' ? Promise.resolve(sqliteReader(store.path)) : postgresReader(store.url);
}

/** The file read-only, after the last stop (a checkpointed, closed database). */
function sqliteReader(path: string): StoreReader {
  const db = new Database(path, { readonly: true, fileMustExist: true });
  return {
    get: async <T>(sql: string, ...params: unknown[]) => db.prepare(sql).get(...params) as T | undefined,
    all: async <T>(sql: string, ...params: unknown[]) => db.prepare(sql).all(...params) as T[],
    integrity: async () => (db.pragma('integrity_check', { simple: true }) as string) ?? 'no answer',
    close: async () => {
      db.close();
    },
  };
}

/** PostgreSQL's bigint (int8) comes as text by default: every figure here fits a number. */
const INT8_OID = 20;
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID
      ? (value: string) => Number(value)
      : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/** `?` placeholders as PostgreSQL's `$1, $2, ...` (the checks' SQL has no `?` in a literal). */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

async function postgresReader(url: string): Promise<StoreReader> {
  const client = new pg.Client({ connectionString: url, types });
  await client.connect();
  const all = async <T>(sql: string, ...params: unknown[]): Promise<T[]> =>
    (await client.query(numbered(sql), params)).rows as T[];
  return {
    all,
    get: async <T>(sql: string, ...params: unknown[]) => (await all<T>(sql, ...params))[0],
    integrity: () => postgresIntegrity(all),
    close: () => client.end(),
  };
}

/**
 * PostgreSQL's counterpart of SQLite's integrity_check: amcheck (shipped with the server) reads
 * every table's pages (verify_heapam) and checks every B-tree index against its table, each
 * indexed row present (bt_index_check with heapallindexed). The run's database is a throwaway
 * one, so the extension may be created in it.
 */
async function postgresIntegrity(all: StoreReader['all']): Promise<string> {
  await all('CREATE EXTENSION IF NOT EXISTS amcheck');
  const problems: string[] = [];
  const tables = await all<{ name: string }>(
    "SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = 'public' AND c.relkind = 'r'",
  );
  for (const t of tables) {
    const bad = await all<{ blkno: number; msg: string }>(
      'SELECT blkno, msg FROM verify_heapam(?::regclass)',
      `public."${t.name}"`,
    );
    for (const b of bad.slice(0, 5)) problems.push(`${t.name} page ${b.blkno}: ${b.msg}`);
  }
  const indexes = await all<{ name: string }>(
    `SELECT c.relname AS name FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace JOIN pg_am a ON a.oid = c.relam
     WHERE n.nspname = 'public' AND a.amname = 'btree'`,
  );
  for (const i of indexes) {
    try {
      await all('SELECT bt_index_check(?::regclass, true)', `public."${i.name}"`);
    } catch (err) {
      problems.push(`index ${i.name}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  if (tables.length === 0) problems.push('no tables in the public schema');
  return problems.length === 0 ? 'ok' : problems.join('; ');
}
