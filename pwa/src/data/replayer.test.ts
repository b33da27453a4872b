import type { Transaction } from 'dexie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { FakeServer } from '../test/fake-server.ts';
import { makeClient, makeServer, type Room, testMutators } from '../test/sync-fixture.ts';
import type { OutboxEntry } from './db.ts';
import { loadEntities } from './hooks.ts';
import { PUSH_MAX } from './replayer.ts';

const stops: Array<() => void> = [];
afterEach(() => {
  for (const s of stops.splice(0)) s();
});

function setup(server: FakeServer = makeServer()) {
  const made = makeClient(server);
  stops.push(() => made.client.stop());
  const rooms = () => loadEntities<Room>(made.db, testMutators, 'room');
  const statuses = async () => (await made.db.outbox.toArray()).map((e) => [e.mutationId, e.status]);
  return { server, ...made, rooms, statuses };
}

const pushSizes = (server: FakeServer) => server.pushSizes();
const catchUps = (server: FakeServer) =>
  server.requests.filter((r) => r.path === '/api/sync/changes' || r.path === '/api/sync/snapshot').length;

describe('replayer: batches through /api/sync/push', () => {
  it('applies acks and refusals of one push, written in one transaction, then catches up once', async () => {
    const { server, db, client, rooms, statuses } = setup();
    await client.mutate('roomAdd', { id: 'r1', name: 'Sala' });
    await client.mutate('roomAdd', { id: 'r2', name: 'bad' });
    await client.mutate('roomAdd', { id: 'r3', name: 'Veranda' });
    await client.mutate('roomAdd', { id: 'r4', name: 'altrui' });
    const writes = new Set<Transaction>();
    db.outbox.hook('updating', (mods, _key, _obj, tx) => {
      if ('status' in (mods as object)) writes.add(tx);
    });
    await client.replayer.trigger({ force: true });

    expect(pushSizes(server)).toEqual([4]);
    expect(writes.size).toBe(1);
    expect(await statuses()).toEqual([
      [1, 'acked'],
      [2, 'refused'],
      [3, 'acked'],
      [4, 'refused'],
    ]);
    expect(await db.outbox.get(2)).toMatchObject({
      errorCode: 'INVALID_NAME',
      error: 'Nome vuoto o troppo lungo',
    });
    expect(await db.outbox.get(4)).toMatchObject({ errorCode: 'FORBIDDEN' });
    expect((await db.outbox.get(3))?.ackVersion).toBe(2);
    expect(client.replayer.state$.value).toBe('idle');
    // The acks asked for one catch-up, not one per entry; it hands the rows over to server state.
    await vi.waitFor(async () => expect(await db.outbox.where('status').equals('acked').count()).toBe(0));
    expect(catchUps(server)).toBe(1);
    expect((await rooms()).map((r) => r.id)).toEqual(['r1', 'r3']);
  });

  it('sends at most PUSH_MAX entries per push, in order, and each once', async () => {
    const { server, client, statuses } = setup();
    const n = 2 * PUSH_MAX + 10;
    for (let i = 1; i <= n; i++) await client.mutate('roomAdd', { id: `r${i}`, name: `Sala ${i}` });
    await client.replayer.trigger({ force: true });
    expect(pushSizes(server)).toEqual([PUSH_MAX, PUSH_MAX, 10]);
    expect(server.mutationIds()).toEqual(Array.from({ length: n }, (_, i) => i + 1));
    expect((await statuses()).every(([, status]) => status === 'acked')).toBe(true);
  });

  it('keeps a push well under the server body limit', async () => {
    const { server, db, client, statuses } = setup();
    const big = 'x'.repeat(60 * 1024);
    await db.transaction('rw', db.meta, db.outbox, async () => {
      await db.meta.put({
        key: 'sync',
        clientId: crypto.randomUUID(),
        nextMutationId: 6,
        lastVersion: 0,
        synced: false,
      });
      const entries: OutboxEntry[] = Array.from({ length: 5 }, (_, i) => ({
        mutationId: i + 1,
        name: 'roomAdd',
        body: { id: `r${i + 1}`, name: big },
        status: 'pending',
        ackVersion: null,
        ackedAt: null,
        error: null,
        errorCode: null,
        attempts: 0,
        createdAt: Date.now(),
      }));
      await db.outbox.bulkAdd(entries);
    });
    await client.replayer.trigger({ force: true });
    expect(pushSizes(server)).toEqual([2, 2, 1]);
    expect((await statuses()).every(([, status]) => status === 'acked')).toBe(true);
  });

  it('on a transient failure mid-push keeps what was judged and retries the rest with the same ids', async () => {
    const { server, db, client, statuses } = setup();
    for (let i = 1; i <= 3; i++) await client.mutate('roomAdd', { id: `r${i}`, name: `Sala ${i}` });
    server.failMutation.set(2, 503);
    await client.replayer.trigger({ force: true });
    // Entry 1 is acked (and soon dropped by the catch-up its ack asked for).
    expect((await db.outbox.get(1))?.status ?? 'caught up').not.toBe('pending');
    expect([...server.rows.keys()]).toEqual(['room/r1']);
    expect((await statuses()).filter(([id]) => id !== 1)).toEqual([
      [2, 'pending'],
      [3, 'pending'],
    ]);
    expect(client.replayer.state$.value).toBe('retrying');
    expect((await db.outbox.get(3))?.attempts).toBe(1);

    await client.replayer.trigger({ force: true });
    expect(server.mutationIds()).toEqual([1, 2, 2, 3]);
    expect(pushSizes(server)).toEqual([3, 2]);
    expect((await db.outbox.get(2))?.attempts).toBe(2);
    expect((await statuses()).every(([, status]) => status === 'acked')).toBe(true);
    expect([...server.rows.keys()]).toEqual(['room/r1', 'room/r2', 'room/r3']);
  });

  it('a push that gets no answer leaves every entry pending, then is resent whole', async () => {
    const { server, client, statuses } = setup();
    for (let i = 1; i <= 3; i++) await client.mutate('roomAdd', { id: `r${i}`, name: `Sala ${i}` });
    server.failNext.push('network');
    await client.replayer.trigger({ force: true });
    expect((await statuses()).every(([, status]) => status === 'pending')).toBe(true);
    await client.replayer.trigger({ force: true });
    expect(pushSizes(server)).toEqual([3, 3]);
    expect((await statuses()).every(([, status]) => status === 'acked')).toBe(true);
  });

  it('on a gap in the middle of a push acks what came before and renumbers from the expected id', async () => {
    const { server, db, client, statuses } = setup();
    for (let i = 1; i <= 4; i++) await client.mutate('roomAdd', { id: `r${i}`, name: `Sala ${i}` });
    // Entry 3 is gone from this device (a restored backup): the server will expect it.
    await db.outbox.delete(3);
    await client.replayer.trigger({ force: true });
    expect(server.mutationIds()).toEqual([1, 2, 4, 3]);
    expect(await statuses()).toEqual([
      [1, 'acked'],
      [2, 'acked'],
      [3, 'acked'],
    ]);
    expect((await db.meta.get('sync'))?.nextMutationId).toBe(4);
    expect([...server.rows.keys()]).toEqual(['room/r1', 'room/r2', 'room/r4']);
  });

  it('on a gap at the start acks the entries the server already has and sends the rest', async () => {
    const { server, client, statuses } = setup();
    for (let i = 1; i <= 4; i++) await client.mutate('roomAdd', { id: `r${i}`, name: `Sala ${i}` });
    server.forceGap = 3;
    await client.replayer.trigger({ force: true });
    expect(server.mutationIds()).toEqual([1, 3, 4]);
    expect(pushSizes(server)).toEqual([4, 2]);
    expect((await statuses()).every(([, status]) => status === 'acked')).toBe(true);
  });
});
