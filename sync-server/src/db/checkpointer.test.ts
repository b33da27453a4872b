import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openStore, type Store } from './client.ts';

let dir: string;
let store: Store | null = null;

afterEach(async () => {
  await store?.close();
  store = null;
  rmSync(dir, { recursive: true, force: true });
});

function fill(s: Store, rows: number) {
  s.sqlite.exec('CREATE TABLE IF NOT EXISTS filler (id INTEGER PRIMARY KEY, text TEXT)');
  const insert = s.sqlite.prepare('INSERT INTO filler (text) VALUES (?)');
  for (let i = 0; i < rows; i++) s.sqlite.transaction(() => insert.run('x'.repeat(500)))();
}

describe('WAL checkpoints off the request path', () => {
  it('the serving connection never checkpoints; the worker does', async () => {
    dir = mkdtempSync(join(tmpdir(), 'comanda-wal-'));
    store = openStore(join(dir, 'c.db'));
    expect(store.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    fill(store, 3000);
    const s = store;
    await vi.waitFor(() => expect(s.checkpointer?.last?.checkpointed ?? 0).toBeGreaterThan(0), {
      timeout: 5000,
    });
  });

  it('closing folds the WAL into the database file', async () => {
    dir = mkdtempSync(join(tmpdir(), 'comanda-wal-'));
    const path = join(dir, 'c.db');
    const s = openStore(path);
    fill(s, 200);
    await s.close();
    expect(statSync(`${path}-wal`, { throwIfNoEntry: false })?.size ?? 0).toBe(0);
    const again = openStore(path);
    expect(again.sqlite.prepare('SELECT count(*) AS n FROM filler').get()).toEqual({ n: 200 });
    await again.close();
  });

  it('an in-memory database has no worker', () => {
    dir = mkdtempSync(join(tmpdir(), 'comanda-wal-'));
    store = openStore(':memory:');
    expect(store.checkpointer).toBeNull();
  });
});
