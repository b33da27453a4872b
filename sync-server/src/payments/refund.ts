import { AppError, t, tf } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { OrderRecord } from '../store/orders.ts';
import { isStripeError, keysConfigured, stripeFailure, stripeOf } from './stripe-client.ts';
import { readVenue } from './venue-account.ts';

type StripeError = InstanceType<typeof Stripe.errors.StripeError>;

/** Stripe's refusal of a refund in the owner's words ('Rimborso non riuscito (...)'). */
function refundRefusal(err: StripeError): AppError {
  const reason =
    err.code === 'balance_insufficient'
      ? t.refundReasonBalance
      : err.code === 'charge_disputed'
        ? t.refundReasonDisputed
        : `Stripe: ${err.message}`;
  return new AppError('CONFLICT', tf.refundFailed(reason));
}

/** A refund not failed or canceled: the one this payment already has. */
async function existingRefund(stripe: Stripe, paymentIntentId: string, account: string) {
  const refunds = await stripe.refunds.list(
    { payment_intent: paymentIntentId, limit: 10 },
    { stripeAccount: account },
  );
  return refunds.data.find((r) => r.status !== 'failed' && r.status !== 'canceled') ?? null;
}

/**
 * Gives a delivery's card payment back, or cancels the intent when nothing was paid yet (so the
 * customer cannot pay a rejected order afterwards). One refund per delivery however often it is
 * asked: the refund Stripe already holds for the intent is answered (a retried or replayed
 * rejection, or refund-stripe then the rejection), and two racing requests both ask for the whole
 * amount, which Stripe grants once (the other hears 'already refunded' and finds that refund).
 * No fixed idempotency key: Stripe would replay a refusal under it for a day, and after fixing
 * the cause (a Stripe balance topped up) the owner must be able to reject again at once.
 * Every failure leaves the order as it was: PAYMENT_ERROR when Stripe is unreachable (retry),
 * CONFLICT with the reason otherwise, CONFLICT `t.refundUnavailable` without Stripe keys.
 */
export async function refundPayment(
  app: FastifyInstance,
  order: Pick<OrderRecord, 'id' | 'venueId' | 'paymentIntentId' | 'accountIdPayment'>,
): Promise<{ refundId: string | null }> {
  const paymentIntentId = order.paymentIntentId;
  if (paymentIntentId === null) return { refundId: null };
  const stripe = keysConfigured(app.config) ? stripeOf(app) : null;
  const account = order.accountIdPayment ?? (await readVenue(app, order.venueId))?.stripeAccountId ?? null;
  if (!stripe || !account) {
    app.log.warn({ deliveryId: order.id }, 'refund requested without Stripe keys or account');
    throw new AppError('CONFLICT', t.refundUnavailable);
  }
  const context = { deliveryId: order.id, paymentIntentId };
  const options = { stripeAccount: account };
  try {
    const intent = await stripe.paymentIntents.retrieve(paymentIntentId, {}, options);
    if (intent.status === 'canceled') return { refundId: null };
    if (intent.status === 'processing') throw new AppError('CONFLICT', t.refundProcessing);
    if (intent.status !== 'succeeded') {
      // Not paid: cancel, so the card dialog still open somewhere can no longer charge it.
      await stripe.paymentIntents.cancel(paymentIntentId, { cancellation_reason: 'abandoned' }, options);
      app.log.info(context, 'unpaid payment intent canceled');
      return { refundId: null };
    }
    const already = await existingRefund(stripe, paymentIntentId, account);
    if (already) return { refundId: already.id };
    try {
      const refund = await stripe.refunds.create(
        {
          payment_intent: paymentIntentId,
          reason: 'requested_by_customer',
          metadata: { deliveryId: order.id },
        },
        options,
      );
      if (refund.status === 'failed' || refund.status === 'canceled') {
        throw new AppError('CONFLICT', tf.refundFailed(refund.failure_reason ?? refund.status));
      }
      app.log.info({ ...context, refundId: refund.id }, 'payment refunded');
      return { refundId: refund.id };
    } catch (err) {
      if (!isStripeError(err) || err.code !== 'charge_already_refunded') throw err;
      const refund = await existingRefund(stripe, paymentIntentId, account);
      if (!refund) throw err;
      return { refundId: refund.id };
    }
  } catch (err) {
    throw stripeFailure(app.log, err, context, (e) =>
      e.code === 'resource_missing'
        ? new AppError('CONFLICT', tf.refundFailed(t.paymentNotFound))
        : refundRefusal(e),
    );
  }
}
