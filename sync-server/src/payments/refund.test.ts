import { calls, SYNC_HEADERS, t, tf } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FakeStripe } from '../../test-support/fakes/stripe.ts';
import { everything, mailsTo, pendingCount } from '../../test-support/kits/delivery.ts';
import {
  CARD_TOTAL,
  type CardVenue,
  deliverEvent,
  paidCardOrder,
  placeCardOrder,
  recordedCardOrder,
  useCardVenue,
} from '../../test-support/kits/payments.ts';
import { device } from '../../test-support/kits/rooms.ts';
import { createOwner } from '../../test-support/test-app.ts';
import { first } from '../db/client.ts';
import { orders } from '../db/schema.ts';

let fake: FakeStripe;
let v: CardVenue;

useCardVenue((f, venue) => {
  fake = f;
  v = venue;
});

const orderRow = (id: string) => first(v.app.app.store.db.select().from(orders).where(eq(orders.id, id)));

describe('rejecting a card order', () => {
  it('paid: refunds once, even with the rejection replayed twice and sent again by another tablet', async () => {
    const paid = await paidCardOrder(v);
    await deliverEvent(v, fake.event('payment_intent.succeeded', paid.paymentIntentId));
    const reject = { deliveryId: paid.deliveryId };
    const desk = device(v.app, v.owner);
    const first = await desk.send(calls.deliveryReject.path, reject);
    expect(first.statusCode, first.body).toBe(200);
    for (let i = 0; i < 2; i++) {
      const replay = await desk.sendAs(1, calls.deliveryReject.path, reject);
      expect(replay.statusCode).toBe(200);
      expect(replay.headers[SYNC_HEADERS.replayed]).toBe('1');
    }
    const other = await device(v.app, v.owner).send(calls.deliveryReject.path, reject);
    expect(other.statusCode, other.body).toBe(200);

    expect(fake.refunds()).toEqual([
      expect.objectContaining({
        payment_intent: paid.paymentIntentId,
        amount: CARD_TOTAL,
        status: 'succeeded',
      }),
    ]);
    expect(fake.count('createRefund')).toBe(1);
    expect(fake.calls.find((c) => c.op === 'createRefund')?.account).toBe(paid.accountId);
    expect((await orderRow(paid.deliveryId))?.closedAt).not.toBeNull();
    expect(await pendingCount(v)).toBe(0);
    const [mail, ...more] = await mailsTo(v, 'lucia@example.it');
    expect(more).toEqual([]);
    expect(mail?.text).toContain('Pizzeria da Mario non può accettare il tuo ordine (Consegna delle 20:00).');
    expect(mail?.text).toContain('Il pagamento con carta di 28,69 € è stato rimborsato');
  });

  it('two tablets rejecting at the same moment: one refund, the order removed once', async () => {
    const paid = await recordedCardOrder(v);
    const reject = { deliveryId: paid.deliveryId };
    const answers = await Promise.all(
      [device(v.app, v.owner), device(v.app, v.owner)].map((d) => d.send(calls.deliveryReject.path, reject)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(fake.refunds()).toHaveLength(1);
    expect((await orderRow(paid.deliveryId))?.closedAt).not.toBeNull();
  });

  it('accepted on another tablet while Stripe refunded: refused with the truth, recorded unpaid', async () => {
    const paid = await paidCardOrder(v);
    await deliverEvent(v, fake.event('payment_intent.succeeded', paid.paymentIntentId));
    fake.onCall = async (op) => {
      if (op !== 'createRefund') return;
      fake.onCall = null;
      const accept = await device(v.app, v.owner).send(calls.deliveryAccept.path, {
        deliveryId: paid.deliveryId,
      });
      expect(accept.statusCode, accept.body).toBe(200);
    };
    const res = await device(v.app, v.owner).send(calls.deliveryReject.path, { deliveryId: paid.deliveryId });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ALREADY_DECIDED', error: t.refundedButAccepted });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await orderRow(paid.deliveryId)).toMatchObject({
      accettato: true,
      closedAt: null,
      statusPay: false,
    });
    expect(fake.refunds()).toHaveLength(1);
  });

  it('refund-stripe first (the spec’s order), then the rejection: still one refund', async () => {
    const paid = await recordedCardOrder(v);
    const refund = await v.tablet.send(calls.refundStripe.path, {
      paymentIntentId: paid.paymentIntentId,
      accountIdPayment: paid.accountId,
      deliveryId: paid.deliveryId,
    });
    expect(refund.statusCode, refund.body).toBe(200);
    const refundId = refund.json().refundId;
    expect(refundId).toMatch(/^re_/);
    // Idempotent by itself too.
    const again = await v.tablet.send(calls.refundStripe.path, { paymentIntentId: paid.paymentIntentId });
    expect(again.json()).toEqual({ success: true, refundId });
    expect((await v.tablet.send(calls.deliveryReject.path, { deliveryId: paid.deliveryId })).statusCode).toBe(
      200,
    );
    expect(fake.refunds().map((r) => r.id)).toEqual([refundId]);
  });

  it("not paid yet: a checkout, not the owner's to reject: refused, its intent untouched, the customer still pays", async () => {
    const order = await placeCardOrder(v);
    for (const call of [calls.deliveryReject.path, calls.deliveryBlockSender.path]) {
      const res = await device(v.app, v.owner).send(call, { deliveryId: order.deliveryId });
      expect(res.statusCode, res.body).toBe(409);
      expect(res.json()).toMatchObject({ code: 'CONFLICT', error: t.checkoutNotPaid });
    }
    expect(fake.intent(order.paymentIntentId)?.status).toBe('requires_payment_method');
    expect(fake.count('cancelIntent')).toBe(0);
    expect((await orderRow(order.deliveryId))?.closedAt).toBeNull();
    await fake.confirm(order.paymentIntentId);
    expect(fake.refunds()).toEqual([]);
    expect(await mailsTo(v, 'lucia@example.it')).toEqual([]);
  });

  it('a refund Stripe refuses keeps the order and tells the owner why; once fixed, rejecting works', async () => {
    const paid = await recordedCardOrder(v);
    fake.failNext({
      op: 'createRefund',
      status: 400,
      code: 'balance_insufficient',
      message: 'Insufficient funds',
    });
    const before = await everything(v);
    const desk = device(v.app, v.owner);
    const res = await desk.send(calls.deliveryReject.path, { deliveryId: paid.deliveryId });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'CONFLICT', error: tf.refundFailed(t.refundReasonBalance) });
    const after = await everything(v);
    expect(after.orders).toEqual(before.orders);
    expect(after.changes).toEqual(before.changes);
    expect((await orderRow(paid.deliveryId))?.closedAt).toBeNull();

    // Unreachable: 502, the counter does not move (the outbox sends the same mutation again).
    fake.failNext({ op: 'retrieveIntent', status: 503, times: 2 });
    const down = await desk.send(calls.deliveryReject.path, { deliveryId: paid.deliveryId });
    expect(down.statusCode).toBe(502);
    expect(down.json()).toMatchObject({ code: 'PAYMENT_ERROR', error: t.paymentServiceUnreachable });
    expect((await orderRow(paid.deliveryId))?.closedAt).toBeNull();
    const retried = await desk.sendAs(2, calls.deliveryReject.path, { deliveryId: paid.deliveryId });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(fake.refunds()).toHaveLength(1);
  });
});

describe('refund-stripe', () => {
  it("refuses an unknown intent, another venue's, or one named with the wrong delivery: Stripe never asked", async () => {
    const paid = await paidCardOrder(v);
    const calls0 = fake.calls.length;
    const refuse = async (body: Record<string, unknown>, owner = v.tablet) => {
      const res = await owner.send(calls.refundStripe.path, body);
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: t.paymentNotFound });
    };
    await refuse({ paymentIntentId: 'pi_unknown123' });
    await refuse({ paymentIntentId: paid.paymentIntentId, deliveryId: 'another-delivery' });
    const stranger = await createOwner(v.app);
    await refuse({ paymentIntentId: paid.paymentIntentId }, device(v.app, stranger));
    expect(fake.calls.length).toBe(calls0);
    expect(fake.refunds()).toEqual([]);
    expect((await orderRow(paid.deliveryId))?.statusPay).toBe(false);
  });
});
