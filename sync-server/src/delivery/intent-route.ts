import { AppError, type CallDef, calls, cardCharge, MAX_CENTS, orderBill, t } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { CardPayments, CardPaymentsOptions } from '../card-payments.ts';
import type { CallContext } from '../http/route.ts';
import { takeQuotas } from '../lib/quota.ts';
import { refuseOverCeilings } from '../store/ceilings.ts';
import { deliveryStatements } from '../store/deliveries.ts';
import { orderCharges } from '../store/orders.ts';
import { isExpiredCheckout } from '../store/payment-status.ts';
import { priceCart } from '../store/price-cart.ts';
import { requireVenue } from '../store/venue.ts';
import { mutationRoute } from '../sync/mutation-route.ts';
import { storeDelivery } from './order-delivery-route.ts';
import type { PaymentDecision } from './payment.ts';
import { refuseSender, senderAddress } from './senders.ts';

/** The card send is a customer's write through the sync core, not an outbox call (as orderDelivery). */
const createPaymentIntent = { ...calls.createPaymentIntent, mutation: true } as const satisfies CallDef;

/** A diner retries a card a few times; a full house (150 phones on one address) pays once or twice each. */
export const CARD_SENDS_PER_SESSION = 10;
export const CARD_SENDS_PER_ADDRESS = 300;
export const CARD_WINDOW_MS = 10 * 60_000;

interface Prepared {
  intent: Stripe.PaymentIntent;
  accountId: string;
  chargedTotal: number;
}

/**
 * Before the transaction: the PaymentIntent for the order this send stores, on the venue's
 * connected account, for the amount the server computes (its menu's prices, its delivery fee,
 * the card fee of spec 9; the client's totalAmount/netAmount are ignored). The Stripe
 * idempotency key is the delivery's and its amount: a retried send gets the same intent, a send
 * of another cart under a reused deliveryId a new one. A resend of an order already stored gets
 * that order's intent back, without creating anything.
 */
async function prepare(
  app: FastifyInstance,
  cards: CardPayments,
  ctx: CallContext<typeof createPaymentIntent>,
): Promise<Prepared> {
  const { body, req } = ctx;
  const stripe = cards.requireStripe();
  const { port } = app.store;
  const venue = await port.read((db) => requireVenue(db, body.ownerId));
  // Each send may create an intent at Stripe: a script must not mint them by the thousand.
  // Counted per session first; the address quota is loose, as a full room shares the venue's Wi-Fi.
  await takeQuotas(
    app.quotas,
    [
      {
        key: `card-intent:session:${ctx.user.user.id}`,
        limit: CARD_SENDS_PER_SESSION,
        windowMs: CARD_WINDOW_MS,
      },
      { key: `card-intent:address:${req.ip}`, limit: CARD_SENDS_PER_ADDRESS, windowMs: CARD_WINDOW_MS },
    ],
    t.tooManyAttempts,
  );
  const stripeAccount = venue.stripeAccountId;
  if (!stripeAccount) throw cards.cardUnavailable();
  const context = { deliveryId: body.deliveryId, businessId: venue.id };
  const failed = (err: unknown) =>
    cards.stripeFailure(req.log, err, context, (e) =>
      e.type === 'StripeIdempotencyError'
        ? new AppError('CONFLICT', t.cardDeliveryIdTaken)
        : new AppError('CONFLICT', t.cardPaymentUnavailable),
    );

  const stored = await port.read((db) => deliveryStatements(db).orderById.get({ id: body.deliveryId }));
  if (stored) {
    // Another account's order is refused before Stripe is asked: its intent's secret is theirs.
    const theirs = stored.placedBy !== ctx.user.user.id;
    const foreign = stored.venueId !== venue.id || stored.kind === 'table';
    if (foreign || theirs || stored.paymentIntentId === null) {
      throw new AppError('CONFLICT', t.cardDeliveryIdTaken);
    }
    // Not paid in time: its intent is canceled; the customer sends the order again as a new one.
    if (isExpiredCheckout(stored)) throw new AppError('CONFLICT', t.checkoutExpired);
    const accountId = stored.accountIdPayment ?? stripeAccount;
    const intent = await stripe.paymentIntents
      .retrieve(stored.paymentIntentId, {}, { stripeAccount: accountId })
      .catch((err: unknown) => {
        throw failed(err);
      });
    return { intent, accountId, chargedTotal: intent.amount };
  }

  const consegna = body.tipo === 'Consegna';
  // One read for the cart's checks; Stripe is asked after it, never while it holds a snapshot.
  const charge = await port.read(async (db) => {
    const priced = await priceCart(db, venue.id, body.cart, false);
    // A cart past an order ceiling gets no intent made for nothing: storeDelivery would refuse it.
    await refuseOverCeilings(db, priced, null, 'customer', consegna ? venue.costoConsegna : 0);
    // What the order costs before the card fee, by the one rule (shared-schema order-totals).
    const net = orderBill(
      { tipo: body.tipo, costoConsegna: consegna ? venue.costoConsegna : 0 },
      priced,
    ).total;
    // A cart of valid lines may still add up beyond the largest amount the app handles (cardCharge
    // throws there): the customer's mistake, told as such instead of a server failure. Spec
    // 2.11: the card fee on top may take a net just below it beyond it (the answer's amounts, Stripe).
    if (net > MAX_CENTS || cardCharge(net).total > MAX_CENTS) {
      throw new AppError('VALIDATION', t.cardAmountTooHigh, {
        issues: [{ path: 'cart', message: t.cardAmountTooHigh }],
      });
    }
    const charge = cardCharge(net);
    if (charge.total < cards.minCharge) {
      throw new AppError('VALIDATION', t.cardAmountTooLow, {
        issues: [{ path: 'cart', message: t.cardAmountTooLow }],
      });
    }
    // A blocked sender, or one holding too many orders awaiting the owner, gets no intent made
    // for nothing; storeDelivery checks again inside the transaction (senders.ts).
    const sender = { userId: ctx.user.user.id, address: senderAddress(req.ip) };
    await refuseSender(db, venue.id, sender, app.clock.nowMs(), app.config.deliveryPending);
    return charge;
  });
  const intent = await stripe.paymentIntents
    .create(
      {
        amount: charge.total,
        currency: cards.currency,
        allowed_payment_method_types: ['card'],
        metadata: { deliveryId: body.deliveryId, businessId: venue.id },
      },
      { stripeAccount, idempotencyKey: `comanda-pi-${body.deliveryId}-${charge.total}` },
    )
    .catch((err: unknown) => {
      throw failed(err);
    });
  req.log.info({ ...context, paymentIntentId: intent.id, amount: charge.total }, 'payment intent created');
  return { intent, accountId: stripeAccount, chargedTotal: charge.total };
}

/**
 * `/api/stripe/create-payment-intent`, the carta send (spec 4: summary, then a payment intent,
 * then the card dialog): the order is stored exactly as orderDelivery stores it (every send-time
 * check in the one transaction, slot claimed, awaiting the owner, unpaid, card fee charged) with
 * its intent, and the answer hands the browser the intent's client secret. Stored as a checkout
 * (storeDelivery): the owner decides on it only once it is paid, and it expires unpaid after
 * CARD_CHECKOUT_MS (payments/checkout-expiry.ts).
 */
export async function intentRoute(app: FastifyInstance, { cards }: CardPaymentsOptions): Promise<void> {
  mutationRoute<typeof createPaymentIntent, Prepared>(
    app,
    createPaymentIntent,
    (ctx) => prepare(app, cards, ctx),
    async (ctx, { intent, accountId, chargedTotal }) => {
      const decision: PaymentDecision = {
        paymentMethod: 'carta',
        paymentIntentId: intent.id,
        accountIdPayment: accountId,
        paid: false,
        chargedTotal,
      };
      const { table } = await storeDelivery(ctx, decision);
      const order = await deliveryStatements(ctx.db).orderById.get({ id: table.id });
      if (!order) throw new Error('card delivery vanished inside its transaction');
      if (isExpiredCheckout(order)) throw new AppError('CONFLICT', t.checkoutExpired);
      if (order.closedAt !== null) throw new AppError('CONFLICT', t.deliveryNotOpen);
      if (!intent.client_secret) throw new Error('payment intent without a client secret');
      const totals = orderBill(orderCharges(order), table.reservations);
      return {
        success: true as const,
        clientSecret: intent.client_secret,
        paymentIntentId: intent.id,
        accountId,
        deliveryId: order.id,
        amounts: {
          netAmount: totals.subtotal + totals.costoConsegna,
          serviceFee: totals.serviceFee,
          totalAmount: totals.total,
        },
        table,
      };
    },
    { venueOf: ({ body }) => body.ownerId },
  );
}
