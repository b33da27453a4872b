import { randomUUID } from 'node:crypto';
import { BusinessRow, entitySchemas } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import {
  blockCounterUpdates,
  lastMutationOf,
  publicOrder,
  registerTestRoutes,
  rename,
  storedClosingMessage,
  storedVenueName,
  unblockCounterUpdates,
} from '../../test-support/kits/sync.ts';
import {
  createOwner,
  createTestApp,
  type Owner,
  post,
  rowCounts,
  type TestApp,
} from '../../test-support/test-app.ts';
import { venues } from '../db/schema.ts';

let t: TestApp;
let owner: Owner;
afterEach(async () => {
  await t?.close();
});

async function setup() {
  t = await createTestApp({ before: registerTestRoutes });
  owner = await createOwner(t);
}

const venueName = () => storedVenueName(t.app.store.db, owner.venueId);

const lastMutation = (clientId: string) => lastMutationOf(t.app.store.db, clientId);

function mutate(clientId: string, mutationId: number, body: Record<string, unknown>, cookie = owner.cookie) {
  return post(t.app, rename.path, body, cookie, {
    'x-client-id': clientId,
    'x-mutation-id': String(mutationId),
  });
}

describe('sync core: client and mutation ids', () => {
  it('applies the next id in one transaction: answer, version header, change row', async () => {
    await setup();
    const client = randomUUID();
    const res = await mutate(client, 1, { name: 'Da Gennaro' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, name: 'DA GENNARO' });
    expect(res.headers['x-comanda-version']).toBe('1');
    expect(res.headers['x-comanda-replayed']).toBeUndefined();
    expect(await venueName()).toBe('Da Gennaro');
    expect(await lastMutation(client)).toBe(1);
  });

  it('replay: an id already applied returns the first answer and changes nothing', async () => {
    await setup();
    const client = randomUUID();
    const first = await mutate(client, 1, { name: 'Primo' });
    const before = await rowCounts(t.app);
    const again = await mutate(client, 1, { name: 'Secondo' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['x-comanda-replayed']).toBe('1');
    expect(again.headers['x-comanda-version']).toBe('1');
    expect(await venueName()).toBe('Primo');
    expect(await rowCounts(t.app)).toEqual(before);
  });

  it('gap: an id beyond the next gets 409 with the expected id and changes nothing', async () => {
    await setup();
    const client = randomUUID();
    await mutate(client, 1, { name: 'Primo' });
    const before = await rowCounts(t.app);
    const gap = await mutate(client, 3, { name: 'Terzo' });
    expect(gap.statusCode).toBe(409);
    expect(gap.json()).toMatchObject({ success: false, code: 'MUTATION_GAP', expectedMutationId: 2 });
    expect(gap.headers['x-comanda-judged']).toBeUndefined();
    const fresh = await mutate(randomUUID(), 2, { name: 'X' });
    expect(fresh.json()).toMatchObject({ code: 'MUTATION_GAP', expectedMutationId: 1 });
    expect(await venueName()).toBe('Primo');
    expect(await rowCounts(t.app)).toEqual(before);
  });

  it('business refusal: rolled back, counter advanced, refusal stored and replayed', async () => {
    await setup();
    const client = randomUUID();
    await mutate(client, 1, { name: 'Primo' });
    const refused = await mutate(client, 2, { name: 'Mai', outcome: 'refuse' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ success: false, code: 'CONFLICT', error: 'Rifiutato' });
    expect(refused.headers['x-comanda-judged']).toBe('1');
    expect(await venueName()).toBe('Primo');
    expect(await lastMutation(client)).toBe(2);
    const replay = await mutate(client, 2, { name: 'Mai', outcome: 'refuse' });
    expect(replay.statusCode).toBe(409);
    expect(replay.headers['x-comanda-replayed']).toBe('1');
    expect(replay.headers['x-comanda-judged']).toBe('1');
    // It never blocks what follows.
    const next = await mutate(client, 3, { name: 'Terzo' });
    expect(next.statusCode).toBe(200);
    expect(await venueName()).toBe('Terzo');
    const changes = await t.app.inject({
      method: 'GET',
      url: '/api/sync/changes?since=0',
      headers: { cookie: owner.cookie },
    });
    expect(changes.json().changes.map((c: { version: number }) => c.version)).toEqual([1, 2]);
  });

  it('refusals before the handler (bad body, prepare) also advance and are stored', async () => {
    await setup();
    const client = randomUUID();
    const bad = await mutate(client, 1, { name: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
    expect(await lastMutation(client)).toBe(1);
    const early = await mutate(client, 2, { name: 'X', outcome: 'refuse-early' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({ code: 'INVALID_NAME', error: 'Nome vuoto o troppo lungo' });
    expect(await lastMutation(client)).toBe(2);
    expect((await mutate(client, 3, { name: 'Ok' })).statusCode).toBe(200);
  });

  it('transient failure: 503, the counter does not move, the same id succeeds on retry', async () => {
    await setup();
    const client = randomUUID();
    await mutate(client, 1, { name: 'Primo' });
    const before = await rowCounts(t.app);
    for (const outcome of ['crash', 'busy']) {
      const failed = await mutate(client, 2, { name: 'Secondo', outcome });
      expect(failed.statusCode).toBe(503);
      expect(failed.json()).toMatchObject({ success: false, code: 'UNAVAILABLE' });
      expect(await lastMutation(client)).toBe(1);
      expect(await venueName()).toBe('Primo');
      expect(await rowCounts(t.app)).toEqual(before);
    }
    const retry = await mutate(client, 2, { name: 'Secondo' });
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['x-comanda-version']).toBe('2');
    expect(await lastMutation(client)).toBe(2);
  });

  it('a refusal whose recording fails is transient: 503, the counter does not move, the retry records it', async () => {
    await setup();
    const client = randomUUID();
    await mutate(client, 1, { name: 'Primo' });
    // The counter's row cannot be written for a moment (a database in trouble).
    await blockCounterUpdates(t);
    try {
      for (const outcome of ['refuse-early', 'refuse']) {
        const failed = await mutate(client, 2, { name: 'Secondo', outcome });
        expect(failed.statusCode, outcome).toBe(503);
        expect(failed.json()).toMatchObject({ success: false, code: 'UNAVAILABLE' });
        expect(await lastMutation(client)).toBe(1);
        expect(await venueName()).toBe('Primo');
      }
    } finally {
      await unblockCounterUpdates(t);
    }
    const retry = await mutate(client, 2, { name: 'Secondo', outcome: 'refuse-early' });
    expect(retry.statusCode).toBe(400);
    expect(retry.json()).toMatchObject({ code: 'INVALID_NAME' });
    expect(await lastMutation(client)).toBe(2);
  });

  it('a write sent with the commit is committed with the rest; one that fails fails the whole mutation', async () => {
    await setup();
    const client = randomUUID();
    await mutate(client, 1, { name: 'Primo' });
    const before = await rowCounts(t.app);
    const failed = await mutate(client, 2, { name: 'Secondo', outcome: 'along-fails' });
    expect(failed.statusCode).toBe(503);
    expect(await venueName()).toBe('Primo');
    expect(await lastMutation(client)).toBe(1);
    expect(await rowCounts(t.app)).toEqual(before);
    const sent = await mutate(client, 2, { name: 'Secondo', outcome: 'along' });
    expect(sent.statusCode).toBe(200);
    expect(sent.headers['x-comanda-version']).toBe('2');
    expect(await venueName()).toBe('Secondo');
    expect(await storedClosingMessage(t.app.store.db, owner.venueId)).toBe('Chiuso');
    expect(await lastMutation(client)).toBe(2);
  });

  it('one id sent twice at once: applied once, the other gets the same answer, one version', async () => {
    await setup();
    const client = randomUUID();
    const body = { name: 'Uno', extra: 3 };
    const [a, b] = await Promise.all([mutate(client, 1, body), mutate(client, 1, body)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(b.json()).toEqual(a.json());
    expect([a, b].filter((res) => res.headers['x-comanda-replayed'] === '1')).toHaveLength(1);
    const changes = await t.app.inject({
      method: 'GET',
      url: '/api/sync/changes?since=0',
      headers: { cookie: owner.cookie },
    });
    expect(changes.json().changes.map((c: { version: number }) => c.version)).toEqual([1, 1, 1, 1]);
    expect(changes.json().version).toBe(1);
  });

  it('binds a client id to its user; refuses half or malformed headers', async () => {
    await setup();
    const client = randomUUID();
    await mutate(client, 1, { name: 'Primo' });
    const other = await createOwner(t);
    const stolen = await mutate(client, 2, { name: 'Altro' }, other.cookie);
    expect(stolen.statusCode).toBe(403);
    const half = await post(t.app, rename.path, { name: 'X' }, owner.cookie, { 'x-client-id': randomUUID() });
    expect(half.statusCode).toBe(400);
    const notUuid = await mutate('device-1', 1, { name: 'X' });
    expect(notUuid.statusCode).toBe(400);
    const zero = await mutate(randomUUID(), 0, { name: 'X' });
    expect(zero.statusCode).toBe(400);
  });

  it('a customer session cannot run an owner mutation, headers or not', async () => {
    await setup();
    const guest = (await post(t.app, '/api/user/login', { isAnonymus: true })).cookies[0];
    const cookie = `comanda_sid=${guest?.value}`;
    const before = await rowCounts(t.app);
    const asGuest = await mutate(randomUUID(), 1, { name: 'X' }, cookie);
    expect(asGuest.statusCode).toBe(403);
    // Not judged: the client keeps the mutation for after the owner signs in again.
    expect(asGuest.headers['x-comanda-judged']).toBeUndefined();
    expect((await post(t.app, rename.path, { name: 'X' })).statusCode).toBe(401);
    expect(await rowCounts(t.app)).toEqual(before);
  });
});

describe('sync core: Idempotency-Key', () => {
  it('stores the answer of a header-less call under its key', async () => {
    await setup();
    const key = { 'idempotency-key': 'ordine-0001' };
    const body = { ownerId: owner.venueId, note: 'senza cipolla' };
    const first = await post(t.app, publicOrder.path, body, undefined, key);
    expect(first.statusCode).toBe(200);
    const before = await rowCounts(t.app);
    const again = await post(t.app, publicOrder.path, body, undefined, key);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['x-comanda-replayed']).toBe('1');
    expect(await rowCounts(t.app)).toEqual(before);

    const reused = await post(t.app, publicOrder.path, { ...body, note: 'altro' }, undefined, key);
    expect(reused.statusCode).toBe(409);
    const short = await post(t.app, publicOrder.path, body, undefined, { 'idempotency-key': 'corta' });
    expect(short.statusCode).toBe(400);
    const without = await post(t.app, publicOrder.path, body);
    expect(without.json().id).not.toBe(first.json().id);
  });

  it('refuses a change for a venue that does not exist, writing nothing', async () => {
    await setup();
    const before = await rowCounts(t.app);
    const res = await post(t.app, publicOrder.path, { ownerId: 'nessuno', note: 'x' }, undefined, {
      'idempotency-key': 'ordine-0002',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ success: false, code: 'business_id_error' });
    expect(await rowCounts(t.app)).toEqual(before);
  });

  it('a key past its day is judged afresh, whether or not it was swept yet', async () => {
    await setup();
    const key = { 'idempotency-key': 'ordine-0003' };
    const body = { ownerId: owner.venueId, note: 'domani' };
    const first = await post(t.app, publicOrder.path, body, undefined, key);
    // Another key's send sweeps the expired keys now; the next sweep is not due for a minute.
    t.app.clock.advance(24 * 3600_000 - 30_000);
    await post(t.app, publicOrder.path, body, undefined, { 'idempotency-key': 'ordine-0004' });
    t.app.clock.advance(30_001);
    const again = await post(t.app, publicOrder.path, body, undefined, key);
    expect(again.statusCode).toBe(200);
    expect(again.headers['x-comanda-replayed']).toBeUndefined();
    expect(again.json().id).not.toBe(first.json().id);
    // And its new answer is the one replayed from now on.
    const third = await post(t.app, publicOrder.path, body, undefined, key);
    expect(third.headers['x-comanda-replayed']).toBe('1');
    expect(third.json()).toEqual(again.json());
  });

  it('works for owner mutations sent without client ids', async () => {
    await setup();
    const key = { 'idempotency-key': randomUUID() };
    const a = await post(t.app, rename.path, { name: 'Uno' }, owner.cookie, key);
    const b = await post(t.app, rename.path, { name: 'Uno' }, owner.cookie, key);
    expect(a.statusCode).toBe(200);
    expect(b.headers['x-comanda-replayed']).toBe('1');
    expect(b.headers['x-comanda-version']).toBe('1');
  });
});

describe('change log', () => {
  it('pages by whole versions and resets when the cursor is too old or ahead', async () => {
    await setup();
    const client = randomUUID();
    await mutate(client, 1, { name: 'A', extra: 1 }); // v1: 2 rows
    await mutate(client, 2, { name: 'B' }); // v2: 1 row
    await mutate(client, 3, { name: 'C', extra: 4 }); // v3: 5 rows
    const get = (q: string) =>
      t.app
        .inject({ method: 'GET', url: `/api/sync/changes?${q}`, headers: { cookie: owner.cookie } })
        .then((r) => r.json());

    const p1 = await get('since=0&limit=3');
    expect(p1).toMatchObject({ success: true, reset: false, hasMore: true, version: 2 });
    expect(p1.changes.map((c: { version: number }) => c.version)).toEqual([1, 1, 2]);
    expect(p1.changes[0]).toMatchObject({ entity: 'business', entityId: owner.venueId, op: 'put' });
    expect(p1.changes[0].data).toMatchObject({ name: 'A', costoConsegna: 0, orderEnabled: 1 });
    expect(BusinessRow.safeParse(p1.changes[0].data).success).toBe(true);

    // One version larger than a page is sent whole.
    const p2 = await get('since=2&limit=3');
    expect(p2).toMatchObject({ hasMore: false, version: 3 });
    expect(p2.changes).toHaveLength(5);
    expect(p2.changes.find((c: { op: string }) => c.op === 'delete')).not.toHaveProperty('data');

    expect(await get('since=3')).toEqual({
      success: true,
      reset: false,
      changes: [],
      version: 3,
      generation: expect.any(String),
      hasMore: false,
    });
    expect(await get('since=9')).toEqual({
      success: true,
      reset: true,
      version: 3,
      generation: expect.any(String),
    });
    await t.app.store.db.update(venues).set({ changeLogFloor: 2 }).where(eq(venues.id, owner.venueId));
    expect(await get('since=1')).toEqual({
      success: true,
      reset: true,
      version: 3,
      generation: expect.any(String),
    });
    expect((await get('since=2')).reset).toBe(false);
  });

  it('keeps every change of a mutation bigger than one insert takes, in order', async () => {
    await setup();
    // 1 + 40 rows: three multi-row inserts (db/client.ts ROWS_PER_INSERT), one version.
    await mutate(randomUUID(), 1, { name: 'Tanti', extra: 40 });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/sync/changes?since=0&limit=100',
      headers: { cookie: owner.cookie },
    });
    const rows = res.json().changes as Array<{
      version: number;
      entityId: string;
      op: string;
      data?: unknown;
    }>;
    expect(rows.map((c) => c.entityId)).toEqual([
      owner.venueId,
      ...Array.from({ length: 40 }, (_, i) => `t${i}`),
    ]);
    expect(new Set(rows.map((c) => c.version))).toEqual(new Set([1]));
    expect(rows[2]).toMatchObject({ op: 'delete' });
    expect(rows[2]).not.toHaveProperty('data');
    expect(rows[40]).toMatchObject({ op: 'delete' });
    expect(rows[41]).toBeUndefined();
    expect(rows[39]).toMatchObject({ op: 'put', data: { i: 38 } });
  });

  it('snapshot lists the venue settings at its version', async () => {
    await setup();
    await mutate(randomUUID(), 1, { name: 'Osteria' });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/sync/snapshot',
      headers: { cookie: owner.cookie },
    });
    expect(res.statusCode).toBe(200);
    const snap = res.json();
    expect(snap.version).toBe(1);
    expect(snap.rows).toEqual([
      {
        entity: 'business',
        entityId: owner.venueId,
        data: expect.objectContaining({
          id: owner.venueId,
          name: 'Osteria',
          openingTime: '18:00',
          abilitaConsegna: 0,
          chatEnabled: 1,
          is_closed: 0,
          messaggioChiusura: null,
        }),
      },
    ]);
    for (const row of snap.rows) expect(entitySchemas.business.safeParse(row.data).success).toBe(true);
  });

  it("snapshot and changes carry the database's generation, the same on both, so a cursor names it", async () => {
    await setup();
    const get = async (url: string) =>
      (await t.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } })).json() as {
        generation: string;
      };
    const snap = await get('/api/sync/snapshot');
    const changes = await get('/api/sync/changes?since=0');
    expect(snap.generation).toMatch(/^[0-9a-f]{32}$/);
    expect(changes.generation).toBe(snap.generation);
  });
});
