import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AppError } from '@comanda/shared-schema';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { type Db, openStore, type Store } from '../db/client.ts';
import { SqlitePort } from './sqlite-port.ts';

const opened: Array<{ store: Store; port: SqlitePort; dir: string | null }> = [];
afterEach(async () => {
  for (const { store, port, dir } of opened.splice(0)) {
    port.close();
    await store.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
});

function open(where: 'file' | 'memory'): { store: Store; port: SqlitePort } {
  const dir = where === 'file' ? mkdtempSync(join(tmpdir(), 'comanda-port-')) : null;
  const path = dir ? join(dir, 'comanda.db') : ':memory:';
  const store = openStore(path);
  store.sqlite.exec('CREATE TABLE counter (id INTEGER PRIMARY KEY, n INTEGER NOT NULL)');
  store.sqlite.exec('INSERT INTO counter (id, n) VALUES (1, 0)');
  const port = new SqlitePort(store, path);
  opened.push({ store, port, dir });
  return { store, port };
}

/** A turn of the event loop: what another request's code would get while a transaction awaits. */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

const countOf = (rows: unknown) => (rows as Array<{ n: number }>)[0]?.n;

describe('the SQLite store port', () => {
  it.each(['file', 'memory'] as const)(
    '%s: two writes that read, await and write never interleave (no lost update)',
    async (where) => {
      const { port } = open(where);
      const increment = () =>
        port.writeVenue('v1', async (db) => {
          const n = countOf(await db.all(sql`SELECT n FROM counter WHERE id = 1`)) ?? 0;
          await tick();
          await db.run(sql`UPDATE counter SET n = ${n + 1} WHERE id = 1`);
        });
      await Promise.all([increment(), increment(), increment()]);
      expect(countOf(await port.read((db) => db.all(sql`SELECT n FROM counter WHERE id = 1`)))).toBe(3);
    },
  );

  it.each(['file', 'memory'] as const)(
    '%s: a read never sees a write in progress, only what it committed',
    async (where) => {
      const { port } = open(where);
      let inside: () => void = () => {};
      const written = new Promise<void>((resolve) => {
        inside = resolve;
      });
      let release: () => void = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const write = port.writeVenue('v1', async (db) => {
        await db.run(sql`UPDATE counter SET n = 41 WHERE id = 1`);
        inside();
        await held;
        await db.run(sql`UPDATE counter SET n = 42 WHERE id = 1`);
      });
      await written;
      const read = port.read(async (db) => countOf(await db.all(sql`SELECT n FROM counter WHERE id = 1`)));
      if (where === 'file') {
        // Its own connection: the last commit, at once.
        expect(await read).toBe(0);
        release();
      } else {
        // One connection: the read waits for the write to end.
        release();
        expect(await read).toBe(42);
      }
      await write;
      expect(
        await port.read(async (db) => countOf(await db.all(sql`SELECT n FROM counter WHERE id = 1`))),
      ).toBe(42);
    },
  );

  it.each(['file', 'memory'] as const)(
    '%s: reads that await take turns, each with one snapshot from its start to its end',
    async (where) => {
      const { port } = open(where);
      const readTwice = () =>
        port.read(async (db) => {
          const before = countOf(await db.all(sql`SELECT n FROM counter WHERE id = 1`));
          await tick();
          return [before, countOf(await db.all(sql`SELECT n FROM counter WHERE id = 1`))];
        });
      const reads = [readTwice(), readTwice(), readTwice()];
      const write = port.writeVenue('v1', (db) => db.run(sql`UPDATE counter SET n = 7 WHERE id = 1`));
      for (const [before, after] of await Promise.all(reads)) expect(after).toBe(before);
      await write;
      expect(await readTwice()).toEqual([7, 7]);
    },
  );

  it('queues account writes and venue writes together: one write lock, the file', async () => {
    const { port } = open('file');
    const order: string[] = [];
    const step = (name: string) => async (db: Db) => {
      const n = countOf(await db.all(sql`SELECT n FROM counter WHERE id = 1`)) ?? 0;
      order.push(`${name} read ${n}`);
      await tick();
      await db.run(sql`UPDATE counter SET n = ${n + 1} WHERE id = 1`);
    };
    await Promise.all([port.writeVenue('v1', step('venue')), port.writeAccount(step('account'))]);
    expect(order).toEqual(['venue read 0', 'account read 1']);
  });

  it('rolls back a write whose work throws, passes its error on, and goes on with the next', async () => {
    const { port } = open('file');
    const refusal = new AppError('VALIDATION', 'no');
    await expect(
      port.writeVenue('v1', async (db) => {
        await db.run(sql`UPDATE counter SET n = 7 WHERE id = 1`);
        await tick();
        throw refusal;
      }),
    ).rejects.toBe(refusal);
    await port.writeVenue('v1', (db) => db.run(sql`UPDATE counter SET n = n + 1 WHERE id = 1`));
    expect(
      await port.read(async (db) => countOf(await db.all(sql`SELECT n FROM counter WHERE id = 1`))),
    ).toBe(1);
  });

  it('commits work that does not await in the same turn: no other code runs while it is open', async () => {
    const { store, port } = open('file');
    let openMeanwhile: boolean | null = null;
    await port.writeVenue('v1', (db) => {
      // Not awaited, on purpose: the better-sqlite3 driver has run it already, and this work
      // must not await anything.
      void db.run(sql`UPDATE counter SET n = 1 WHERE id = 1`);
      // The next thing to run after this work: another request's code, in a real server.
      queueMicrotask(() => {
        openMeanwhile = store.sqlite.inTransaction;
      });
    });
    expect(openMeanwhile).toBe(false);
  });

  it('calls a busy or full database transient, anything else permanent', () => {
    const { port } = open('memory');
    expect(port.classify(Object.assign(new Error('busy'), { code: 'SQLITE_BUSY' }))).toBe('transient');
    expect(port.classify(Object.assign(new Error('full'), { code: 'SQLITE_FULL' }))).toBe('transient');
    expect(port.classify(new AppError('VALIDATION', 'no'))).toBe('permanent');
    expect(port.classify(Object.assign(new Error('constraint'), { code: 'SQLITE_CONSTRAINT_UNIQUE' }))).toBe(
      'permanent',
    );
  });
});
