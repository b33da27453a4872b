import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BackupError, backupDatabase, backupFileName, defaultBackupPath } from './backup.ts';
import { openStore } from './client.ts';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'comanda-backup-'));
});
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A WAL database where every transaction writes a pair of rows: a copy must hold whole pairs. */
function ledger(path: string) {
  const db = new Database(path);
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  db.exec('CREATE TABLE entries (id INTEGER PRIMARY KEY, pair INTEGER NOT NULL, amount INTEGER NOT NULL)');
  const insert = db.prepare('INSERT INTO entries (pair, amount) VALUES (?, ?)');
  let pairs = 0;
  const addPair = db.transaction(() => {
    pairs += 1;
    insert.run(pairs, 500);
    insert.run(pairs, -500);
  });
  return {
    db,
    addPair: () => addPair(),
    get pairs() {
      return pairs;
    },
  };
}

describe('online backup', () => {
  it('copies a consistent snapshot while another connection keeps writing, and verifies it', async () => {
    const source = join(dir, 'live.db');
    const live = ledger(source);
    // Enough pages that a step-wise copy would take several steps (and restart on each write).
    for (let i = 0; i < 3000; i++) live.addPair();
    const writer = setInterval(() => {
      for (let i = 0; i < 20; i++) live.addPair();
    }, 1);
    const before = live.pairs;
    let result: Awaited<ReturnType<typeof backupDatabase>>;
    try {
      result = await backupDatabase(source, join(dir, 'copies', 'a.db'));
    } finally {
      clearInterval(writer);
    }
    const after = live.pairs;
    live.db.close();

    expect(result.path).toBe(join(dir, 'copies', 'a.db'));
    expect(result.bytes).toBeGreaterThan(0);
    expect(result.pages).toBeGreaterThan(10);
    const copy = new Database(result.path, { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      // One self-contained file: no WAL to carry along.
      expect(copy.pragma('journal_mode', { simple: true })).toBe('delete');
      const { rows, pairs, balance } = copy
        .prepare(
          'SELECT count(*) AS rows, count(DISTINCT pair) AS pairs, sum(amount) AS balance FROM entries',
        )
        .get() as { rows: number; pairs: number; balance: number };
      expect(rows).toBe(pairs * 2);
      expect(balance).toBe(0);
      expect(pairs).toBeGreaterThanOrEqual(before);
      expect(pairs).toBeLessThanOrEqual(after);
      // Pairs 1..n with none missing: a snapshot at one instant.
      expect(copy.prepare('SELECT max(pair) AS n FROM entries').get()).toEqual({ n: pairs });
    } finally {
      copy.close();
    }
    expect(readdirSync(join(dir, 'copies'))).toEqual(['a.db']);
  });

  it('a copy of the server database opens as a server database, migrations current', async () => {
    const source = join(dir, 'comanda.db');
    const store = openStore(source);
    store.sqlite.exec(
      "INSERT INTO users (id, email, password_hash, role, created_at) VALUES ('u1', 'a@b.it', 'x', 'owner', 0)",
    );
    const migrations = store.sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get();
    const result = await backupDatabase(source, join(dir, 'restore', 'comanda.db'));
    await store.close();
    const restored = openStore(result.path);
    try {
      expect(restored.sqlite.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get()).toEqual(
        migrations,
      );
      expect(restored.sqlite.prepare('SELECT email FROM users').all()).toEqual([{ email: 'a@b.it' }]);
      expect(restored.sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    } finally {
      await restored.close();
    }
  });

  it('names copies by UTC time, under data/backups by default', () => {
    const at = new Date('2025-07-15T18:04:05.678Z');
    expect(backupFileName(at)).toBe('comanda-20250715T180405Z.db');
    expect(defaultBackupPath('/srv/comanda', at)).toBe(
      '/srv/comanda/data/backups/comanda-20250715T180405Z.db',
    );
  });

  it('refuses what cannot be backed up, leaving nothing behind', async () => {
    await expect(backupDatabase(':memory:', join(dir, 'x.db'))).rejects.toBeInstanceOf(BackupError);
    await expect(backupDatabase(join(dir, 'missing.db'), join(dir, 'x.db'))).rejects.toThrow(/no database/);
    const source = join(dir, 'live.db');
    ledger(source).db.close();
    await expect(backupDatabase(source, source)).rejects.toThrow(/itself/);
    // Not a database: the copy fails and no partial file stays.
    const junk = join(dir, 'junk.db');
    writeFileSync(junk, 'this is not a database file, just some text that is long enough'.repeat(100));
    await expect(backupDatabase(junk, join(dir, 'out', 'x.db'))).rejects.toBeInstanceOf(BackupError);
    expect(existsSync(join(dir, 'out')) ? readdirSync(join(dir, 'out')) : []).toEqual([]);
  });

  it('gives the copy a generation of its own: once restored, devices reload instead of trusting their version', async () => {
    const source = join(dir, 'comanda.db');
    const store = openStore(source);
    const generationOf = (db: Database.Database) =>
      (db.prepare("SELECT value FROM store_meta WHERE key = 'generation'").get() as { value: string }).value;
    const live = generationOf(store.sqlite);
    expect(live).toMatch(/^[0-9a-f]{32}$/);
    const result = await backupDatabase(source, join(dir, 'copy.db'));
    await store.close();
    const copy = new Database(result.path, { readonly: true });
    try {
      expect(generationOf(copy)).toMatch(/^[0-9a-f]{32}$/);
      expect(generationOf(copy)).not.toBe(live);
    } finally {
      copy.close();
    }
  });
});
