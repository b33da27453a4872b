import { AppError, t } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import type { CardPayments, RefundableOrder } from '../card-payments.ts';
import { deliveryStatements } from '../store/deliveries.ts';
import { isExpiredCheckout, storedCharge } from '../store/payment-status.ts';

/**
 * The two seams between delivery and card payments (`cards`, handed down by app.ts). Both run
 * before the sync core's transaction (they may call Stripe), so whatever they decide is re-read
 * inside it.
 */

/** How a delivery is paid, as stored on the order. */
export interface PaymentDecision {
  paymentMethod: 'cassa' | 'carta';
  paymentIntentId: string | null;
  /** The connected account the intent lives on (direct charge). */
  accountIdPayment: string | null;
  /** Already paid (a confirmed card payment). */
  paid: boolean;
  /**
   * carta: what the intent charges (cents). The order stored must cost exactly this (lines,
   * delivery fee and the card fee of spec 9, all from the server), or the send is refused.
   */
  chargedTotal: number | null;
}

export const PAY_AT_COUNTER: PaymentDecision = {
  paymentMethod: 'cassa',
  paymentIntentId: null,
  accountIdPayment: null,
  paid: false,
  chargedTotal: null,
};

/**
 * A send's payment. Without a payment intent: cassa. With one, the send is the success page
 * resending its dataClient after paying: the order was stored by create-payment-intent (the card
 * send), and this only confirms it. The intent is fetched from Stripe on the order's account and
 * must be that order's (same id, its deliveryId and venue in the metadata), for the amount the
 * server computes for it, in euro, and succeeded; the run then answers the stored order and
 * marks it paid once (idempotent with the webhook and `payment-status`). Only the account that
 * sent the order may confirm it this way (`userId`); anyone else is refused before Stripe is asked.
 */
export async function decidePayment(
  app: FastifyInstance,
  cards: CardPayments,
  body: {
    paymentIntentId?: string | undefined;
    isOwner?: boolean | undefined;
    ownerId: string;
    deliveryId?: string | undefined;
  },
  userId: string,
): Promise<PaymentDecision> {
  const { paymentIntentId } = body;
  if (paymentIntentId === undefined) return PAY_AT_COUNTER;
  // The owner ordering for a customer pays nothing by card (spec 6).
  if (body.isOwner)
    throw new AppError('VALIDATION', t.cardPaymentUnavailable, {
      issues: [{ path: 'paymentIntentId', message: t.cardPaymentUnavailable }],
    });
  const stripe = cards.requireStripe('paymentIntentId');
  const { port } = app.store;
  const { deliveryId } = body;
  const order = deliveryId
    ? await port.read((db) => deliveryStatements(db).orderById.get({ id: deliveryId }))
    : undefined;
  if (
    !order ||
    order.venueId !== body.ownerId ||
    order.paymentIntentId !== paymentIntentId ||
    order.placedBy !== userId
  ) {
    throw new AppError('CONFLICT', t.paymentDoesNotMatch);
  }
  // Not paid in time: dropped, its slot freed; a payment that still went through is refunded.
  if (isExpiredCheckout(order)) throw new AppError('CONFLICT', t.checkoutExpired);
  const account = order.accountIdPayment;
  const intent = await stripe.paymentIntents
    .retrieve(paymentIntentId, {}, account ? { stripeAccount: account } : {})
    .catch((err: unknown) => {
      throw cards.stripeFailure(app.log, err, { deliveryId: order.id, paymentIntentId }, (e) =>
        e.code === 'resource_missing'
          ? new AppError('NOT_FOUND', t.paymentNotFound)
          : new AppError('CONFLICT', t.cardPaymentUnavailable),
      );
    });
  const mine =
    intent.metadata?.deliveryId === order.id &&
    intent.metadata?.businessId === order.venueId &&
    intent.currency === cards.currency &&
    intent.amount === (await port.read((db) => storedCharge(db, order)));
  if (!mine) {
    app.log.warn(
      { deliveryId: order.id, paymentIntentId, amount: intent.amount },
      'payment intent does not match its order',
    );
    throw new AppError('CONFLICT', t.paymentDoesNotMatch);
  }
  if (intent.status !== 'succeeded') throw new AppError('CONFLICT', t.paymentNotCompleted);
  return {
    paymentMethod: 'carta',
    paymentIntentId,
    accountIdPayment: account,
    paid: true,
    chargedTotal: intent.amount,
  };
}

/** What a refund left behind, for the rejection that follows it. */
export interface RefundOutcome {
  refundId: string | null;
}

/**
 * Refunds a card-paid delivery before it is rejected (spec 4: "if a card payment intent exists a
 * refund is requested first"). Nothing to do without a payment intent. Through Stripe,
 * idempotent per delivery (one refund however often a rejection is retried or replayed); an
 * intent not paid yet is canceled, so nobody pays for a rejected order. Refused (nothing
 * changes, the order stays) without Stripe keys, or with Stripe's reason when it refuses;
 * PAYMENT_ERROR when it cannot be reached (the outbox retries).
 */
export async function refundDelivery(cards: CardPayments, order: RefundableOrder): Promise<RefundOutcome> {
  if (order.paymentIntentId === null) return { refundId: null };
  return cards.refundPayment(order);
}
