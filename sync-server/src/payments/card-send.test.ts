import { randomUUID } from 'node:crypto';
import {
  CARD_CHECKOUT_MS,
  calls,
  ceilingMessage,
  entitySchemas,
  LINE_TOTAL_MAX_CENTS,
  type MenuDish,
  SYNC_HEADERS,
  t,
} from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { FAKE_STRIPE_ACCOUNT, type FakeStripe } from '../../test-support/fakes/stripe.ts';
import {
  deliveryBody,
  everything,
  mailsTo,
  pendingCount,
  sendDelivery,
} from '../../test-support/kits/delivery.ts';
import { sendOk } from '../../test-support/kits/menu.ts';
import { cartLine, setVenue } from '../../test-support/kits/ordering.ts';
import {
  CARD_FEE,
  CARD_TOTAL,
  type CardVenue,
  cardBody,
  NET,
  paidCardOrder,
  paymentStatus,
  placeCardOrder,
  sendCard,
  setupCardVenue,
  useCardVenue,
} from '../../test-support/kits/payments.ts';
import { changeLog } from '../../test-support/kits/rooms.ts';
import { post } from '../../test-support/test-app.ts';
import { first } from '../db/client.ts';
import { orders } from '../db/schema.ts';

let fake: FakeStripe;
let v: CardVenue;

useCardVenue((f, venue) => {
  fake = f;
  v = venue;
});

const orderRow = (id: string) => first(v.app.app.store.db.select().from(orders).where(eq(orders.id, id)));

/** A refusal that stored nothing (the idempotency row of a keyed call aside). */
async function expectRefused(body: unknown, status: number, code: string, error?: string) {
  const before = await everything(v);
  const res = await sendCard(v, body, null);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, code, ...(error ? { error } : {}) });
  expect(await everything(v)).toEqual(before);
}

/** A dish the owner adds to the menu, as the customer's menu then lists it. */
async function addDish(name: string, price: number): Promise<MenuDish> {
  const added = await sendOk(v.tablet, calls.ownerDishAdd.path, { name, price, categoryId: v.menu.bevande });
  const menu = await post(v.app.app, calls.userMenuGet.path, { businessId: v.owner.venueId }, v.guest);
  const dish = (menu.json().data as MenuDish[]).find((d) => d.id === String(added.id));
  if (!dish) throw new Error(`${name} not on the menu`);
  return dish;
}

describe('create-payment-intent: the card send', () => {
  it('stores the order, then charges what the server computes; forged totalAmount/netAmount ignored', async () => {
    const body = cardBody(v, { totalAmount: 1, netAmount: 1, accountId: 'acct_someoneElse' });
    const res = await sendCard(v, body);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      success: true,
      accountId: FAKE_STRIPE_ACCOUNT,
      deliveryId: body.deliveryId,
      amounts: { netAmount: NET, serviceFee: CARD_FEE, totalAmount: CARD_TOTAL },
    });
    expect(answer.clientSecret).toMatch(/^pi_.+_secret_/);

    const [intent, ...more] = fake.intents();
    expect(more).toEqual([]);
    expect(intent).toMatchObject({
      id: answer.paymentIntentId,
      amount: CARD_TOTAL,
      currency: 'eur',
      account: FAKE_STRIPE_ACCOUNT,
      metadata: { deliveryId: body.deliveryId, businessId: v.owner.venueId },
      payment_method_types: ['card'],
    });
    const create = fake.calls.find((c) => c.op === 'createIntent');
    expect(create?.idempotencyKey).toBe(`comanda-pi-${body.deliveryId}-${CARD_TOTAL}`);

    const stored = await orderRow(answer.deliveryId);
    expect(stored).toMatchObject({
      paymentMethod: 'carta',
      paymentIntentId: answer.paymentIntentId,
      accountIdPayment: FAKE_STRIPE_ACCOUNT,
      serviceFee: CARD_FEE,
      costoConsegna: 250,
      statusPay: false,
      accettato: false,
      orario: '20:00',
    });
    expect(answer.table).toMatchObject({
      paymentIntentId: answer.paymentIntentId,
      statusPay: 0,
      accettato: 0,
    });
    // A checkout, not yet an order to decide (spec 4): uncounted; the devices get its rows,
    // marked with the instant it is canceled unless paid.
    const until = (stored?.createdAt ?? 0) + CARD_CHECKOUT_MS;
    expect(stored?.checkoutUntil).toBe(until);
    expect(await pendingCount(v)).toBe(0);
    const log = (await changeLog(v.app, v.owner.venueId)).filter((c) => c.entity === 'order');
    expect(log.at(-1)?.data).toMatchObject({
      paymentIntentId: answer.paymentIntentId,
      statusPay: 0,
      checkoutUntil: new Date(until).toISOString(),
    });
    expect(entitySchemas.order.safeParse(log.at(-1)?.data).success).toBe(true);
  });

  it('a resend (same deliveryId) answers the same order and intent: one order, one intent', async () => {
    const body = cardBody(v);
    const first = await sendCard(v, body, 'key-card-send-1');
    const replay = await sendCard(v, body, 'key-card-send-1');
    expect(replay.headers[SYNC_HEADERS.replayed]).toBe('1');
    const again = await sendCard(v, body, 'key-card-send-2');
    expect(again.statusCode, again.body).toBe(200);
    for (const res of [replay, again]) {
      expect(res.json()).toMatchObject({
        paymentIntentId: first.json().paymentIntentId,
        clientSecret: first.json().clientSecret,
        deliveryId: body.deliveryId,
        amounts: { totalAmount: CARD_TOTAL },
      });
    }
    expect(fake.count('createIntent')).toBe(1);
    expect(fake.intents()).toHaveLength(1);
    expect((await everything(v)).orders).toHaveLength(1);
  });

  it('a resend after paying says so (statusPay 1) and the page skips the card dialog', async () => {
    const paid = await paidCardOrder(v);
    const status = await paymentStatus(v, paid.paymentIntentId);
    expect(status.json()).toMatchObject({ paymentStatus: 'paid', statusPay: 1 });
    const res = await sendCard(v, cardBody(v, { deliveryId: paid.deliveryId }));
    expect(res.json()).toMatchObject({ paymentIntentId: paid.paymentIntentId, table: { statusPay: 1 } });
  });

  it("keeps orderDelivery's refusals, storing nothing: slot taken, delivery off, the fee changed", async () => {
    await setVenue(v.app, v.owner.venueId, { slotCapacity: 1 });
    await placeCardOrder(v);
    await expectRefused(cardBody(v), 409, 'SLOT_TAKEN');
    await expectRefused(cardBody(v, { orario: '20:15', costoConsegna: 100 }), 409, 'FEE_CHANGED');
    await setVenue(v.app, v.owner.venueId, { abilitaConsegna: false });
    await expectRefused(cardBody(v, { orario: '20:15' }), 409, 'DELIVERY_DISABLED');
  });

  it('a deliveryId of a cassa order is refused; so is an amount under 0,50 €', async () => {
    const cash = await sendDelivery(v, deliveryBody(v, { deliveryId: randomUUID() }));
    expect(cash.statusCode, cash.body).toBe(200);
    await expectRefused(
      cardBody(v, { deliveryId: cash.json().deliveryId }),
      409,
      'CONFLICT',
      t.cardDeliveryIdTaken,
    );

    const grissino = await addDish('Grissino', 1);
    const ritiro = { tipo: 'Ritiro', indirizzo: '', comune: '', cart: [cartLine(grissino, 1)] };
    await expectRefused(cardBody(v, ritiro), 400, 'VALIDATION', t.cardAmountTooLow);
    expect(fake.count('createIntent')).toBe(0);
  });

  it('a cart past an order ceiling is refused before any intent is made (a line of 201 x 100 €)', async () => {
    const aragosta = await addDish('Aragosta', 10_000);
    const message = ceilingMessage({ kind: 'lineTotal', max: LINE_TOTAL_MAX_CENTS }, 'customer');
    await expectRefused(cardBody(v, { cart: [cartLine(aragosta, 201)] }), 400, 'VALIDATION', message);
    expect(fake.count('createIntent')).toBe(0);
  });

  it('Stripe unreachable: PAYMENT_ERROR 502, nothing stored, the same send works once it is back', async () => {
    fake.failNext({ op: 'createIntent', status: 500, times: 2 });
    const body = cardBody(v);
    await expectRefused(body, 502, 'PAYMENT_ERROR', t.paymentServiceUnreachable);
    const res = await sendCard(v, body);
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('accepting a card order', () => {
  it("mails the customer the total they paid, 'Costi di servizio' included", async () => {
    const paid = await paidCardOrder(v);
    expect((await paymentStatus(v, paid.paymentIntentId)).json()).toMatchObject({ statusPay: 1 });
    expect((await v.tablet.send(calls.deliveryAccept.path, { deliveryId: paid.deliveryId })).statusCode).toBe(
      200,
    );
    const [mail] = await mailsTo(v, 'lucia@example.it');
    expect(mail?.text).toContain('Costo consegna: 2,50 €');
    expect(mail?.text).toContain('Costi di servizio: 1,69 €');
    expect(mail?.text).toContain('TOTALE: 28,69 €');
    expect(mail?.text).toContain('Pagamento: con carta, pagato');
  });
});

describe('carta offered only with both keys and an account', () => {
  const config = (venue: CardVenue) =>
    venue.app.app.inject({
      method: 'GET',
      url: `${calls.stripeConfig.path}?ownerId=${venue.owner.venueId}`,
    });

  it('both: the publishable key, the account and country IT', async () => {
    expect((await config(v)).json()).toEqual({
      success: true,
      cardPayments: true,
      publishableKey: fake.keys.publishableKey,
      accountId: FAKE_STRIPE_ACCOUNT,
      country: 'IT',
    });
  });

  it('no account, or no keys: not offered, and a card send is refused with nothing stored', async () => {
    await setVenue(v.app, v.owner.venueId, { stripeAccountId: null });
    expect((await config(v)).json()).toMatchObject({
      cardPayments: false,
      publishableKey: null,
      accountId: null,
    });
    await expectRefused(cardBody(v), 400, 'VALIDATION', t.cardPaymentUnavailable);

    const noKeys = await setupCardVenue(fake, { keys: false });
    try {
      expect((await config(noKeys)).json()).toMatchObject({ cardPayments: false, publishableKey: null });
      const res = await sendCard(noKeys, cardBody(noKeys));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(t.cardPaymentUnavailable);
      expect((await everything(noKeys)).orders).toEqual([]);
      // Cash orders are untouched.
      expect((await sendDelivery(noKeys, deliveryBody(noKeys))).statusCode).toBe(200);
    } finally {
      await noKeys.app.close();
    }
    expect(fake.count('createIntent')).toBe(0);
  });
});
