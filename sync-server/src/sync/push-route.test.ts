import { randomUUID } from 'node:crypto';
import { calls, PUSH_MAX_MUTATIONS, SYNC_HEADERS, syncCalls } from '@comanda/shared-schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { lastMutationOf, registerTestRoutes, rename, storedVenueName } from '../../test-support/kits/sync.ts';
import {
  createGuest,
  createOwner,
  createTestApp,
  type Owner,
  post,
  rowCounts,
  type TestApp,
} from '../../test-support/test-app.ts';

let t: TestApp;
let owner: Owner;
afterEach(async () => {
  await t?.close();
});

async function setup() {
  t = await createTestApp({ before: registerTestRoutes });
  owner = await createOwner(t);
}

type Pushed = { mutationId: number; name: string; body?: unknown };

function push(clientId: string, mutations: Pushed[], cookie = owner.cookie, socketId?: string) {
  return post(t.app, syncCalls.push.path, { mutations }, cookie, {
    [SYNC_HEADERS.clientId]: clientId,
    ...(socketId ? { [SYNC_HEADERS.socketId]: socketId } : {}),
  });
}

const renameTo = (mutationId: number, name: string, outcome = 'ok'): Pushed => ({
  mutationId,
  name: 'testRename',
  body: { name, outcome },
});

const venueName = () => storedVenueName(t.app.store.db, owner.venueId);

const lastMutation = (clientId: string) => lastMutationOf(t.app.store.db, clientId);

describe('POST /api/sync/push', () => {
  it('runs each mutation in order as its endpoint would: applied, refused, applied', async () => {
    await setup();
    const client = randomUUID();
    const publish = vi.spyOn(t.app.hub, 'publish');
    const res = await push(
      client,
      [renameTo(1, 'Uno'), renameTo(2, 'Mai', 'refuse'), renameTo(3, 'Tre')],
      owner.cookie,
      'sock-1',
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      results: [
        { mutationId: 1, status: 200, body: { success: true, name: 'UNO' }, version: 1, replayed: false },
        {
          mutationId: 2,
          status: 409,
          body: { success: false, code: 'CONFLICT', error: 'Rifiutato' },
          version: null,
          replayed: false,
        },
        { mutationId: 3, status: 200, body: { success: true, name: 'TRE' }, version: 2, replayed: false },
      ],
    });
    expect(await venueName()).toBe('Tre');
    expect(await lastMutation(client)).toBe(3);
    // One live event per applied mutation, after its commit, with its version, not to the sender.
    expect(
      publish.mock.calls.map(([, event, , options]) => [event, options?.version, options?.exceptSocketId]),
    ).toEqual([
      ['updateRoom', 1, 'sock-1'],
      ['updateRoom', 2, 'sock-1'],
    ]);

    // The endpoint and the push share the stored answers: the same ids are replays either way.
    const single = await post(t.app, rename.path, { name: 'Mai', outcome: 'refuse' }, owner.cookie, {
      [SYNC_HEADERS.clientId]: client,
      [SYNC_HEADERS.mutationId]: '2',
    });
    expect(single.statusCode).toBe(409);
    expect(single.headers[SYNC_HEADERS.replayed]).toBe('1');
    const before = await rowCounts(t.app);
    const again = await push(client, [renameTo(1, 'X'), renameTo(2, 'Y'), renameTo(3, 'Z')]);
    expect(
      again.json().results.map((r: { status: number; replayed: boolean }) => [r.status, r.replayed]),
    ).toEqual([
      [200, true],
      [409, true],
      [200, true],
    ]);
    expect(await rowCounts(t.app)).toEqual(before);
    expect(await venueName()).toBe('Tre');
  });

  it('continues a client that used the endpoint, and the endpoint continues after a push', async () => {
    await setup();
    const client = randomUUID();
    const headers = (id: number) => ({
      [SYNC_HEADERS.clientId]: client,
      [SYNC_HEADERS.mutationId]: String(id),
    });
    expect((await post(t.app, rename.path, { name: 'Uno' }, owner.cookie, headers(1))).statusCode).toBe(200);
    const res = await push(client, [renameTo(1, 'Uno'), renameTo(2, 'Due')]);
    expect(res.json().results.map((r: { replayed: boolean }) => r.replayed)).toEqual([true, false]);
    const next = await post(t.app, rename.path, { name: 'Tre' }, owner.cookie, headers(3));
    expect(next.statusCode).toBe(200);
    expect(next.headers[SYNC_HEADERS.version]).toBe('3');
  });

  it('stops at a transient failure: results so far, then the failure; nothing after it runs', async () => {
    await setup();
    const client = randomUUID();
    for (const outcome of ['crash', 'busy']) {
      const res = await push(client, [renameTo(1, 'Uno'), renameTo(2, 'Due', outcome), renameTo(3, 'Tre')]);
      expect(res.statusCode).toBe(200);
      const results = res.json().results;
      expect(results).toHaveLength(2);
      expect(results[1]).toMatchObject({
        mutationId: 2,
        status: 503,
        body: { success: false, code: 'UNAVAILABLE' },
        version: null,
        replayed: false,
      });
      expect(await lastMutation(client)).toBe(1);
      expect(await venueName()).toBe('Uno');
    }
    const retry = await push(client, [renameTo(2, 'Due'), renameTo(3, 'Tre')]);
    expect(retry.json().results.map((r: { version: number }) => r.version)).toEqual([2, 3]);
    expect(await venueName()).toBe('Tre');
  });

  it('stops at a gap with the expected id, first or in the middle', async () => {
    await setup();
    const client = randomUUID();
    const before = await rowCounts(t.app);
    const first = await push(client, [renameTo(3, 'Tre'), renameTo(4, 'Quattro')]);
    expect(first.json().results).toEqual([
      {
        mutationId: 3,
        status: 409,
        body: expect.objectContaining({ code: 'MUTATION_GAP', expectedMutationId: 1 }),
        version: null,
        replayed: false,
      },
    ]);
    expect(await rowCounts(t.app)).toEqual(before);
    const middle = await push(client, [renameTo(1, 'Uno'), renameTo(3, 'Tre'), renameTo(4, 'Quattro')]);
    const results = middle.json().results;
    expect(results.map((r: { status: number }) => r.status)).toEqual([200, 409]);
    expect(results[1].body).toMatchObject({ code: 'MUTATION_GAP', expectedMutationId: 2 });
    expect(await lastMutation(client)).toBe(1);
    expect(await venueName()).toBe('Uno');
  });

  it('refuses and stores a bad body, an unknown name and a customer call, and goes on', async () => {
    await setup();
    const client = randomUUID();
    const roomId = randomUUID();
    const res = await push(client, [
      { mutationId: 1, name: 'roomsAdd', body: { name: '' } },
      { mutationId: 2, name: 'nonEsiste', body: {} },
      { mutationId: 3, name: 'userOrder', body: { ownerId: owner.venueId, tableId: 'x', cart: [] } },
      { mutationId: 4, name: 'roomsAdd', body: { id: roomId, name: 'Sala' } },
      { mutationId: 5, name: 'tablesAdd', body: { id: randomUUID(), roomId, x: 10, y: 70 } },
      // Text no store can hold: that entry's refusal, not the whole push's (http/storable-text.ts).
      { mutationId: 6, name: 'roomsAdd', body: { id: randomUUID(), name: 'Sa\u0000la' } },
      { mutationId: 7, name: 'roomsAdd', body: { id: randomUUID(), name: 'Terrazza' } },
    ]);
    const results = res.json().results;
    expect(results.map((r: { status: number; body: { code?: string } }) => [r.status, r.body.code])).toEqual([
      [400, 'INVALID_NAME'],
      [404, 'NOT_FOUND'],
      [404, 'NOT_FOUND'],
      [200, undefined],
      [200, undefined],
      [400, 'VALIDATION'],
      [200, undefined],
    ]);
    expect(results[4].version).toBe(2);
    expect(results[5].body.error).toBe('name: Il testo contiene caratteri non ammessi');
    expect(await lastMutation(client)).toBe(7);
    const replay = await push(client, [{ mutationId: 2, name: 'nonEsiste', body: {} }]);
    expect(replay.json().results[0]).toMatchObject({ status: 404, replayed: true });
    expect(calls.roomsAdd.mutation).toBe(true);
  });

  it('refuses the push itself without an owner session, a client id, or within limits', async () => {
    await setup();
    const client = randomUUID();
    const guest = await createGuest(t);
    const before = await rowCounts(t.app);
    const signedOut = await post(t.app, syncCalls.push.path, { mutations: [renameTo(1, 'X')] }, undefined, {
      [SYNC_HEADERS.clientId]: client,
    });
    expect(signedOut.statusCode).toBe(401);
    expect((await push(client, [renameTo(1, 'X')], guest)).statusCode).toBe(403);
    const noClient = await post(t.app, syncCalls.push.path, { mutations: [renameTo(1, 'X')] }, owner.cookie);
    expect(noClient.statusCode).toBe(400);
    expect((await push('device-1', [renameTo(1, 'X')])).statusCode).toBe(400);
    expect((await push(client, [])).statusCode).toBe(400);
    const tooMany = Array.from({ length: PUSH_MAX_MUTATIONS + 1 }, (_, i) => renameTo(i + 1, 'X'));
    expect((await push(client, tooMany)).statusCode).toBe(400);
    expect(await rowCounts(t.app)).toEqual(before);

    // A client id bound to another owner: the push is refused as a whole, not judged.
    await push(client, [renameTo(1, 'Uno')]);
    const other = await createOwner(t);
    const stolen = await push(client, [renameTo(2, 'Altro')], other.cookie);
    expect(stolen.statusCode).toBe(403);
    expect(stolen.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await lastMutation(client)).toBe(1);
  });
});
