import { AppError, t } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import type { OrderRecord } from '../store/orders.ts';
import { type CardSettlement, localSettlement } from '../store/payment-status.ts';
import { isStripeError, keysConfigured, stripeFailure, stripeOf } from './stripe-client.ts';
import { readVenue } from './venue-account.ts';

/**
 * What is recorded for a card order must match what Stripe took. A card payment is
 * one fixed charge: Comanda makes no second charge and no partial refund, so two rules hold it
 * together.
 *
 * 1. What a card order costs stays what its PaymentIntent charges, from the moment the intent
 *    exists (its amount is fixed at creation): no price, quantity, delete or restore edits, no
 *    lines added (`refuseCardAmountChange`, store/payment-status.ts). Extra dishes are refused
 *    rather than recorded as owed at the counter: the history keeps one row and one payment
 *    method per order, so cash on top of a card payment could only be booked as card takings (or
 *    lost). The owner places them as a new order instead, paid at the counter and recorded as
 *    cassa.
 * 2. Completing a card order records what Stripe kept, asked of Stripe at that moment
 *    (`settleCardOrder`): the amount received minus every refund, whatever was edited or
 *    refunded meanwhile. Nothing kept (never paid, canceled, refunded whole) means the customer
 *    pays at the counter (t.refundedButAccepted says so): the history records it as cassa.
 */

/**
 * Asks Stripe, before the completion's transaction, what a card order's payment left with the
 * venue. Succeeded: amount received minus the refunds not failed or canceled. Not paid yet: the
 * intent is canceled first, so a card dialog still open cannot charge an order the history
 * records as paid at the counter. Processing: refused, to be completed once Stripe has decided.
 * Unreachable: PAYMENT_ERROR, the counter does not move and the outbox retries.
 */
export async function settleCardOrder(
  app: FastifyInstance,
  order: OrderRecord,
): Promise<CardSettlement | null> {
  const paymentIntentId = order.paymentIntentId;
  if (paymentIntentId === null) return null;
  const stripe = keysConfigured(app.config) ? stripeOf(app) : null;
  const account = order.accountIdPayment ?? (await readVenue(app, order.venueId))?.stripeAccountId ?? null;
  if (!stripe || !account) {
    app.log.warn({ deliveryId: order.id }, 'card order completed without Stripe: its own record is used');
    return app.store.port.read((db) => localSettlement(db, order));
  }
  const context = { deliveryId: order.id, paymentIntentId };
  const options = { stripeAccount: account };
  try {
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {}, options);
    if (intent.status === 'processing') throw new AppError('CONFLICT', t.cardPaymentInProgress);
    if (intent.status === 'canceled') return { kept: 0 };
    if (intent.status !== 'succeeded') {
      try {
        await stripe.paymentIntents.cancel(paymentIntentId, { cancellation_reason: 'abandoned' }, options);
      } catch (err) {
        // The customer's payment went through (or started) in between: complete once it settles.
        if (isStripeError(err) && err.code === 'payment_intent_unexpected_state') {
          throw new AppError('CONFLICT', t.cardPaymentInProgress);
        }
        throw err;
      }
      app.log.info(context, 'unpaid payment intent canceled at completion');
      return { kept: 0 };
    }
    const refunds = await stripe.refunds.list({ payment_intent: paymentIntentId, limit: 100 }, options);
    const refunded = refunds.data
      .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
      .reduce((sum, r) => sum + r.amount, 0);
    return { kept: Math.max(0, intent.amount_received - refunded) };
  } catch (err) {
    throw stripeFailure(app.log, err, context, (e) =>
      e.code === 'resource_missing'
        ? new AppError('CONFLICT', t.paymentNotFound)
        : new AppError('CONFLICT', t.cardPaymentUnavailable),
    );
  }
}
