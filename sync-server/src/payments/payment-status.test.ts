import { SYNC_HEADERS, t } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../test-support/fakes/stripe.ts';
import { deliveryBody, everything, sendDelivery } from '../../test-support/kits/delivery.ts';
import {
  type CardVenue,
  deliverEvent,
  paidCardOrder,
  paymentStatus,
  placeCardOrder,
  setupCardVenue,
} from '../../test-support/kits/payments.ts';
import { changeLog, connectLive, type LiveClient, listen, settle } from '../../test-support/kits/rooms.ts';
import { first } from '../db/client.ts';
import { orders } from '../db/schema.ts';

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

const orderRow = (id: string) => first(v.app.app.store.db.select().from(orders).where(eq(orders.id, id)));
const orderChanges = async (id: string) =>
  (await changeLog(v.app, v.owner.venueId)).filter((c) => c.entity === 'order' && c.entityId === id);

async function ownerSocket(): Promise<LiveClient> {
  const client = await connectLive(await listen(v.app), `ownerId=${v.owner.venueId}`, v.owner.cookie);
  sockets.push(client);
  return client;
}

describe('the webhook', () => {
  it('payment_intent.succeeded sent three times changes the status once: one change row, one event', async () => {
    const owner = await ownerSocket();
    const paid = await paidCardOrder(v);
    const event = fake.event('payment_intent.succeeded', paid.paymentIntentId);
    const before = (await orderChanges(paid.deliveryId)).length;
    for (let i = 0; i < 3; i++) {
      const res = await deliverEvent(v, event);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    expect((await orderRow(paid.deliveryId))?.statusPay).toBe(true);
    const after = await orderChanges(paid.deliveryId);
    expect(after.length).toBe(before + 1);
    expect(after.at(-1)?.data).toMatchObject({ statusPay: 1, paymentIntentId: paid.paymentIntentId });
    await settle();
    const frames = owner.frames.filter((f) => f.event === 'changeStatusPay');
    expect(frames).toEqual([
      expect.objectContaining({
        data: { deliveryId: paid.deliveryId, status: 1 },
        version: after.at(-1)?.version,
      }),
    ]);

    // The success page and another event of the same payment afterwards change nothing either.
    const versions = (await everything(v)).versions;
    expect((await paymentStatus(v, paid.paymentIntentId)).json()).toMatchObject({
      paymentStatus: 'paid',
      statusPay: 1,
      deliveryId: paid.deliveryId,
    });
    expect(
      (await deliverEvent(v, fake.event('payment_intent.succeeded', paid.paymentIntentId))).statusCode,
    ).toBe(200);
    expect((await everything(v)).versions).toEqual(versions);
  });

  it('unsigned, wrongly signed, tampered or unconfigured: 400, nothing changes', async () => {
    const paid = await paidCardOrder(v);
    const event = fake.event('payment_intent.succeeded', paid.paymentIntentId);
    const before = await everything(v);
    const { payload, headers } = fake.signed(event);
    const send = (body: string, h: Record<string, string>) =>
      v.app.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload: body, headers: h });
    const refused = [
      await send(payload, { 'content-type': 'application/json' }),
      await deliverEvent(v, event, 'whsec_not_ours'),
      await send(payload.replace('"succeeded"', '"succeeded" '), headers),
      await send(JSON.stringify({ ...event, account: 'acct_other' }), headers),
    ];
    for (const res of refused) {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    }
    expect(await everything(v)).toEqual(before);

    const noSecret = await setupCardVenue(fake, { webhookSecret: false });
    try {
      const res = await deliverEvent(noSecret, event);
      expect(res.statusCode).toBe(400);
    } finally {
      await noSecret.app.close();
    }
  });

  it('payment_failed leaves an unpaid order as it is; an intent that is not ours is ignored (200)', async () => {
    const order = await placeCardOrder(v);
    await fake.confirm(order.paymentIntentId, 'pm_card_chargeDeclined');
    const before = await everything(v);
    const failed = await deliverEvent(v, fake.event('payment_intent.payment_failed', order.paymentIntentId));
    expect(failed.statusCode, failed.body).toBe(200);
    expect((await everything(v)).orders).toEqual(before.orders);
    expect((await everything(v)).changes).toEqual(before.changes);

    // Paid on the second try; the first try's failure arriving late does not undo it.
    await fake.confirm(order.paymentIntentId);
    await deliverEvent(v, fake.event('payment_intent.succeeded', order.paymentIntentId));
    await deliverEvent(v, fake.event('payment_intent.payment_failed', order.paymentIntentId));
    expect((await orderRow(order.deliveryId))?.statusPay).toBe(true);

    const other = await setupCardVenue(fake);
    try {
      const foreign = await placeCardOrder(other);
      await fake.confirm(foreign.paymentIntentId);
      const res = await deliverEvent(v, fake.event('payment_intent.succeeded', foreign.paymentIntentId));
      expect(res.statusCode).toBe(200);
      expect((await everything(v)).orders).toHaveLength(1);
    } finally {
      await other.app.close();
    }
  });
});

describe('payment-status: the success page', () => {
  it('unpaid before the card is confirmed, processing, then paid once (idempotent with the webhook)', async () => {
    const order = await placeCardOrder(v);
    expect((await paymentStatus(v, order.paymentIntentId)).json()).toMatchObject({
      success: true,
      deliveryId: order.deliveryId,
      statusPay: 0,
      paymentStatus: 'unpaid',
    });
    await fake.confirm(order.paymentIntentId, 'pm_card_processing');
    expect((await paymentStatus(v, order.paymentIntentId)).json()).toMatchObject({
      paymentStatus: 'processing',
    });
    fake.intent(order.paymentIntentId)!.status = 'succeeded';
    const before = (await orderChanges(order.deliveryId)).length;
    const paid = await paymentStatus(v, order.paymentIntentId);
    expect(paid.json()).toMatchObject({ paymentStatus: 'paid', statusPay: 1 });
    expect(Number(paid.headers[SYNC_HEADERS.version])).toBeGreaterThan(0);
    await deliverEvent(v, fake.event('payment_intent.succeeded', order.paymentIntentId));
    expect((await orderChanges(order.deliveryId)).length).toBe(before + 1);
    // Once paid, the page's later checks do not ask Stripe again.
    const retrievals = fake.count('retrieveIntent');
    await paymentStatus(v, order.paymentIntentId);
    expect(fake.count('retrieveIntent')).toBe(retrievals);
  });

  it('an intent of no order of this venue: NOT_FOUND, Stripe not asked', async () => {
    const res = await paymentStatus(v, 'pi_unknown123');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: t.paymentNotFound });
    expect(fake.count('retrieveIntent')).toBe(0);
  });
});

describe('orderDelivery with paymentIntentId: the success page resending its dataClient', () => {
  it('before paying: refused; after: the stored order, marked paid once; never a second order', async () => {
    const order = await placeCardOrder(v);
    const resend = deliveryBody(v, { deliveryId: order.deliveryId, paymentIntentId: order.paymentIntentId });
    const early = await sendDelivery(v, resend);
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ code: 'CONFLICT', error: t.paymentNotCompleted });

    await fake.confirm(order.paymentIntentId);
    const res = await sendDelivery(v, resend);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ deliveryId: order.deliveryId, table: { statusPay: 1 } });
    expect((await sendDelivery(v, resend)).json()).toMatchObject({ table: { statusPay: 1 } });
    expect((await everything(v)).orders).toHaveLength(1);
    expect(
      (await orderChanges(order.deliveryId)).filter(
        (c) => (c.data as { statusPay?: number }).statusPay === 1,
      ),
    ).toHaveLength(1);

    // Another order's payment, or none stored under that deliveryId: refused.
    const other = await placeCardOrder(v, { orario: '20:15' });
    await fake.confirm(other.paymentIntentId);
    const mixed = await sendDelivery(v, { ...resend, paymentIntentId: other.paymentIntentId });
    expect(mixed.json()).toMatchObject({ code: 'CONFLICT', error: t.paymentDoesNotMatch });
    const orphan = await sendDelivery(v, { ...resend, deliveryId: crypto.randomUUID() });
    expect(orphan.json()).toMatchObject({ code: 'CONFLICT', error: t.paymentDoesNotMatch });
    expect((await everything(v)).orders).toHaveLength(2);
  });
});
