import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCheckpointer } from './checkpointer.ts';
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

  it('closing finishes in a process with nothing else left to do (the worker holds the loop until its last checkpoint)', async () => {
    dir = mkdtempSync(join(tmpdir(), 'comanda-wal-'));
    const script = join(dir, 'close.mts');
    const client = fileURLToPath(new URL('./client.ts', import.meta.url));
    writeFileSync(
      script,
      `import { openStore } from ${JSON.stringify(client)};
       const store = openStore(${JSON.stringify(join(dir, 'c.db'))});
       await store.close();
       console.log('closed');`,
    );
    // Node ends a process whose top-level await never settles with code 13.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', script]);
    expect(stdout.trim()).toBe('closed');
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

  it('keeps the WAL bounded under steady writes (a PASSIVE checkpoint alone never restarts it)', {
    timeout: 90_000,
  }, async () => {
    dir = mkdtempSync(join(tmpdir(), 'comanda-wal-'));
    const path = join(dir, 'c.db');
    const sqlite = new Database(path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT)');
    const insert = sqlite.prepare('INSERT INTO filler (text) VALUES (?)');
    // 200 frames (about 800 KB) at most before a TRUNCATE checkpoint empties the file.
    const checkpointer = startCheckpointer(sqlite, path, 50, () => {}, 200);
    let largest = 0;
    /** Bytes appended to the WAL over the run (what it would hold if it never started over). */
    let appended = 0;
    let shrinks = 0;
    let size = 0;
    try {
      // Until the file has started over four times (the signal), not for a fixed time: a worker
      // starved of CPU on a busy machine checkpoints late, and a fixed run then saw one cycle.
      // The deadline only ends a run that never starts over (the bug).
      const deadline = Date.now() + 60_000;
      while (shrinks < 4 && Date.now() < deadline) {
        // A write every millisecond or so, never a quiet second: the load that made the WAL grow.
        for (let i = 0; i < 5; i++) sqlite.transaction(() => insert.run('x'.repeat(3000)))();
        const now = statSync(`${path}-wal`).size;
        if (now < size) shrinks += 1;
        appended += now >= size ? now - size : now;
        size = now;
        largest = Math.max(largest, now);
        await new Promise((r) => setTimeout(r, 1));
      }
    } finally {
      await checkpointer.stop();
      sqlite.close();
    }
    // Without the TRUNCATE step the file only grows: it holds every frame written since start
    // and never starts over. How large it gets between two starts depends on how much CPU the
    // worker gets, so the proof is that it keeps starting over while writes never pause.
    expect(shrinks).toBeGreaterThanOrEqual(4);
    expect(largest).toBeLessThan(appended);
  });

  it('an in-memory database has no worker', () => {
    dir = mkdtempSync(join(tmpdir(), 'comanda-wal-'));
    store = openStore(':memory:');
    expect(store.checkpointer).toBeNull();
  });
});
