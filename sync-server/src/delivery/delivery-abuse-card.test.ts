import { randomUUID } from 'node:crypto';
import { calls, t } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { FakeStripe } from '../../test-support/fakes/stripe.ts';
import { deliveryBody, everything, sendDelivery } from '../../test-support/kits/delivery.ts';
import {
  type CardVenue,
  cardBody,
  deliverEvent,
  paidCardOrder,
  placeCardOrder,
  sendCard,
  useCardVenue,
} from '../../test-support/kits/payments.ts';
import { device } from '../../test-support/kits/rooms.ts';
import { createGuest } from '../../test-support/test-app.ts';
import { first } from '../db/client.ts';
import { blockedSenders, orders } from '../db/schema.ts';

/**
 * The delivery caps, blocks and deliveryId rule of DESIGN.md "Abuse" on card orders: a card order
 * holds its place from the card send on, so it counts; a refusal asks Stripe for nothing; the
 * block refunds as a rejection does.
 */

let fake: FakeStripe;
let v: CardVenue;

useCardVenue((f, venue) => {
  fake = f;
  v = venue;
});

const orderRow = (id: string) => first(v.app.app.store.db.select().from(orders).where(eq(orders.id, id)));

describe('card orders and the pending cap', () => {
  it('count once stored; a card send over the cap creates no payment intent', async () => {
    await placeCardOrder(v);
    await placeCardOrder(v);
    const intents = fake.count('createIntent');
    const before = await everything(v);
    const card = await sendCard(v, cardBody(v), null);
    expect(card.statusCode, card.body).toBe(409);
    expect(card.json()).toMatchObject({ code: 'CONFLICT', error: t.deliveryPendingPerSender });
    expect(fake.count('createIntent')).toBe(intents);
    const cash = await sendDelivery(v, deliveryBody(v), v.guest, null);
    expect(cash.json()).toMatchObject({ code: 'CONFLICT', error: t.deliveryPendingPerSender });
    expect(await everything(v)).toEqual(before);
  });

  it('a blocked sender’s card send is refused before Stripe is asked', async () => {
    const paid = await paidCardOrder(v);
    await deliverEvent(v, fake.event('payment_intent.succeeded', paid.paymentIntentId));
    const res = await device(v.app, v.owner).send(calls.deliveryBlockSender.path, {
      deliveryId: paid.deliveryId,
    });
    expect(res.statusCode, res.body).toBe(200);
    // Rejected as deliveryReject rejects a paid card order: refunded, closed.
    expect(fake.refunds().map((r) => r.payment_intent)).toEqual([paid.paymentIntentId]);
    expect((await orderRow(paid.deliveryId))?.closedAt).not.toBeNull();
    expect(await v.app.app.store.db.select().from(blockedSenders)).toHaveLength(1);

    const intents = fake.count('createIntent');
    const again = await sendCard(v, cardBody(v), null);
    expect(again.statusCode, again.body).toBe(403);
    expect(again.json()).toMatchObject({ code: 'FORBIDDEN', error: t.senderRefused });
    expect(fake.count('createIntent')).toBe(intents);
  });
});

describe('a card order’s deliveryId is answered only to whoever sent it', () => {
  const secrets = ['Lucia', 'Bianchi', '3331234567', 'lucia@example.it', 'Via Roma 1', 'secret'];

  it('another guest naming it gets neither the client secret nor the details; Stripe is not asked', async () => {
    const deliveryId = randomUUID();
    const first = await placeCardOrder(v, { deliveryId });
    const stranger = await createGuest(v.app);
    const before = await everything(v);
    const retrieves = fake.count('retrieveIntent');
    const res = await sendCard(v, cardBody(v, { deliveryId }), randomUUID(), stranger);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.body).not.toContain(first.clientSecret);
    for (const s of secrets) expect(res.body).not.toContain(s);
    expect(fake.count('retrieveIntent')).toBe(retrieves);
    expect((await everything(v)).orders).toEqual(before.orders);
    // The sender's own resend still gets its intent back.
    const own = await sendCard(v, cardBody(v, { deliveryId }), randomUUID());
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().clientSecret).toBe(first.clientSecret);
  });

  it('another guest resending the paid order as the success page does marks nothing and reads nothing', async () => {
    const deliveryId = randomUUID();
    const paid = await placeCardOrder(v, { deliveryId });
    await fake.confirm(paid.paymentIntentId);
    const stranger = await createGuest(v.app);
    const retrieves = fake.count('retrieveIntent');
    const res = await sendDelivery(
      v,
      deliveryBody(v, { deliveryId, paymentIntentId: paid.paymentIntentId }),
      stranger,
    );
    expect(res.statusCode, res.body).toBe(409);
    for (const s of secrets) expect(res.body).not.toContain(s);
    expect(fake.count('retrieveIntent')).toBe(retrieves);
    expect((await orderRow(deliveryId))?.statusPay).toBe(false);
  });
});
