import type { FastifyInstance } from 'fastify';
import type { PayStatusInput } from '../card-payments.ts';
import { applyPayStatus, orderOfIntent } from '../store/payment-status.ts';

/**
 * Records a payment status outside an HTTP call of the venue (the webhook, a correction after a
 * race) through the sync core: one transaction with the change log, the event after commit.
 * `key` (a Stripe event id) makes a repeat answer the stored answer and change nothing. The
 * write itself is the store's `applyPayStatus`, shared with the calls that record a payment in
 * their own transaction.
 */
export async function recordPayStatus(
  app: FastifyInstance,
  input: PayStatusInput,
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
    venueId: () => input.venueId,
    socketId: () => null,
    run: async (_body, _prepared, tools) => {
      const order = await orderOfIntent(tools.db, input.paymentIntentId, input.venueId);
      if (!order) return null;
      const after = await applyPayStatus(tools, order, input.status);
      return { deliveryId: after.id, statusPay: after.statusPay ? (1 as const) : (0 as const) };
    },
  });
  return outcome.body as { deliveryId: string; statusPay: 0 | 1 } | null;
}
