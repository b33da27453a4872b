import { AppError, type CallDef, type CardPaymentStatus, calls, t } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import type Stripe from 'stripe';
import type { OrderRecord } from '../db/schema.ts';
import { mutationRoute } from '../http/route.ts';
import { takeQuotas } from '../lib/quota.ts';
import { applyPayStatus, orderOfIntent } from './pay-status.ts';
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
  status: Stripe.PaymentIntent.Status;
}

/**
 * `/api/stripe/payment-status`: the return page (`/user/deliverySuccessPayment/{ownerId}`, with
 * Stripe's `?payment_intent=`) asks; the server asks Stripe (never trusting the page) and records
 * a succeeded payment as the webhook does, once whichever comes first. An order already paid is
 * answered without calling Stripe.
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
      const order = orderOfIntent(app.store.db, body.paymentIntentId, body.ownerId);
      if (!order) throw new AppError('NOT_FOUND', t.paymentNotFound);
      if (order.statusPay) return { order, status: 'succeeded' };
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
    (ctx, { order, status }) => {
      const current = orderOfIntent(ctx.db, ctx.body.paymentIntentId, ctx.body.ownerId) ?? order;
      const after = status === 'succeeded' ? applyPayStatus(ctx, current, 1) : current;
      return {
        success: true as const,
        deliveryId: after.id,
        statusPay: after.statusPay ? (1 as const) : (0 as const),
        paymentStatus: cardPaymentStatus(status),
      };
    },
    { businessOf: ({ body }) => body.ownerId },
  );
}
