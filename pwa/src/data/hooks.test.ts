import Dexie, { liveQuery } from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { freshDbName, type Room, type RoomTable, testMutators } from '../test/sync-fixture.ts';
import { ComandaDb, type OutboxEntry } from './db.ts';
import { loadEntities } from './hooks.ts';

const dbs: ComandaDb[] = [];
afterEach(async () => {
  const open = dbs.splice(0);
  for (const db of open) db.close();
  for (const name of new Set(open.map((db) => db.name))) await Dexie.delete(name);
});

function openDb(name = freshDbName()): ComandaDb {
  const db = new ComandaDb(name);
  dbs.push(db);
  return db;
}

function pending(mutationId: number, name: string, body: unknown): OutboxEntry {
  return {
    mutationId,
    name,
    body,
    status: 'pending',
    ackVersion: null,
    ackedAt: null,
    error: null,
    errorCode: null,
    attempts: 0,
    createdAt: 0,
  };
}

/** In a transaction of its own: it resolves once committed, as catch-up's writes do. */
async function seed(db: ComandaDb): Promise<void> {
  await db.transaction('rw', db.serverRows, () =>
    db.serverRows.bulkPut([
      { entity: 'room', entityId: 'r1', data: { id: 'r1', name: 'Sala' } },
      { entity: 'room', entityId: 'r2', data: { id: 'r2', name: 'Veranda' } },
      { entity: 'table', entityId: 't1', data: { id: 't1', roomId: 'r1' } },
    ]),
  );
}

const rooms = (db: ComandaDb) => loadEntities<Room>(db, testMutators, 'room');

describe('loadEntities', () => {
  it('keeps the objects of rows nothing changed, and the array when no entry touches the entity', async () => {
    const db = openDb();
    await seed(db);
    const first = await rooms(db);
    const tables = await loadEntities<RoomTable>(db, testMutators, 'table');
    expect(await loadEntities<RoomTable>(db, testMutators, 'table')).toBe(tables);

    await db.outbox.add(pending(1, 'roomRename', { id: 'r2', name: 'Terrazza' }));
    const renamed = await rooms(db);
    expect(renamed).toEqual([
      { id: 'r1', name: 'Sala' },
      { id: 'r2', name: 'Terrazza' },
    ]);
    expect(renamed[0]).toBe(first[0]);
    // The rename touches rooms only: the tables are the same array as before.
    expect(await loadEntities<RoomTable>(db, testMutators, 'table')).toBe(tables);
  });

  it('reads server rows again once they are written, keeping the unchanged ones', async () => {
    const db = openDb();
    await seed(db);
    const first = await rooms(db);
    await db.serverRows.put({ entity: 'room', entityId: 'r2', data: { id: 'r2', name: 'Giardino' } });
    const after = await rooms(db);
    expect(after).toEqual([
      { id: 'r1', name: 'Sala' },
      { id: 'r2', name: 'Giardino' },
    ]);
    expect(after[0]).toBe(first[0]);
  });

  it('re-reads only the rows a write touched, and ends up as a full read would', async () => {
    const name = freshDbName();
    const db = openDb(name);
    await seed(db);
    const first = await rooms(db);
    // As a catch-up page writes: row by row in one transaction.
    await db.transaction('rw', db.serverRows, async () => {
      await db.serverRows.put({ entity: 'room', entityId: 'r0', data: { id: 'r0', name: 'Ingresso' } });
      await db.serverRows.put({ entity: 'room', entityId: 'r9', data: { id: 'r9', name: 'Cantina' } });
      await db.serverRows.delete(['room', 'r2']);
      await db.serverRows.put({ entity: 'room', entityId: 'r1', data: { id: 'r1', name: 'Sala' } });
    });
    const patched = await rooms(db);
    expect(patched).toEqual(await rooms(openDb(name)));
    expect(patched.map((r) => r.id)).toEqual(['r0', 'r1', 'r9']);
    expect(patched[1]).toBe(first[0]);
    // A clear names no keys: read again whole.
    await db.transaction('rw', db.serverRows, async () => {
      await db.serverRows.clear();
      await db.serverRows.put({ entity: 'room', entityId: 'r5', data: { id: 'r5', name: 'Solo' } });
    });
    expect(await rooms(db)).toEqual([{ id: 'r5', name: 'Solo' }]);
  });

  it('gives the same array again while a queued entry is claimed and acked with the same effect', async () => {
    const db = openDb();
    await seed(db);
    await db.outbox.add(pending(1, 'roomRename', { id: 'r2', name: 'Terrazza' }));
    const queued = await rooms(db);
    expect(queued[1]).toEqual({ id: 'r2', name: 'Terrazza' });
    // The replayer counts its attempt, then records the ack: the entry is replayed again each
    // time, its effect the same until the catch-up brings the server's row.
    await db.outbox.update(1, { attempts: 1 });
    expect(await rooms(db)).toBe(queued);
    await db.outbox.update(1, { status: 'acked', ackVersion: 7, ackedAt: 1 });
    expect(await rooms(db)).toBe(queued);
    await db.outbox.update(1, { status: 'refused', error: 'no' });
    const refused = await rooms(db);
    expect(refused.map((r) => r.name)).toEqual(['Sala', 'Veranda']);
    expect(refused[0]).toBe(queued[0]);
  });

  it("sees another tab's writes (another connection to the same database)", async () => {
    const name = freshDbName();
    const mine = openDb(name);
    const other = openDb(name);
    await seed(mine);
    expect(await rooms(mine)).toHaveLength(2);
    await other.serverRows.delete(['room', 'r1']);
    expect(await rooms(mine)).toEqual([{ id: 'r2', name: 'Veranda' }]);
  });

  it('re-runs a live query when server rows change without the sync cursor moving', async () => {
    const db = openDb();
    await seed(db);
    const seen: Room[][] = [];
    const sub = liveQuery(() => rooms(db)).subscribe((value) => seen.push(value));
    try {
      await expect.poll(() => seen.length).toBe(1);
      // An outbox write: this run reads the rooms from memory, not from IndexedDB...
      await db.outbox.add(pending(1, 'roomRename', { id: 'r1', name: 'Sala grande' }));
      await expect.poll(() => seen.length).toBe(2);
      expect(seen[1]?.[0]).toEqual({ id: 'r1', name: 'Sala grande' });
      expect(seen[1]?.[1]).toBe(seen[0]?.[1]);
      // ...and still hears of the next write to them.
      await db.serverRows.put({ entity: 'room', entityId: 'r3', data: { id: 'r3', name: 'Dehors' } });
      await expect.poll(() => seen.at(-1)?.map((r) => r.id)).toEqual(['r1', 'r2', 'r3']);
    } finally {
      sub.unsubscribe();
    }
  });
});
