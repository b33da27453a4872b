import { once } from 'node:events';
import { CARD_CHECKOUT_MS, calls, t } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../test-support/fakes/stripe.ts';
import {
  deliveryBody,
  deliveryOptions,
  pendingCount,
  sendDelivery,
  storedDeliveries,
} from '../../test-support/kits/delivery.ts';
import { OPEN_NOW, setVenue } from '../../test-support/kits/ordering.ts';
import {
  type CardVenue,
  cardBody,
  deliverEvent,
  paymentStatus,
  placeCardOrder,
  sendCard,
  setupCardVenue,
} from '../../test-support/kits/payments.ts';
import { changeLog, connectLive, type LiveClient, listen } from '../../test-support/kits/rooms.ts';
import { createGuest, createTestApp, post } from '../../test-support/test-app.ts';
import { first } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import { CHECKOUT_RECHECK_MS } from './checkout-expiry.ts';

/**
 * Card checkouts (spec 4 "Customer order flow"): a card order reaches the owner for a decision
 * only once paid, exactly as a new order does and once; one left unpaid past CARD_CHECKOUT_MS
 * has its intent canceled at Stripe, frees its slot and never reaches the owner. The server's
 * clock is moved on (app.clock) and the sweep run by hand; Stripe is the fake on loopback.
 */
let fake: FakeStripe;
let v: CardVenue;
const sockets: LiveClient[] = [];

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.stop();
});
beforeEach(async () => {
  fake.reset();
  v = await setupCardVenue(fake);
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.ws.terminate();
  await v.app.close();
});

const app = () => v.app.app;
const orderRow = (id: string) => first(app().store.db.select().from(orders).where(eq(orders.id, id)));
const orderChanges = async (id: string) =>
  (await changeLog(v.app, v.owner.venueId)).filter((c) => c.entityId === id || c.entity === 'line');

async function ownerSocket(): Promise<LiveClient> {
  const client = await connectLive(await listen(v.app), `ownerId=${v.owner.venueId}`, v.owner.cookie);
  sockets.push(client);
  return client;
}

/** A ping answered: every frame the server wrote before it has arrived. */
async function drained(client: LiveClient): Promise<LiveClient['frames']> {
  const pong = once(client.ws, 'pong');
  client.ws.ping();
  await pong;
  return client.frames.filter((f) => f.event !== 'connect');
}

const eventsOf = (frames: LiveClient['frames'], ...names: string[]) =>
  frames.filter((f) => names.includes(f.event));

/** The deadline passes on the server's clock, and the sweep comes by. */
async function pastDeadline(extraMs = 1): Promise<void> {
  app().clock.advance(CARD_CHECKOUT_MS + extraMs);
  await app().checkouts.runOnce();
}

describe('a card checkout before it is paid', () => {
  it('is stored with its slot, uncounted, silent, and no decision can be taken on it', async () => {
    const owner = await ownerSocket();
    const order = await placeCardOrder(v);
    const frames = await drained(owner);
    expect(frames.map((f) => f.event)).toEqual(['cardCheckout']);
    expect(frames[0]?.data).toEqual({ deliveryId: order.deliveryId });
    expect(await pendingCount(v)).toBe(0);
    // The dashboard's own reads find no entry of the owner's either.
    const read = await post(
      app(),
      calls.dashboardTableGet.path,
      { tableId: order.deliveryId },
      v.owner.cookie,
    );
    expect(read.statusCode).toBe(404);
    for (const call of [calls.deliveryAccept.path, calls.deliveryReject.path]) {
      const res = await v.tablet.send(call, { deliveryId: order.deliveryId });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', error: t.checkoutNotPaid });
    }
    expect(await orderRow(order.deliveryId)).toMatchObject({
      accettato: false,
      closedAt: null,
      statusPay: false,
    });
    expect((await deliveryOptions(v)).reservation.map((r) => r.orario)).not.toContain('20:00');
    await setVenue(v.app, v.owner.venueId, { slotCapacity: 1 });
    expect((await deliveryOptions(v)).reservation.map((r) => r.orario)).toContain('20:00');
  });
});

describe('paid: the order reaches the owner as a new order does, once', () => {
  it('webhook first, then the return page: one `order`, one count, one change', async () => {
    const owner = await ownerSocket();
    const order = await placeCardOrder(v);
    await fake.confirm(order.paymentIntentId);
    const event = fake.event('payment_intent.succeeded', order.paymentIntentId);
    expect((await deliverEvent(v, event)).statusCode).toBe(200);
    expect((await deliverEvent(v, event)).statusCode).toBe(200);
    expect((await paymentStatus(v, order.paymentIntentId)).json()).toMatchObject({
      paymentStatus: 'paid',
      statusPay: 1,
    });
    const again = fake.event('payment_intent.succeeded', order.paymentIntentId);
    expect((await deliverEvent(v, again)).statusCode).toBe(200);

    const frames = await drained(owner);
    const arrivals = eventsOf(frames, 'order');
    expect(arrivals).toHaveLength(1);
    expect(arrivals[0]?.data).toMatchObject({
      table: {
        id: order.deliveryId,
        deliveryId: order.deliveryId,
        accettato: 0,
        statusPay: 1,
        reservations: [expect.objectContaining({ accettato: 0 }), expect.objectContaining({ accettato: 0 })],
      },
    });
    expect(arrivals[0]?.data.table).not.toHaveProperty('checkoutUntil');
    expect(eventsOf(frames, 'updateCountDelivery').map((f) => f.data)).toEqual([{ count: 1 }]);
    expect(await pendingCount(v)).toBe(1);
    expect(await orderRow(order.deliveryId)).toMatchObject({
      checkoutUntil: null,
      statusPay: true,
      closedAt: null,
    });
    const paidRows = (await changeLog(v.app, v.owner.venueId)).filter(
      (c) => c.entity === 'order' && c.entityId === order.deliveryId && c.op === 'put',
    );
    expect(paidRows.map((c) => (c.data as { statusPay: number }).statusPay)).toEqual([0, 1]);
    expect(paidRows.at(-1)?.data).not.toHaveProperty('checkoutUntil');

    // Now the owner's to decide, like any delivery.
    const accept = await v.tablet.send(calls.deliveryAccept.path, { deliveryId: order.deliveryId });
    expect(accept.statusCode, accept.body).toBe(200);
  });

  it('the return page first, then the webhook: still once', async () => {
    const owner = await ownerSocket();
    const order = await placeCardOrder(v);
    await fake.confirm(order.paymentIntentId);
    await Promise.all([
      paymentStatus(v, order.paymentIntentId),
      deliverEvent(v, fake.event('payment_intent.succeeded', order.paymentIntentId)),
      paymentStatus(v, order.paymentIntentId),
    ]);
    const frames = await drained(owner);
    expect(eventsOf(frames, 'order')).toHaveLength(1);
    expect(eventsOf(frames, 'updateCountDelivery')).toHaveLength(1);
    expect(eventsOf(frames, 'changeStatusPay')).toHaveLength(1);
  });
});

describe('unpaid past its deadline: expired', () => {
  it('intent canceled at Stripe, slot freed, rows deleted from the devices, never reaches the owner', async () => {
    await setVenue(v.app, v.owner.venueId, { slotCapacity: 1 });
    const owner = await ownerSocket();
    const order = await placeCardOrder(v);
    const other = await createGuest(v.app);
    const taken = await sendDelivery(v, deliveryBody(v, { nome: 'Marco' }), other);
    expect(taken.json()).toMatchObject({ code: 'SLOT_TAKEN' });

    // Not before its time.
    app().clock.advance(CARD_CHECKOUT_MS - 60_000);
    await app().checkouts.runOnce();
    expect(fake.count('cancelIntent')).toBe(0);
    expect((await orderRow(order.deliveryId))?.closedAt).toBeNull();

    app().clock.advance(60_001);
    await app().checkouts.runOnce();
    expect(fake.count('cancelIntent')).toBe(1);
    expect(fake.intent(order.paymentIntentId)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    expect(await orderRow(order.deliveryId)).toMatchObject({ statusPay: false, accettato: false });
    expect((await orderRow(order.deliveryId))?.closedAt).not.toBeNull();
    const deletes = (await orderChanges(order.deliveryId)).filter((c) => c.op === 'delete');
    expect(deletes.map((c) => c.entity).sort()).toEqual(['line', 'line', 'order']);
    const frames = await drained(owner);
    expect(frames.map((f) => f.event)).toEqual(['cardCheckout', 'removeDelivery']);
    expect(await pendingCount(v)).toBe(0);

    // Its place is free again; a second pass changes nothing.
    const retry = await sendDelivery(v, deliveryBody(v, { nome: 'Marco' }), other);
    expect(retry.statusCode, retry.body).toBe(200);
    await app().checkouts.runOnce();
    expect(fake.count('cancelIntent')).toBe(1);

    // The customer's return page says so; the card send under the same id is refused.
    expect((await paymentStatus(v, order.paymentIntentId)).json()).toMatchObject({
      paymentStatus: 'expired',
      statusPay: 0,
    });
    const resend = await sendCard(v, cardBody(v, { deliveryId: order.deliveryId }));
    expect(resend.statusCode).toBe(409);
    expect(resend.json()).toMatchObject({ code: 'CONFLICT', error: t.checkoutExpired });
    const card = await fake.confirm(order.paymentIntentId).catch((err: Error) => err);
    expect(card).toBeInstanceOf(Error);
  });

  it('the return page settles a due checkout itself, before the sweep comes by', async () => {
    const order = await placeCardOrder(v);
    app().clock.advance(CARD_CHECKOUT_MS);
    const res = await paymentStatus(v, order.paymentIntentId);
    expect(res.json()).toMatchObject({ paymentStatus: 'expired', statusPay: 0 });
    expect(fake.intent(order.paymentIntentId)?.status).toBe('canceled');
    expect((await orderRow(order.deliveryId))?.closedAt).not.toBeNull();
  });

  it('Stripe unreachable at the deadline: kept as it is, expired at a later pass', async () => {
    const order = await placeCardOrder(v);
    fake.failNext({ op: 'cancelIntent', status: 503, times: 2 });
    await pastDeadline();
    expect(await orderRow(order.deliveryId)).toMatchObject({ closedAt: null });
    expect((await orderRow(order.deliveryId))?.checkoutUntil).not.toBeNull();
    await app().checkouts.runOnce();
    expect(fake.intent(order.paymentIntentId)?.status).toBe('canceled');
    expect((await orderRow(order.deliveryId))?.closedAt).not.toBeNull();
  });
});

describe('the races', () => {
  it('paid just before the cancel (no webhook yet): the cancel is refused, the order is paid and reaches the owner once', async () => {
    const owner = await ownerSocket();
    const order = await placeCardOrder(v);
    await fake.confirm(order.paymentIntentId);
    await pastDeadline();
    expect(fake.intent(order.paymentIntentId)?.status).toBe('succeeded');
    expect(await orderRow(order.deliveryId)).toMatchObject({
      closedAt: null,
      checkoutUntil: null,
      statusPay: true,
    });
    // The webhook and the return page arrive afterwards: nothing more.
    await deliverEvent(v, fake.event('payment_intent.succeeded', order.paymentIntentId));
    expect((await paymentStatus(v, order.paymentIntentId)).json()).toMatchObject({ paymentStatus: 'paid' });
    const frames = await drained(owner);
    expect(eventsOf(frames, 'order')).toHaveLength(1);
    expect(eventsOf(frames, 'removeDelivery')).toHaveLength(0);
    expect(await pendingCount(v)).toBe(1);
    expect(fake.refunds()).toEqual([]);
  });

  it('still processing at the deadline: looked at again later, not expired', async () => {
    const order = await placeCardOrder(v);
    await fake.confirm(order.paymentIntentId, 'pm_card_processing');
    await pastDeadline();
    const row = await orderRow(order.deliveryId);
    expect(row).toMatchObject({ closedAt: null, statusPay: false });
    expect(row?.checkoutUntil).toBe((row?.updatedAt ?? 0) + CHECKOUT_RECHECK_MS);
    expect(await pendingCount(v)).toBe(0);
    // The bank says yes: paid, to the owner.
    const intent = fake.intent(order.paymentIntentId);
    if (intent) intent.status = 'succeeded';
    app().clock.advance(CHECKOUT_RECHECK_MS);
    await app().checkouts.runOnce();
    expect(await orderRow(order.deliveryId)).toMatchObject({
      closedAt: null,
      checkoutUntil: null,
      statusPay: true,
    });
    expect(await pendingCount(v)).toBe(1);
  });

  it('a payment reaching a checkout already expired is refunded once; the order stays expired', async () => {
    const owner = await ownerSocket();
    const order = await placeCardOrder(v);
    // Stripe refused the cancel for a reason of its own: dropped all the same, the intent open.
    fake.failNext({ op: 'cancelIntent', status: 400, code: 'account_invalid', message: 'Account revoked' });
    await pastDeadline();
    expect((await orderRow(order.deliveryId))?.closedAt).not.toBeNull();
    await fake.confirm(order.paymentIntentId);
    const event = fake.event('payment_intent.succeeded', order.paymentIntentId);
    expect((await deliverEvent(v, event)).statusCode).toBe(200);
    expect((await paymentStatus(v, order.paymentIntentId)).json()).toMatchObject({
      paymentStatus: 'expired',
    });
    expect((await deliverEvent(v, event)).statusCode).toBe(200);
    expect(fake.refunds()).toEqual([
      expect.objectContaining({ payment_intent: order.paymentIntentId, status: 'succeeded' }),
    ]);
    expect(await orderRow(order.deliveryId)).toMatchObject({ statusPay: false, accettato: false });
    const frames = await drained(owner);
    expect(eventsOf(frames, 'order', 'updateCountDelivery')).toEqual([]);
    expect(await pendingCount(v)).toBe(0);
  });
});

describe('the sweep', () => {
  it('runs with the app: a checkout whose time ran out while the server was down expires at start', async () => {
    const first = await setupCardVenue(fake);
    const order = await placeCardOrder(first);
    await first.app.app.close();
    const later = new Date(Date.parse(OPEN_NOW) + CARD_CHECKOUT_MS + 60_000).toISOString();
    const restarted = await createTestApp({
      dir: first.app.dir,
      env: { ...fake.env, COMANDA_FAKE_NOW: later },
    });
    try {
      await vi.waitFor(async () => {
        expect(fake.intent(order.paymentIntentId)?.status).toBe('canceled');
        const [row] = await restarted.app.store.db
          .select()
          .from(orders)
          .where(eq(orders.id, order.deliveryId));
        expect(row?.closedAt).not.toBeNull();
      });
    } finally {
      await restarted.close();
    }
  });

  it('finds due checkouts through its partial index, a bounded batch', () => {
    const plan = app()
      .store.sqlite.prepare(
        'EXPLAIN QUERY PLAN SELECT * FROM orders WHERE checkout_until IS NOT NULL AND closed_at IS NULL AND checkout_until <= ? ORDER BY checkout_until LIMIT ?',
      )
      .all(Date.now(), 25) as Array<{ detail: string }>;
    expect(plan.map((p) => p.detail).join(' | ')).toMatch(/USING INDEX orders_checkout_due/);
  });

  it('orders paid at the counter are untouched by it, however old', async () => {
    const cash = await sendDelivery(v, deliveryBody(v));
    expect(cash.statusCode, cash.body).toBe(200);
    app().clock.advance(CARD_CHECKOUT_MS * 4);
    expect(await app().checkouts.runOnce()).toBe(0);
    expect((await storedDeliveries(v)).map((o) => o.closedAt)).toEqual([null]);
    expect(await pendingCount(v)).toBe(1);
  });
});
