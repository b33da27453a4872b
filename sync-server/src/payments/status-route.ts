import { AppError, type CallDef, type CardPaymentStatus, calls, t } from '@comanda/shared-schema';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import { takeQuotas } from '../lib/quota.ts';
import type { OrderRecord } from '../store/orders.ts';
import { applyPayStatus, checkoutIsDue, isExpiredCheckout, orderOfIntent } from '../store/payment-status.ts';
import { mutationRoute } from '../sync/mutation-route.ts';
import { expireCheckout, refundLatePayment } from './checkout-expiry.ts';
import { requireStripe, stripeFailure } from './stripe-client.ts';

/** The success page's check: a customer's write through the sync core, not an outbox call. */
const paymentStatus = { ...calls.paymentStatus, mutation: true } as const satisfies CallDef;

/** The browser's view of an intent's state (shared-schema CardPaymentStatus). */
export function cardPaymentStatus(status: Stripe.PaymentIntent.Status): CardPaymentStatus {
  if (status === 'succeeded') return 'paid';
  if (status === 'processing') return 'processing';
  if (status === 'canceled') return 'canceled';
  return 'unpaid';
}

/** Checks a minute: the return page polls while a payment is processing; a full house pays at once. */
export const STATUS_CHECKS_PER_SESSION = 60;
export const STATUS_CHECKS_PER_ADDRESS = 1200;

interface Prepared {
  order: OrderRecord;
  /** Stripe's status of the intent, or the checkout expired unpaid (checkout-expiry.ts). */
  status: Stripe.PaymentIntent.Status | 'expired';
}

/**
 * An expired checkout: the customer is told so (and can order again); a payment that still went
 * through is refunded first. A refund Stripe cannot make now is logged, not shown: the webhook's
 * retries and the next check ask again, and the customer's answer stays the same.
 */
async function expiredAnswer(
  app: FastifyInstance,
  order: OrderRecord,
  log: FastifyBaseLogger,
): Promise<Prepared> {
  await refundLatePayment(app, order).catch((err: unknown) =>
    log.error({ err, deliveryId: order.id }, 'payment after its checkout expired: refund not made yet'),
  );
  return { order, status: 'expired' };
}

/**
 * `/api/stripe/payment-status`: the return page (`/user/deliverySuccessPayment/{ownerId}`, with
 * Stripe's `?payment_intent=`) asks; the server asks Stripe (never trusting the page) and records
 * a succeeded payment as the webhook does, once whichever comes first. An order already paid is
 * answered without calling Stripe. A checkout whose time is up is settled here and then
 * (checkout-expiry.ts): 'expired' unless the payment beat the cancel.
 */
export async function statusRoute(app: FastifyInstance): Promise<void> {
  mutationRoute<typeof paymentStatus, Prepared>(
    app,
    paymentStatus,
    async ({ body, req, user }) => {
      const stripe = requireStripe(app);
      // Each check may ask Stripe: the return page polls a few times, a script not endlessly.
      await takeQuotas(
        app.quotas,
        [
          { key: `pay-status:session:${user.user.id}`, limit: STATUS_CHECKS_PER_SESSION, windowMs: 60_000 },
          { key: `pay-status:address:${req.ip}`, limit: STATUS_CHECKS_PER_ADDRESS, windowMs: 60_000 },
        ],
        t.tooManyAttempts,
      );
      const order = await app.store.port.read((db) => orderOfIntent(db, body.paymentIntentId, body.ownerId));
      if (!order) throw new AppError('NOT_FOUND', t.paymentNotFound);
      if (order.statusPay) return { order, status: 'succeeded' };
      if (isExpiredCheckout(order)) return expiredAnswer(app, order, req.log);
      // Its time is up and the sweep has not come by yet: settled now, so the page says so at once.
      if (checkoutIsDue(order, app.clock.nowMs())) {
        const outcome = await expireCheckout(app, order);
        if (outcome === 'expired') return expiredAnswer(app, order, req.log);
      }
      const account = order.accountIdPayment;
      const intent = await stripe.paymentIntents
        .retrieve(body.paymentIntentId, {}, account ? { stripeAccount: account } : {})
        .catch((err: unknown) => {
          throw stripeFailure(
            req.log,
            err,
            { deliveryId: order.id },
            () => new AppError('NOT_FOUND', t.paymentNotFound),
          );
        });
      return { order, status: intent.status };
    },
    async (ctx, { order, status }) => {
      const current = (await orderOfIntent(ctx.db, ctx.body.paymentIntentId, ctx.body.ownerId)) ?? order;
      // Expired while Stripe was asked (the sweep): its intent is canceled, nothing was paid.
      const expired = status === 'expired' || isExpiredCheckout(current);
      const after = status === 'succeeded' && !expired ? await applyPayStatus(ctx, current, 1) : current;
      return {
        success: true as const,
        deliveryId: after.id,
        statusPay: after.statusPay ? (1 as const) : (0 as const),
        paymentStatus: expired
          ? ('expired' as const)
          : cardPaymentStatus(status as Stripe.PaymentIntent.Status),
      };
    },
    { venueOf: ({ body }) => body.ownerId },
  );
}
