import type { FastifyInstance } from 'fastify';
import { checkoutById, dueCheckouts, postponeCheckout } from '../store/card-checkouts.ts';
import { allLines, closeOrder, type OrderRecord, orderWire } from '../store/orders.ts';
import { isExpiredCheckout } from '../store/payment-status.ts';
import type { MutationTools } from '../sync/sync-core.ts';
import { recordPayStatus } from './pay-status.ts';
import { refundPayment } from './refund.ts';
import { isStripeError, isTransient, keysConfigured, stripeOf } from './stripe-client.ts';
import { readVenue } from './venue-account.ts';

/**
 * Card checkouts that were never paid (spec 4 "Customer order flow"; CARD_CHECKOUT_MS). The card
 * send stores the order and claims its slot before the customer pays; one left unpaid past its
 * `checkoutUntil` has its PaymentIntent canceled at Stripe and is closed without history, which
 * frees its slot (slot capacity counts open or completed orders only) and takes it off the
 * owner's devices. A sweep started and stopped with the app finds them; the return page's status
 * check settles its own at once. Stripe decides every race: a payment that went through before
 * the cancel wins (the order is paid and reaches the owner); one that reaches an order already
 * expired is refunded (the slot may be someone else's by then).
 */

/** Due checkouts settled per pass: each costs a Stripe call or two; the rest wait a pass. */
export const CHECKOUT_SWEEP_BATCH = 25;
/** How often due checkouts are looked for: an abandoned one frees its slot within this. */
export const CHECKOUT_SWEEP_EVERY_MS = 30_000;
/** A payment still processing at the deadline: its checkout is looked at again this much later. */
export const CHECKOUT_RECHECK_MS = 60_000;

/** The internal writes' scope (a change's origin in the logs; no client waits on it). */
const SCOPE = '/internal/checkout-expiry';

/** What Stripe says of a due checkout's intent once asked to cancel it. */
type Verdict = 'cancel' | 'paid' | 'processing' | 'unreachable';

/**
 * Cancels the checkout's intent ('abandoned'). Canceled now or before, or unknown to Stripe:
 * nobody can pay it any more. Refused because it succeeded meanwhile: the customer paid first.
 * Processing: not decided yet. Stripe unreachable: the next pass asks again. Without keys or an
 * account, or refused for another reason, it cannot be paid through Comanda either: it is
 * dropped all the same (a payment heard of later is refunded).
 */
async function cancelIntent(app: FastifyInstance, order: OrderRecord): Promise<Verdict> {
  const paymentIntentId = order.paymentIntentId;
  const stripe = keysConfigured(app.config) ? stripeOf(app) : null;
  const account = order.accountIdPayment ?? (await readVenue(app, order.venueId))?.stripeAccountId ?? null;
  const context = { deliveryId: order.id, paymentIntentId };
  if (!paymentIntentId || !stripe || !account) {
    app.log.warn(context, 'checkout expired without Stripe: its intent was not canceled');
    return 'cancel';
  }
  const options = { stripeAccount: account };
  try {
    await stripe.paymentIntents.cancel(paymentIntentId, { cancellation_reason: 'abandoned' }, options);
    return 'cancel';
  } catch (err) {
    if (!isStripeError(err) || isTransient(err)) {
      app.log.warn({ ...context, err }, 'checkout not expired: stripe unreachable');
      return 'unreachable';
    }
    if (err.code === 'resource_missing') return 'cancel';
    if (err.code !== 'payment_intent_unexpected_state') {
      app.log.warn(
        { ...context, stripeCode: err.code, message: err.message },
        'checkout intent not canceled',
      );
      return 'cancel';
    }
  }
  // Stripe refused the cancel: the intent moved on (paid, or being paid) in the meantime.
  try {
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {}, options);
    if (intent.status === 'succeeded') return 'paid';
    if (intent.status === 'canceled') return 'cancel';
    return 'processing';
  } catch (err) {
    app.log.warn({ ...context, err }, 'checkout not expired: stripe unreachable');
    return 'unreachable';
  }
}

/** One internal write through the sync core: the change log, and events after the commit. */
async function write<R>(
  app: FastifyInstance,
  order: OrderRecord,
  run: (tools: MutationTools) => Promise<R>,
): Promise<R> {
  const outcome = await app.sync.execute({
    scope: SCOPE,
    userId: null,
    requester: 'checkout-expiry',
    headers: {},
    rawBody: { deliveryId: order.id },
    parse: () => ({ deliveryId: order.id }),
    prepare: async () => undefined,
    venueId: () => order.venueId,
    socketId: () => null,
    run: (_body, _prepared, tools) => run(tools),
  });
  return outcome.body as R;
}

export type CheckoutOutcome = 'expired' | 'paid' | 'pending';

/**
 * Settles one due checkout: expired (intent canceled, order closed without history: `order` and
 * `line` delete rows, live `removeDelivery`), paid (recorded as the webhook records it: the
 * order reaches the owner), or pending (processing: its deadline moves CHECKOUT_RECHECK_MS on;
 * Stripe unreachable: unchanged, the next pass tries again). Each write re-reads the order in
 * its transaction, so a payment recorded meanwhile is never undone.
 */
export async function expireCheckout(app: FastifyInstance, order: OrderRecord): Promise<CheckoutOutcome> {
  const verdict = await cancelIntent(app, order);
  if (verdict === 'unreachable') return 'pending';
  if (verdict === 'paid' && order.paymentIntentId) {
    const input = { scope: SCOPE, key: null, paymentIntentId: order.paymentIntentId, status: 1 as const };
    await recordPayStatus(app, { ...input, venueId: order.venueId });
    app.log.info({ deliveryId: order.id }, 'checkout paid just before its deadline');
    return 'paid';
  }
  const settled = await write(app, order, async (tools): Promise<CheckoutOutcome> => {
    const { db, now } = tools;
    const current = await checkoutById(db, order.id);
    if (!current || isExpiredCheckout(current)) return 'expired';
    // Paid meanwhile (the webhook, the return page), then maybe decided: never undone here.
    if (current.closedAt !== null || current.checkoutUntil === null) return 'paid';
    if (verdict === 'processing') {
      const later = await postponeCheckout(db, current.id, now + CHECKOUT_RECHECK_MS, now);
      if (later) tools.change('order', later.id, 'put', orderWire(later, null));
      // The desk's time left follows (its devices catch up); still nothing to ring for.
      tools.publish('cardCheckout', { deliveryId: current.id });
      return 'pending';
    }
    const lines = await allLines(db, current);
    await closeOrder(db, current.id, now);
    tools.change('order', current.id, 'delete');
    for (const line of lines) tools.change('line', line.id, 'delete');
    tools.publish('removeDelivery', { deliveryId: current.id });
    return 'expired';
  });
  if (settled === 'expired') app.log.info({ deliveryId: order.id }, 'unpaid checkout expired');
  return settled;
}

/**
 * A payment that went through for a checkout already expired (its intent could not be canceled
 * in time, or Stripe was asked without Comanda's keys): given back through the rejection's
 * refund (refund.ts: once per delivery however often it is asked; an intent still payable is
 * canceled instead). The order stays expired: its slot may be another customer's by now.
 */
export async function refundLatePayment(app: FastifyInstance, order: OrderRecord): Promise<void> {
  const { refundId } = await refundPayment(app, order);
  if (refundId) app.log.warn({ deliveryId: order.id, refundId }, 'paid after its checkout expired: refunded');
}

export interface CheckoutSweeper {
  start(): void;
  /** One pass now (after the one running, if any): how many due checkouts it looked at. */
  runOnce(): Promise<number>;
  close(): Promise<void>;
}

/**
 * The sweep: every CHECKOUT_SWEEP_EVERY_MS, at most CHECKOUT_SWEEP_BATCH due checkouts through
 * one indexed query (`orders_checkout_due`), settled one after the other. One pass at a time;
 * nothing per request. Several instances may sweep the same database: Stripe's cancel and the
 * re-read in each write make a second settling a no-op.
 */
export function createCheckoutSweeper(app: FastifyInstance): CheckoutSweeper {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> = Promise.resolve(0);
  let started = false;
  let closed = false;

  async function pass(): Promise<number> {
    if (closed) return 0;
    const now = app.clock.nowMs();
    const due = await app.store.port.read((db) => dueCheckouts(db, now, CHECKOUT_SWEEP_BATCH));
    for (const order of due) {
      if (closed) break;
      try {
        await expireCheckout(app, order);
      } catch (err) {
        app.log.error({ err, deliveryId: order.id }, 'checkout not settled');
      }
    }
    return due.length;
  }

  function schedule(): void {
    if (closed || !started) return;
    clearTimeout(timer);
    timer = setTimeout(() => void runOnce(), CHECKOUT_SWEEP_EVERY_MS);
    timer.unref();
  }

  function runOnce(): Promise<number> {
    const next = running.then(pass, pass).finally(schedule);
    running = next.catch(() => 0);
    return next;
  }

  return {
    start() {
      if (started || closed) return;
      started = true;
      void runOnce();
    },
    runOnce,
    async close() {
      closed = true;
      clearTimeout(timer);
      await running;
    },
  };
}
