import { AppError, calls, t } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { orderOfIntent } from '../store/payment-status.ts';
import { mutationRoute } from '../sync/mutation-route.ts';
import { refundPayment } from './refund.ts';

/**
 * `/api/stripe/refund-stripe` (spec 7 "Payment"): the owner's refund before a rejection. Only an
 * intent of one of the owner's own deliveries is refunded (anything else is NOT_FOUND before
 * Stripe is asked); the refund is the one `deliveryReject` would find or make (refund.ts), so
 * this call followed by the rejection refunds once. Nothing in the venue's data changes: the
 * rejection that follows removes the order.
 */
export async function refundRoute(app: FastifyInstance): Promise<void> {
  mutationRoute(
    app,
    calls.refundStripe,
    async ({ body, venueId }) => {
      const order = await app.store.port.read((db) => orderOfIntent(db, body.paymentIntentId, venueId));
      const named = (id: string | undefined, stored: string | null) => id === undefined || id === stored;
      if (!order || order.kind === 'table' || !named(body.deliveryId, order.id)) {
        throw new AppError('NOT_FOUND', t.paymentNotFound);
      }
      if (body.accountIdPayment && !named(body.accountIdPayment, order.accountIdPayment)) {
        throw new AppError('CONFLICT', t.paymentDoesNotMatch);
      }
      return refundPayment(app, order);
    },
    (_ctx, refund) => ({ success: true, refundId: refund.refundId }),
  );
}
