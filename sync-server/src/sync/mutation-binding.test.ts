import { randomUUID } from 'node:crypto';
import { calls, defineCall, ok, SYNC_HEADERS, syncCalls } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicOrder, registerTestRoutes, rename } from '../../test-support/kits/sync.ts';
import {
  createOwner,
  createTestApp,
  type Owner,
  post,
  rowCounts,
  type TestApp,
} from '../../test-support/test-app.ts';
import { first as firstRow } from '../db/client.ts';
import { mutationAnswers, rooms, venues } from '../db/schema.ts';
import { msg } from '../lib/messages.ts';
import { mutationRoute } from './mutation-route.ts';

/**
 * A stored answer belongs to the call that produced it (DESIGN.md rule 2: a repeated mutation id
 * is the same mutation sent again, never another one), and mutation ids are read strictly.
 */

let t: TestApp;
let owner: Owner;
afterEach(async () => {
  await t?.close();
});

/** A second header-less public mutation with the very body of `publicOrder`, on another path. */
const publicOrderTwin = defineCall({
  method: 'POST',
  path: '/api/test/public-order-twin',
  access: 'public',
  mutation: true,
  body: publicOrder.body,
  response: ok({ id: z.string() }),
});

async function setup() {
  t = await createTestApp({
    before: (app: FastifyInstance) => {
      registerTestRoutes(app);
      mutationRoute(app, publicOrderTwin, () => ({ success: true, id: randomUUID() }), {
        venueOf: ({ body }) => body.ownerId,
      });
    },
  });
  owner = await createOwner(t);
}

const withIds = (clientId: string, mutationId: string) => ({
  [SYNC_HEADERS.clientId]: clientId,
  [SYNC_HEADERS.mutationId]: mutationId,
});

const roomNames = async () =>
  (await t.app.store.db.select({ name: rooms.name }).from(rooms).where(eq(rooms.venueId, owner.venueId))).map(
    (r) => r.name,
  );

describe('stored answers are bound to their call', () => {
  it('a mutation id used by one call is refused for another, and nothing changes', async () => {
    await setup();
    const client = randomUUID();
    const added = await post(
      t.app,
      calls.roomsAdd.path,
      { name: 'Sala grande' },
      owner.cookie,
      withIds(client, '1'),
    );
    expect(added.statusCode).toBe(200);
    const roomId = (added.json() as { id: string }).id;
    const before = await rowCounts(t.app);

    const other = await post(
      t.app,
      calls.roomsDelete.path,
      { id: roomId },
      owner.cookie,
      withIds(client, '1'),
    );
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ success: false, code: 'CONFLICT', error: msg.mutationReused });
    expect(other.headers[SYNC_HEADERS.replayed]).toBeUndefined();
    expect(await roomNames()).toEqual(['Sala grande']);
    expect(await rowCounts(t.app)).toEqual(before);

    // The same call sent again is still answered from its stored answer.
    const again = await post(
      t.app,
      calls.roomsAdd.path,
      { name: 'Sala grande' },
      owner.cookie,
      withIds(client, '1'),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(added.json());
    expect(again.headers[SYNC_HEADERS.replayed]).toBe('1');
  });

  it('the same holds through a push, and a stored refusal is bound too', async () => {
    await setup();
    const client = randomUUID();
    const refused = await post(
      t.app,
      rename.path,
      { name: 'X', outcome: 'refuse' },
      owner.cookie,
      withIds(client, '1'),
    );
    expect(refused.statusCode).toBe(409);
    const before = await rowCounts(t.app);
    const pushed = await post(
      t.app,
      syncCalls.push.path,
      { mutations: [{ mutationId: 1, name: 'roomsAdd', body: { name: 'Dehors' } }] },
      owner.cookie,
      { [SYNC_HEADERS.clientId]: client },
    );
    expect(pushed.statusCode).toBe(409);
    expect(pushed.json()).toEqual({ success: false, code: 'CONFLICT', error: msg.mutationReused });
    expect(await roomNames()).toEqual([]);
    expect(await rowCounts(t.app)).toEqual(before);
    // The refusal itself is still replayed for its own call.
    const again = await post(
      t.app,
      rename.path,
      { name: 'X', outcome: 'refuse' },
      owner.cookie,
      withIds(client, '1'),
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(refused.json());
    expect(again.headers[SYNC_HEADERS.replayed]).toBe('1');
  });

  it('records the call path with the answer; an answer stored before that (no scope) is replayed as before', async () => {
    await setup();
    const client = randomUUID();
    const first = await post(t.app, rename.path, { name: 'Primo' }, owner.cookie, withIds(client, '1'));
    expect(first.statusCode).toBe(200);
    const row = await firstRow(
      t.app.store.db.select().from(mutationAnswers).where(eq(mutationAnswers.clientId, client)),
    );
    expect(row?.scope).toBe(rename.path);

    await t.app.store.db
      .update(mutationAnswers)
      .set({ scope: null })
      .where(eq(mutationAnswers.clientId, client));
    const legacy = await post(
      t.app,
      calls.roomsAdd.path,
      { name: 'Sala' },
      owner.cookie,
      withIds(client, '1'),
    );
    expect(legacy.statusCode).toBe(200);
    expect(legacy.json()).toEqual(first.json());
    expect(legacy.headers[SYNC_HEADERS.replayed]).toBe('1');
    expect(await roomNames()).toEqual([]);
  });

  it('an Idempotency-Key is scoped by its call path: the same key and body on another call runs anew', async () => {
    await setup();
    const body = { ownerId: owner.venueId, note: 'stesso corpo' };
    const key = { [SYNC_HEADERS.idempotencyKey]: 'chiave-condivisa-1' };
    const first = await post(t.app, publicOrder.path, body, undefined, key);
    expect(first.statusCode).toBe(200);
    const twin = await post(t.app, publicOrderTwin.path, body, undefined, key);
    expect(twin.statusCode).toBe(200);
    expect(twin.headers[SYNC_HEADERS.replayed]).toBeUndefined();
    expect((twin.json() as { id: string }).id).not.toBe((first.json() as { id: string }).id);
    const replay = await post(t.app, publicOrder.path, body, undefined, key);
    expect(replay.headers[SYNC_HEADERS.replayed]).toBe('1');
    expect(replay.json()).toEqual(first.json());
  });
});

describe('mutation ids are canonical decimal integers', () => {
  const venueName = async () =>
    (
      await firstRow(
        t.app.store.db.select({ name: venues.name }).from(venues).where(eq(venues.id, owner.venueId)),
      )
    )?.name;

  // Each of these was read as 1 (or 1000) by a lenient number parse.
  const bad = [
    '0x1',
    ' 1',
    '1 ',
    '1e3',
    '01',
    '1.0',
    '+1',
    '0b1',
    '1_000',
    '0',
    '-1',
    '',
    '9007199254740992',
    '12345678901234567',
  ];
  it.each(bad)('%j -> 400 and nothing changes', async (mutationId) => {
    await setup();
    const client = randomUUID();
    const before = await rowCounts(t.app);
    const res = await post(
      t.app,
      rename.path,
      { name: 'Nuovo nome' },
      owner.cookie,
      withIds(client, mutationId),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ success: false, code: 'VALIDATION', error: msg.mutationHeaders });
    expect(await rowCounts(t.app)).toEqual(before);
    expect(await venueName()).not.toBe('Nuovo nome');
  });

  it('the largest safe integer is read as a number (here: a gap, not a bad header)', async () => {
    await setup();
    const res = await post(
      t.app,
      rename.path,
      { name: 'Nuovo nome' },
      owner.cookie,
      withIds(randomUUID(), String(Number.MAX_SAFE_INTEGER)),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'MUTATION_GAP', expectedMutationId: 1 });
  });

  it.each(['0x10', ' 1', '1e1', '01', '+1'])('changes?since=%j -> 400', async (since) => {
    await setup();
    const res = await t.app.inject({
      method: 'GET',
      url: `${syncCalls.changes.path}?since=${encodeURIComponent(since)}`,
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
  });
});
