import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type OrderRecord, orders } from '../db/schema.ts';
import { pendingDeliveryCount } from '../store/deliveries.ts';
import { deliveryWire, linesOfOrder, orderWire } from '../store/orders.ts';
import { orderOfIntent } from '../store/payment-status.ts';
import type { MutationTools } from '../sync/sync-core.ts';

/** What recording a payment status needs of a mutation (its context or the sync core's tools). */
export type PayTools = Pick<MutationTools, 'db' | 'now' | 'change' | 'publish'>;

/**
 * Sets an open delivery's payment status (1 paid) as `changeStatusPay` does: the 'order' change
 * row and the live event, once. Already so, or closed (rejected, completed, expired): nothing
 * written, so the webhook, its retries, the success page and a resend all agree on one change.
 * A card checkout that gets paid stops being one and reaches the owner exactly as a new order
 * does (spec 4: created awaiting the decision): live `order` with its lines (the desk rings) and
 * the new pending count. Only the one call that records the payment does so, inside its
 * transaction: a second hearing of the same payment finds it paid and publishes nothing.
 */
export function applyPayStatus(tools: PayTools, order: OrderRecord, status: 0 | 1): OrderRecord {
  if (order.closedAt !== null || Number(order.statusPay) === status) return order;
  const paidCheckout = status === 1 && order.checkoutUntil !== null;
  const updated = tools.db
    .update(orders)
    .set({ statusPay: status === 1, updatedAt: tools.now, ...(paidCheckout ? { checkoutUntil: null } : {}) })
    .where(eq(orders.id, order.id))
    .returning()
    .get();
  if (!updated) throw new Error('order vanished inside its transaction');
  tools.change('order', updated.id, 'put', orderWire(updated, null));
  tools.publish('changeStatusPay', { deliveryId: updated.id, status });
  if (paidCheckout) {
    tools.publish('order', { table: deliveryWire(updated, linesOfOrder(tools.db, updated.id)) });
    tools.publish('updateCountDelivery', { count: pendingDeliveryCount(tools.db, updated.businessId) });
  }
  return updated;
}

/**
 * Records a payment status outside an HTTP call of the venue (the webhook, a correction after a
 * race) through the sync core: one transaction with the change log, the event after commit.
 * `key` (a Stripe event id) makes a repeat answer the stored answer and change nothing.
 */
export async function recordPayStatus(
  app: FastifyInstance,
  input: { scope: string; key: string | null; paymentIntentId: string; businessId: string; status: 0 | 1 },
): Promise<{ deliveryId: string; statusPay: 0 | 1 } | null> {
  const outcome = await app.sync.execute({
    scope: input.scope,
    userId: null,
    // One requester for every call from Stripe: its retries come from several addresses.
    requester: 'stripe',
    headers: input.key ? { 'idempotency-key': input.key } : {},
    rawBody: { paymentIntentId: input.paymentIntentId, status: input.status },
    parse: () => input,
    prepare: async () => undefined,
    businessId: () => input.businessId,
    socketId: () => null,
    run: (_body, _prepared, tools) => {
      const order = orderOfIntent(tools.db, input.paymentIntentId, input.businessId);
      if (!order) return null;
      const after = applyPayStatus(tools, order, input.status);
      return { deliveryId: after.id, statusPay: after.statusPay ? (1 as const) : (0 as const) };
    },
  });
  return outcome.body as { deliveryId: string; statusPay: 0 | 1 } | null;
}
