import { AppError, t } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import type { OrderRecord } from '../db/schema.ts';

/**
 * The two seams between delivery and card payments (issue 7 fills them in). Both run before the
 * sync core's transaction (they may call Stripe), so whatever they decide is re-read inside it.
 */

/** How a delivery is paid, as stored on the order. */
export interface PaymentDecision {
  paymentMethod: 'cassa' | 'carta';
  paymentIntentId: string | null;
  /** Card service fee charged (cents), 0 for cassa. */
  serviceFee: number;
  /** Already paid (a confirmed card payment). */
  paid: boolean;
}

export const PAY_AT_COUNTER: PaymentDecision = {
  paymentMethod: 'cassa',
  paymentIntentId: null,
  serviceFee: 0,
  paid: false,
};

/**
 * A send's payment: cassa without a payment intent. With one (choice carta), issue 7 will fetch
 * the intent, check that it succeeded for this venue's account and for the total the server
 * computes from the menu (cardCharge), and answer 'carta' with its fee. Until then a payment
 * intent is refused, so no order claims a payment nobody checked.
 */
export async function decidePayment(
  _app: FastifyInstance,
  body: { paymentIntentId?: string | undefined; isOwner?: boolean | undefined },
): Promise<PaymentDecision> {
  if (body.paymentIntentId === undefined) return PAY_AT_COUNTER;
  throw new AppError('VALIDATION', t.cardPaymentUnavailable, {
    issues: [{ path: 'paymentIntentId', message: t.cardPaymentUnavailable }],
  });
}

/** What a refund left behind, for the rejection that follows it. */
export interface RefundOutcome {
  refundId: string | null;
}

/**
 * Refunds a card-paid delivery before it is rejected (spec 4: "if a card payment intent exists a
 * refund is requested first"). Nothing to do without a payment intent. Issue 7 implements the
 * refund through Stripe (idempotent per delivery, so a retried rejection never refunds twice);
 * until then a paid delivery cannot be rejected: refused (CONFLICT), and nothing changes.
 */
export async function refundDelivery(
  app: FastifyInstance,
  order: Pick<OrderRecord, 'id' | 'paymentIntentId' | 'accountIdPayment'>,
): Promise<RefundOutcome> {
  if (order.paymentIntentId === null) return { refundId: null };
  // Issue 7: with app.config.stripe.secretKey set, refund here and return its id. Until then
  // (configured or not) refuse, rather than reject an order whose money nobody gave back.
  app.log.warn({ deliveryId: order.id }, 'refund requested but card refunds are not wired yet');
  throw new AppError('CONFLICT', t.refundUnavailable);
}
