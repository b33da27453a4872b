import { calls, syncCalls, t, WAITER_ANSWER_SHOWN_MS, WAITER_CALL_COOLDOWN_MS } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { seedDelivery } from '../../test-support/kits/dashboard.ts';
import { setupVenue, type Venue } from '../../test-support/kits/ordering.ts';
import { connectLive, device, type LiveClient, listen, settle } from '../../test-support/kits/rooms.ts';
import { createOwner, post, rowCounts } from '../../test-support/test-app.ts';
import { first } from '../db/client.ts';
import { diningTables } from '../db/schema.ts';

/**
 * Waiter calls (spec 2.6, 4 "Table call") and the dashboard's other floating controls: the chat
 * switch and the delivery button's count. Real sockets: the venue's tablets hear a call, the
 * table's customers and other venues do not.
 */
let v: Venue;
let tabletA: LiveClient;
let tabletB: LiveClient;
let customer: LiveClient;
let stranger: LiveClient;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  v = await setupVenue();
  const base = await listen(v.app);
  const other = await createOwner(v.app);
  tabletA = await connectLive(base, `ownerId=${v.owner.venueId}`, v.owner.cookie);
  tabletB = await connectLive(base, `ownerId=${v.owner.venueId}`, v.owner.cookie);
  customer = await connectLive(base, `ownerId=${v.owner.venueId}&tableId=${v.tableId}`, v.guest);
  stranger = await connectLive(base, `ownerId=${other.venueId}`, other.cookie);
  sockets.push(tabletA.ws, tabletB.ws, customer.ws, stranger.ws);
});
afterEach(async () => {
  for (const ws of sockets.splice(0)) if (ws.readyState === WebSocket.OPEN) ws.terminate();
  await v.app.close();
});

const called = async (tableId = v.tableId) =>
  (await first(v.app.app.store.db.select().from(diningTables).where(eq(diningTables.id, tableId))))?.called;

const callWaiter = (body: Record<string, unknown>, cookie = v.guest, headers: Record<string, string> = {}) =>
  post(v.app.app, calls.userTableCall.path, body, cookie, headers);

const tableNumber = async () =>
  (await first(v.app.app.store.db.select().from(diningTables).where(eq(diningTables.id, v.tableId))))?.number;

describe('a customer calls the waiter', () => {
  it('flags the table, rings every tablet of the venue with the table number, and logs the change', async () => {
    const res = await callWaiter({ ownerId: v.owner.venueId, tableId: v.tableId });
    expect(res.statusCode, res.body).toBe(200);
    expect(await called()).toBe(true);
    const version = Number(res.headers['x-comanda-version']);
    for (const tablet of [tabletA, tabletB]) {
      expect(await tablet.next('calledService')).toEqual({
        event: 'calledService',
        data: { tableId: v.tableId, number: await tableNumber() },
        version,
      });
    }
    await settle();
    expect(customer.frames).toEqual([]);
    expect(stranger.frames).toEqual([]);
    // Owner devices keep the flag offline: it is in the change log and the snapshot.
    const snap = await v.app.app.inject({
      method: 'GET',
      url: syncCalls.snapshot.path,
      headers: { cookie: v.owner.cookie },
    });
    const row = snap.json().rows.find((r: { entity: string; entityId: string }) => r.entityId === v.tableId);
    expect(row?.data.called).toBe(true);
  });

  it('a second call within 2 minutes is refused; later, while nobody has answered, it rings nothing more', async () => {
    await callWaiter({ ownerId: v.owner.venueId, tableId: v.tableId });
    await tabletA.next('calledService');
    const before = await rowCounts(v.app.app);
    const again = await callWaiter({ ownerId: v.owner.venueId, tableId: v.tableId });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'RATE_LIMITED', error: t.waiterCallTooSoon });
    v.app.app.clock.advance(WAITER_CALL_COOLDOWN_MS);
    const later = await callWaiter({ ownerId: v.owner.venueId, tableId: v.tableId });
    expect(later.statusCode, later.body).toBe(200);
    await settle();
    expect(tabletA.frames.filter((f) => f.event === 'calledService')).toEqual([]);
    const after = await rowCounts(v.app.app);
    expect([after.changes, after.table_calls]).toEqual([before.changes, before.table_calls]);
  });

  it('the phones read the call: received, answered by a tablet (told live, with the time), wait 2 minutes', async () => {
    const state = async () =>
      (
        await post(
          v.app.app,
          calls.userTableCallGet.path,
          { ownerId: v.owner.venueId, tableId: v.tableId },
          v.guest,
        )
      ).json();
    expect(await state()).toEqual({ success: true, call: null });
    await callWaiter({ ownerId: v.owner.venueId, tableId: v.tableId });
    const calledAt = v.app.app.clock.now().toISOString();
    const first = await state();
    expect(first.call.answeredAt).toBeNull();
    expect(Math.abs(Date.parse(first.call.calledAt) - Date.parse(calledAt))).toBeLessThan(1000);
    expect(first.call.callAgainInMs).toBeGreaterThan(WAITER_CALL_COOLDOWN_MS - 1000);
    expect(first.call.callAgainInMs).toBeLessThanOrEqual(WAITER_CALL_COOLDOWN_MS);

    v.app.app.clock.advance(30_000);
    await v.tablet.send(calls.dashboardCallDiscard.path, { tableId: v.tableId });
    const told = await customer.next('discardNotification');
    expect(told.data.tableId).toBe(v.tableId);
    const answered = await state();
    expect(told.data.answeredAt).toBe(answered.call.answeredAt);
    expect(answered.call.answeredAgoMs).toBeLessThan(5_000);
    expect(first.call).not.toHaveProperty('answeredAgoMs');
    expect(Date.parse(answered.call.answeredAt) - Date.parse(answered.call.calledAt)).toBeGreaterThanOrEqual(
      30_000,
    );
    expect(answered.call.callAgainInMs).toBeLessThanOrEqual(WAITER_CALL_COOLDOWN_MS - 30_000);
    // Answered, but the 2 minutes are not over: still refused; then it rings again.
    expect((await callWaiter({ ownerId: v.owner.venueId, tableId: v.tableId })).statusCode).toBe(429);
    v.app.app.clock.advance(WAITER_CALL_COOLDOWN_MS);
    expect((await state()).call.callAgainInMs).toBe(0);
    expect((await callWaiter({ ownerId: v.owner.venueId, tableId: v.tableId })).statusCode).toBe(200);
    expect((await tabletA.next('calledService')).data.tableId).toBe(v.tableId);
    expect((await state()).call.answeredAt).toBeNull();
    // Answered: shown for WAITER_ANSWER_SHOWN_MS (the phones count it down), then the call is done.
    await v.tablet.send(calls.dashboardCallDiscard.path, { tableId: v.tableId });
    v.app.app.clock.advance(WAITER_ANSWER_SHOWN_MS - 60_000);
    expect((await state()).call.answeredAgoMs).toBeGreaterThanOrEqual(WAITER_ANSWER_SHOWN_MS - 60_000);
    v.app.app.clock.advance(60_001);
    expect((await state()).call).toBeNull();
    // Another venue's table, read through this venue: refused.
    const other = await createOwner(v.app);
    const res = await post(
      v.app.app,
      calls.userTableCallGet.path,
      { ownerId: other.venueId, tableId: v.tableId },
      v.guest,
    );
    expect(res.json().code).toBe('TABLE_INVALID');
  });

  it("another venue's table, an unknown venue, or no session: refused, nothing flagged", async () => {
    const other = await createOwner(v.app);
    const cases: Array<[Record<string, unknown>, string | undefined, number, string]> = [
      [{ ownerId: other.venueId, tableId: v.tableId }, v.guest, 404, 'TABLE_INVALID'],
      [{ ownerId: v.tableId, tableId: v.tableId }, v.guest, 404, 'business_id_error'],
      [{ ownerId: v.owner.venueId, tableId: v.tableId }, undefined, 401, 'UNAUTHORIZED'],
    ];
    for (const [body, cookie, status, code] of cases) {
      const res = await post(v.app.app, calls.userTableCall.path, body, cookie);
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json().code).toBe(code);
    }
    expect(await called()).toBe(false);
    await settle();
    expect(tabletA.frames).toEqual([]);
  });
});

describe('an owner dismisses the call', () => {
  beforeEach(async () => {
    await callWaiter({ ownerId: v.owner.venueId, tableId: v.tableId });
    await tabletA.next('calledService');
    await tabletB.next('calledService');
  });

  it('through the outbox call: the flag goes down and the other tablet hears discardNotification', async () => {
    const res = await v.tablet.send(
      calls.dashboardCallDiscard.path,
      { tableId: v.tableId },
      tabletA.socketId,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(await called()).toBe(false);
    expect(await tabletB.next('discardNotification')).toEqual({
      event: 'discardNotification',
      data: { tableId: v.tableId, answeredAt: expect.any(String) },
      version: Number(res.headers['x-comanda-version']),
    });
    await settle();
    expect(tabletA.frames).toEqual([]);
    // Dismissing twice (a second tablet offline at the time) is a no-op, not an error.
    const twice = await v.tablet.send(calls.dashboardCallDiscard.path, { tableId: v.tableId });
    expect(twice.statusCode, twice.body).toBe(200);
  });

  it("through the spec's socket event discardCalledTable", async () => {
    tabletA.ws.send(
      JSON.stringify({
        event: 'discardCalledTable',
        data: { tableId: v.tableId, ownerId: v.owner.venueId },
      }),
    );
    expect((await tabletB.next('discardNotification')).data).toMatchObject({ tableId: v.tableId });
    expect(await called()).toBe(false);
  });

  it('another venue cannot dismiss it, by call or by socket', async () => {
    const other = await createOwner(v.app);
    const res = await device(v.app, other).send(calls.dashboardCallDiscard.path, { tableId: v.tableId });
    expect(res.statusCode).toBe(404);
    stranger.ws.send(
      JSON.stringify({
        event: 'discardCalledTable',
        data: { tableId: v.tableId, ownerId: v.owner.venueId },
      }),
    );
    customer.ws.send(
      JSON.stringify({
        event: 'discardCalledTable',
        data: { tableId: v.tableId, ownerId: v.owner.venueId },
      }),
    );
    await settle();
    expect(await called()).toBe(true);
    expect(tabletB.frames).toEqual([]);
  });
});

describe('chat switch', () => {
  it('toggles, tells owners and customers live, and both gets read it', async () => {
    const get = async () =>
      (await post(v.app.app, calls.userChatGet.path, { ownerId: v.owner.venueId }, v.guest)).json();
    expect(await get()).toEqual({ success: true, chatEnabled: 1 });
    const off = await v.tablet.send(calls.ownerChatToggle.path, {}, tabletA.socketId);
    expect(off.json()).toEqual({ success: true, chatEnabled: 0 });
    expect((await tabletB.next('disableChat')).data).toEqual({});
    expect((await customer.next('disableChat')).data).toEqual({});
    expect(await get()).toEqual({ success: true, chatEnabled: 0 });
    const owner = await post(v.app.app, calls.ownerChatGet.path, {}, v.owner.cookie);
    expect(owner.json()).toEqual({ success: true, chatEnabled: 0 });
    await v.tablet.send(calls.ownerChatToggle.path, {});
    expect((await customer.next('enableChat')).data).toEqual({});
    expect(await get()).toEqual({ success: true, chatEnabled: 1 });
    await settle();
    expect(stranger.frames).toEqual([]);
  });
});

describe('delivery count', () => {
  it('counts only deliveries and pickups awaiting a decision, of this venue', async () => {
    const count = async (cookie = v.owner.cookie) =>
      (await v.app.app.inject({ method: 'GET', url: calls.deliveryCount.path, headers: { cookie } })).json();
    expect(await count()).toEqual({ success: true, result: 0 });
    await seedDelivery(v, { accettato: false, lines: [{ name: 'Pizza', price: 800, amount: 1 }] });
    await seedDelivery(v, {
      kind: 'ritiro',
      accettato: false,
      lines: [{ name: 'Pizza', price: 800, amount: 1 }],
    });
    await seedDelivery(v, { accettato: true, lines: [{ name: 'Pizza', price: 800, amount: 1 }] });
    expect(await count()).toEqual({ success: true, result: 2 });
    const other = await createOwner(v.app);
    expect(await count(other.cookie)).toEqual({ success: true, result: 0 });
  });
});
