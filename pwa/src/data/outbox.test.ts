import { SYNC_HEADERS } from '@comanda/shared-schema';
import { afterEach, describe, expect, it } from 'vitest';
import type { FakeServer } from '../test/fake-server.ts';
import { makeClient, makeServer, type Room, testCalls, testMutators } from '../test/sync-fixture.ts';
import { ComandaDb } from './db.ts';
import { ApiError } from './errors.ts';
import { loadEntities } from './hooks.ts';
import { Replayer, retryDelay } from './replayer.ts';

const stops: Array<() => void> = [];
afterEach(() => {
  for (const s of stops.splice(0)) s();
});

function setup(server: FakeServer = makeServer()) {
  const made = makeClient(server);
  stops.push(() => made.client.stop());
  const rooms = () => loadEntities<Room>(made.db, testMutators, 'room');
  return { server, ...made, rooms };
}

describe('mutate', () => {
  it('writes exactly one pending outbox entry and advances the mutation id', async () => {
    const { db, client, rooms } = setup();
    const id = await client.mutate('roomAdd', { id: 'r1', name: 'Sala grande' });
    expect(id).toBe(1);
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ mutationId: 1, name: 'roomAdd', status: 'pending', attempts: 0 });
    expect((await db.meta.get('sync'))?.nextMutationId).toBe(2);
    // The optimistic effect is visible at once, before anything was sent.
    expect(await rooms()).toEqual([{ id: 'r1', name: 'Sala grande' }]);
  });

  it('refuses a body its call schema rejects and writes nothing', async () => {
    const { db, client } = setup();
    await expect(client.mutate('roomAdd', { id: 'r1', name: '' })).rejects.toBeInstanceOf(ApiError);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('replayer', () => {
  it('sends entries in order in one push with client and socket ids, then acks each with its version', async () => {
    const { server, db, client } = setup();
    client.setSocketId('sock-1');
    await client.mutate('roomAdd', { id: 'r1', name: 'Sala' });
    await client.mutate('roomRename', { id: 'r1', name: 'Veranda', socketId: 'old-socket' });
    await client.mutate('roomAdd', { id: 'r2', name: 'Terrazza' });
    await client.replayer.trigger({ force: true });

    const clientId = (await db.meta.get('sync'))?.clientId;
    const pushes = server.requests.filter((r) => r.path === '/api/sync/push');
    expect(pushes).toHaveLength(1);
    expect(pushes[0]?.headers[SYNC_HEADERS.clientId]).toBe(clientId);
    expect(pushes[0]?.headers[SYNC_HEADERS.socketId]).toBe('sock-1');
    expect(pushes[0]?.body).toEqual({
      mutations: [
        { mutationId: 1, name: 'roomAdd', body: { id: 'r1', name: 'Sala' } },
        // A body naming the sender's socket carries the current one.
        { mutationId: 2, name: 'roomRename', body: { id: 'r1', name: 'Veranda', socketId: 'sock-1' } },
        { mutationId: 3, name: 'roomAdd', body: { id: 'r2', name: 'Terrazza' } },
      ],
    });
    expect(server.mutationIds()).toEqual([1, 2, 3]);
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.status, e.ackVersion])).toEqual([
      ['acked', 1],
      ['acked', 2],
      ['acked', 3],
    ]);
  });

  it('keeps an acked entry applied until the rows catch up to its version, then drops it', async () => {
    const server = makeServer();
    const { db, rooms } = setup(server);
    const replayer = new Replayer({ db, calls: testCalls, fetch: server.fetch });
    stops.push(() => replayer.stop());
    const { client } = makeClient(server, { dbName: db.name });
    stops.push(() => client.stop());
    await client.mutate('roomAdd', { id: 'r1', name: 'Sala' });
    await replayer.trigger();
    expect((await db.outbox.get(1))?.status).toBe('acked');
    // Server rows do not have the room yet; the acked entry still shows it: no flicker.
    expect(await db.serverRows.count()).toBe(0);
    expect(await rooms()).toEqual([{ id: 'r1', name: 'Sala' }]);

    await client.catchUp();
    expect(await db.outbox.count()).toBe(0);
    expect(await db.serverRows.count()).toBe(1);
    expect(await rooms()).toEqual([{ id: 'r1', name: 'Sala' }]);
  });

  it('keeps a refused entry listed with the server text and drops its optimistic effect', async () => {
    const { server, db, client, rooms } = setup();
    await client.mutate('roomAdd', { id: 'r1', name: 'bad' });
    await client.mutate('roomAdd', { id: 'r2', name: 'Giardino' });
    expect((await rooms()).map((r) => r.id)).toEqual(['r1', 'r2']);
    await client.replayer.trigger({ force: true });
    await client.catchUp();

    const refused = await db.outbox.get(1);
    expect(refused).toMatchObject({
      status: 'refused',
      error: 'Nome vuoto o troppo lungo',
      errorCode: 'INVALID_NAME',
    });
    // The one behind it was not blocked.
    expect(server.mutationIds()).toEqual([1, 2]);
    expect(await rooms()).toEqual([{ id: 'r2', name: 'Giardino' }]);
    await client.dismissRefused(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it('pauses on a 401 the sync core did not judge, keeping the entry for after sign-in', async () => {
    const { server, db, client } = setup();
    server.failNext.push(401);
    await client.mutate('roomAdd', { id: 'r1', name: 'Sala' });
    await client.replayer.trigger({ force: true });
    expect((await db.outbox.get(1))?.status).toBe('pending');
    expect(client.replayer.state$.value).toBe('paused');
    await client.replayer.trigger({ force: true });
    expect((await db.outbox.get(1))?.status).toBe('acked');
  });

  it('refuses a judged 403 like any refusal, so it never stalls the entries behind it', async () => {
    const { server, db, client } = setup();
    await client.mutate('roomAdd', { id: 'r1', name: 'altrui' });
    await client.mutate('roomAdd', { id: 'r2', name: 'Giardino' });
    await client.replayer.trigger({ force: true });
    expect(await db.outbox.get(1)).toMatchObject({ status: 'refused', errorCode: 'FORBIDDEN' });
    expect((await db.outbox.get(2))?.status).toBe('acked');
    expect(server.mutationIds()).toEqual([1, 2]);
  });

  it('retries a transient failure with the same mutation id', async () => {
    const { server, db, client } = setup();
    server.failNext.push(503, 'network');
    await client.mutate('roomAdd', { id: 'r1', name: 'Sala' });
    await client.replayer.trigger({ force: true });
    expect((await db.outbox.get(1))?.status).toBe('pending');
    expect(client.replayer.state$.value).toBe('retrying');
    await client.replayer.trigger({ force: true });
    expect((await db.outbox.get(1))?.status).toBe('pending');
    await client.replayer.trigger({ force: true });
    expect(await db.outbox.get(1)).toMatchObject({ status: 'acked', attempts: 3 });
    expect(server.mutationIds()).toEqual([1, 1, 1]);
  });

  it('on a gap marks the entries below the expected id acked and resends from it', async () => {
    const { server, db, client } = setup();
    await client.mutate('roomAdd', { id: 'r1', name: 'A' });
    await client.mutate('roomAdd', { id: 'r2', name: 'B' });
    await client.mutate('roomAdd', { id: 'r3', name: 'C' });
    // The server already applied 1 and 2 (their answers were lost) and expects 3.
    server.forceGap = 3;
    await client.replayer.trigger({ force: true });
    expect(server.mutationIds()).toEqual([1, 3]);
    const entries = await db.outbox.toArray();
    expect(entries.map((e) => [e.mutationId, e.status])).toEqual([
      [1, 'acked'],
      [2, 'acked'],
      [3, 'acked'],
    ]);
  });

  it('renumbers pending entries when the server expects an id this device no longer holds', async () => {
    const { server, db, client } = setup();
    await db.transaction('rw', db.meta, async () => {
      await db.meta.put({
        key: 'sync',
        clientId: crypto.randomUUID(),
        nextMutationId: 5,
        lastVersion: 0,
        synced: true,
      });
    });
    await client.mutate('roomAdd', { id: 'r5', name: 'E' });
    await client.mutate('roomAdd', { id: 'r6', name: 'F' });
    await client.replayer.trigger({ force: true });
    expect(server.mutationIds()).toEqual([5, 1, 2]);
    expect((await db.outbox.toArray()).map((e) => [e.mutationId, e.status])).toEqual([
      [1, 'acked'],
      [2, 'acked'],
    ]);
    expect((await db.meta.get('sync'))?.nextMutationId).toBe(3);
    expect([...server.rows.keys()]).toEqual(['room/r5', 'room/r6']);
  });

  it('backs off exponentially with jitter, capped at 30 s', () => {
    expect(retryDelay(1, () => 0)).toBe(500);
    expect(retryDelay(1, () => 1)).toBe(1000);
    expect(retryDelay(3, () => 1)).toBe(4000);
    expect(retryDelay(20, () => 1)).toBe(30_000);
    expect(retryDelay(20, () => 0)).toBe(15_000);
  });
});

describe('database', () => {
  it('makes the client id once per database', async () => {
    const { db, client } = setup();
    await client.mutate('roomAdd', { id: 'r1', name: 'A' });
    const first = (await db.meta.get('sync'))?.clientId;
    const again = new ComandaDb(db.name);
    expect((await again.meta.get('sync'))?.clientId).toBe(first);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    again.close();
  });
});
