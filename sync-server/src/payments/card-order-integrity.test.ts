import { calls, SYNC_HEADERS, type TableOrder, t } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FAKE_STRIPE_ACCOUNT, type FakeStripe } from '../../test-support/fakes/stripe.ts';
import { FEE, placeDelivery } from '../../test-support/kits/delivery.ts';
import { cartLine } from '../../test-support/kits/ordering.ts';
import {
  CARD_FEE,
  CARD_TOTAL,
  type CardVenue,
  deliverEvent,
  type IntentAnswer,
  NET,
  paidCardOrder,
  placeCardOrder,
  useCardVenue,
} from '../../test-support/kits/payments.ts';
import { device } from '../../test-support/kits/rooms.ts';
import { post } from '../../test-support/test-app.ts';
import { first } from '../db/client.ts';
import { orderLines, orders } from '../db/schema.ts';
import { stripeOf } from './stripe-client.ts';

/**
 * Spec 2.11 and 4: what is recorded for a card order matches what Stripe took. Only Stripe sets a card
 * order's payment status; what a card order costs cannot be edited once its intent exists (no
 * extra dishes either); completing it records what Stripe kept, asked of Stripe at that moment,
 * whatever happened meanwhile (late webhook, refunds, an abandoned checkout).
 */
let fake: FakeStripe;
let v: CardVenue;

useCardVenue((f, venue) => {
  fake = f;
  v = venue;
});

const db = () => v.app.app.store.db;
const sqlite = () => v.app.app.store.sqlite;
const orderRow = (id: string) => first(db().select().from(orders).where(eq(orders.id, id)));
const linesOf = (id: string) =>
  db()
    .select({
      id: orderLines.id,
      price: orderLines.price,
      amount: orderLines.amount,
      status: orderLines.status,
    })
    .from(orderLines)
    .where(eq(orderLines.orderId, id));
const historyOf = (orderId: string) =>
  sqlite().prepare('SELECT * FROM order_history WHERE order_id = ?').get(orderId) as
    | Record<string, number | string | null>
    | undefined;

/** A card order the customer paid, recorded paid (the webhook), accepted by the owner. */
async function acceptedPaidOrder(): Promise<IntentAnswer> {
  const paid = await paidCardOrder(v);
  const event = await deliverEvent(v, fake.event('payment_intent.succeeded', paid.paymentIntentId));
  expect(event.statusCode, event.body).toBe(200);
  await accept(paid.deliveryId);
  expect(await orderRow(paid.deliveryId)).toMatchObject({ statusPay: true, accettato: true });
  return paid;
}

/**
 * A card order accepted before it was paid. Only an order stored before card checkouts existed
 * (no `checkout_until`) can be: since then the owner decides on a card order once it is paid.
 * Completing such an order must still record what Stripe kept.
 */
async function acceptedUnpaidOrder(): Promise<IntentAnswer> {
  const answer = await placeCardOrder(v);
  await db().update(orders).set({ checkoutUntil: null }).where(eq(orders.id, answer.deliveryId));
  await accept(answer.deliveryId);
  return answer;
}

async function accept(deliveryId: string) {
  const res = await v.tablet.send(calls.deliveryAccept.path, { deliveryId });
  expect(res.statusCode, res.body).toBe(200);
}

/** 'Completa' as the order view sends it: the entry it shows, with forged totals. */
async function complete(deliveryId: string, desk = v.tablet, mutationId?: number) {
  const got = await post(v.app.app, calls.dashboardTableGet.path, { tableId: deliveryId }, v.owner.cookie);
  expect(got.statusCode, got.body).toBe(200);
  const table = got.json().table as TableOrder;
  const body = { table, totaleOrdine: 1, costoConsegna: 0, totalePagato: 1 };
  return mutationId === undefined
    ? desk.send(calls.dashboardTableHistory.path, body)
    : desk.sendAs(mutationId, calls.dashboardTableHistory.path, body);
}

const refusedWith = (res: { statusCode: number; body: string }, text: string) => {
  expect(res.statusCode, res.body).toBe(409);
  expect(JSON.parse(res.body)).toMatchObject({ success: false, code: 'CONFLICT', error: text });
};

describe("a card order's payment status is Stripe's", () => {
  it('the owner cannot mark a paid card order unpaid, nor an unpaid one paid; cash orders still toggle', async () => {
    const paid = await acceptedPaidOrder();
    const unpaid = await placeCardOrder(v, { orario: '20:15' });
    const cash = await placeDelivery(v, { orario: '20:30' });
    for (const [deliveryId, status] of [
      [paid.deliveryId, 0],
      [paid.deliveryId, 1],
      [unpaid.deliveryId, 1],
    ] as const) {
      const changes = sqlite().prepare('SELECT count(*) AS n FROM changes').get();
      refusedWith(
        await v.tablet.send(calls.deliveryChangeStatusPay.path, { deliveryId, status }),
        t.cardPayStatusByStripe,
      );
      expect(sqlite().prepare('SELECT count(*) AS n FROM changes').get()).toEqual(changes);
    }
    expect((await orderRow(paid.deliveryId))?.statusPay).toBe(true);
    expect((await orderRow(unpaid.deliveryId))?.statusPay).toBe(false);
    // The refusals are stored: the tablet's next mutation goes through.
    const res = await v.tablet.send(calls.deliveryChangeStatusPay.path, {
      deliveryId: cash.deliveryId,
      status: 1,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await orderRow(cash.deliveryId))?.statusPay).toBe(true);
  });
});

describe('a card order costs what its payment charged', () => {
  it('no price, quantity, delete or restore edit and no added dish; notes and kitchen status still change', async () => {
    const paid = await acceptedPaidOrder();
    const [first, second] = paid.table.reservations;
    if (!first || !second) throw new Error('two lines expected');
    const before = await linesOf(paid.deliveryId);
    const tableId = paid.deliveryId;
    const modify = (edit: Record<string, unknown>) =>
      v.tablet.send(calls.dashboardTableModify.path, { tableId, reservations: [{ id: first.id, ...edit }] });
    for (const edit of [
      { price: 100 },
      { price: 5000 },
      { amount: 1 },
      { amount: 9 },
      { status: 'owner_deleted' },
    ])
      refusedWith(await modify(edit), t.cardOrderAmountsLocked);
    refusedWith(
      await v.tablet.send(calls.dashboardStatusSet.path, { id: second.id, status: 'owner_deleted' }),
      t.cardOrderAmountsLocked,
    );
    refusedWith(
      await v.tablet.send(calls.userOrderRoomCart.path, {
        deliveryId: tableId,
        ownerId: v.owner.venueId,
        cart: [cartLine(v.menu.birra, 2)],
      }),
      t.cardOrderAmountsLocked,
    );
    refusedWith(
      await v.tablet.send(calls.dashboardTableOutOfMenuAdd.path, {
        tableId,
        line: { name: 'Dolce della casa', price: 500, amount: 1, selected_option: 'cucina' },
      }),
      t.cardOrderAmountsLocked,
    );
    expect(await linesOf(paid.deliveryId)).toEqual(before);

    expect((await modify({ note: 'ben cotta' })).statusCode).toBe(200);
    const ready = await v.tablet.send(calls.dashboardStatusSet.path, { id: second.id, status: 'ready' });
    expect(ready.statusCode, ready.body).toBe(200);
    expect((await linesOf(paid.deliveryId)).map((l) => [l.price, l.amount])).toEqual(
      before.map((l) => [l.price, l.amount]),
    );
  });

  it('from the moment the intent exists, paid or not; an order paid at the counter stays editable', async () => {
    const unpaid = await acceptedUnpaidOrder();
    const line = unpaid.table.reservations[0];
    refusedWith(
      await v.tablet.send(calls.dashboardTableModify.path, {
        tableId: unpaid.deliveryId,
        reservations: [{ id: line?.id, price: 100 }],
      }),
      t.cardOrderAmountsLocked,
    );
    // A checkout not paid yet is no entry of the owner's at all.
    const checkout = await placeCardOrder(v, { orario: '20:15' });
    const edit = await v.tablet.send(calls.dashboardTableModify.path, {
      tableId: checkout.deliveryId,
      reservations: [{ id: checkout.table.reservations[0]?.id, price: 100 }],
    });
    expect(edit.statusCode, edit.body).toBe(404);
    expect(edit.json()).toMatchObject({ code: 'NOT_FOUND', error: t.noOpenOrder });
    const cash = await placeDelivery(v, { orario: '20:30' });
    await accept(cash.deliveryId);
    const cashEdit = await v.tablet.send(calls.dashboardTableModify.path, {
      tableId: cash.deliveryId,
      reservations: [{ id: cash.table.reservations[0]?.id, price: 100 }],
    });
    expect(cashEdit.statusCode, cashEdit.body).toBe(200);
    const added = await v.tablet.send(calls.userOrderRoomCart.path, {
      deliveryId: cash.deliveryId,
      cart: [cartLine(v.menu.birra, 1)],
    });
    expect(added.statusCode, added.body).toBe(200);
  });
});

describe('completing a card order records what Stripe kept', () => {
  const itemsTotal = NET - FEE;

  it('paid: the charge and its card fee, whatever the order view posts', async () => {
    const paid = await acceptedPaidOrder();
    const res = await complete(paid.deliveryId);
    expect(res.statusCode, res.body).toBe(200);
    const expected = { totaleOrdine: itemsTotal, costoConsegna: FEE, serviceFee: CARD_FEE, sconto: 0 };
    expect(res.json().history).toMatchObject({ ...expected, totalePagato: CARD_TOTAL });
    expect(historyOf(paid.deliveryId)).toMatchObject({
      payment_method: 'carta',
      payment_intent_id: paid.paymentIntentId,
      totale_pagato: fake.intent(paid.paymentIntentId)?.amount_received,
      service_fee: CARD_FEE,
    });
  });

  it('paid at Stripe before the webhook arrived: recorded as paid by card, nothing canceled', async () => {
    const answer = await acceptedUnpaidOrder();
    await fake.confirm(answer.paymentIntentId);
    expect((await orderRow(answer.deliveryId))?.statusPay).toBe(false);
    const res = await complete(answer.deliveryId);
    expect(res.statusCode, res.body).toBe(200);
    expect(historyOf(answer.deliveryId)).toMatchObject({
      payment_method: 'carta',
      totale_pagato: CARD_TOTAL,
      service_fee: CARD_FEE,
    });
    expect(fake.intent(answer.paymentIntentId)?.status).toBe('succeeded');
  });

  it('part refunded at Stripe: paid is what was kept, the refund shows as discount', async () => {
    const paid = await acceptedPaidOrder();
    await stripeOf(v.app.app)?.refunds.create(
      { payment_intent: paid.paymentIntentId, amount: 500 },
      { stripeAccount: FAKE_STRIPE_ACCOUNT },
    );
    const res = await complete(paid.deliveryId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().history).toMatchObject({
      serviceFee: CARD_FEE,
      sconto: 500,
      totalePagato: CARD_TOTAL - 500,
    });
    expect(historyOf(paid.deliveryId)).toMatchObject({
      payment_method: 'carta',
      totale_pagato: CARD_TOTAL - 500,
    });
  });

  it('refunded whole (the order still shows paid here): paid at the counter, without the card fee', async () => {
    const paid = await acceptedPaidOrder();
    await stripeOf(v.app.app)?.refunds.create(
      { payment_intent: paid.paymentIntentId },
      { stripeAccount: FAKE_STRIPE_ACCOUNT },
    );
    const res = await complete(paid.deliveryId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().history).toMatchObject({ serviceFee: 0, sconto: 0, totalePagato: NET });
    expect(historyOf(paid.deliveryId)).toMatchObject({
      payment_method: 'cassa',
      service_fee: 0,
      totale_pagato: NET,
    });
  });

  it('never paid: the intent is canceled first, so the card cannot be charged after the counter was', async () => {
    const answer = await acceptedUnpaidOrder();
    const res = await complete(answer.deliveryId);
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.intent(answer.paymentIntentId)?.status).toBe('canceled');
    expect(historyOf(answer.deliveryId)).toMatchObject({
      payment_method: 'cassa',
      service_fee: 0,
      totale_pagato: NET,
    });
  });

  it('still processing at Stripe: refused, the order stays open and its intent untouched', async () => {
    const answer = await acceptedUnpaidOrder();
    await fake.confirm(answer.paymentIntentId, 'pm_card_processing');
    refusedWith(await complete(answer.deliveryId), t.cardPaymentInProgress);
    expect((await orderRow(answer.deliveryId))?.closedAt).toBeNull();
    expect(fake.intent(answer.paymentIntentId)?.status).toBe('processing');
    expect(historyOf(answer.deliveryId)).toBeUndefined();
  });

  it('Stripe unreachable: a 5xx, nothing written, and the same mutation completes once it answers', async () => {
    const paid = await acceptedPaidOrder();
    const desk = device(v.app, v.owner);
    fake.failNext({ op: 'retrieveIntent', status: 500, times: 2 });
    const failed = await complete(paid.deliveryId, desk, 1);
    expect(failed.statusCode, failed.body).toBeGreaterThanOrEqual(500);
    expect((await orderRow(paid.deliveryId))?.closedAt).toBeNull();
    expect(historyOf(paid.deliveryId)).toBeUndefined();
    const retried = await complete(paid.deliveryId, desk, 1);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.headers[SYNC_HEADERS.replayed]).toBeUndefined();
    expect(historyOf(paid.deliveryId)).toMatchObject({ payment_method: 'carta', totale_pagato: CARD_TOTAL });
  });
});
