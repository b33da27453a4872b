import { ORDER_QUOTA_WINDOW_MS, t } from '@comanda/shared-schema';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import { type QuotaRule, takeQuotas } from '../lib/quota.ts';
import type { Session } from '../store/sessions.ts';

/**
 * DESIGN.md "Abuse": quotas on customers' orders, per session, per table and per address
 * (shared-schema constants.ts: the numbers and why; config `orderQuotas` may raise them). A full
 * venue's phones share one address, so the address is the loosest. Taken before the order's
 * transaction (a refused send writes nothing, its 429 is never stored as the answer to its
 * Idempotency-Key) and only for a send that is not a replay.
 */

export interface OrderSender {
  session: Session;
  req: FastifyRequest;
  /** The table a table order is for; deliveries have none. */
  tableId?: string;
}

/** Keys of the table and address quotas (exported for tests that fill or empty one). */
export const orderTableKey = (tableId: string): string => `order:table:${tableId}`;
export const orderAddressKey = (address: string): string => `order:addr:${address}`;

/** The keys a customer's send counts against (its session, its table if any, its address). */
export function orderQuotaRules(
  { session, req, tableId }: OrderSender,
  limits: Config['orderQuotas'],
): QuotaRule[] {
  const windowMs = ORDER_QUOTA_WINDOW_MS;
  return [
    { key: `order:session:${session.id}`, limit: limits.perSession, windowMs },
    ...(tableId === undefined ? [] : [{ key: orderTableKey(tableId), limit: limits.perTable, windowMs }]),
    { key: orderAddressKey(req.ip), limit: limits.perAddress, windowMs },
  ];
}

/**
 * Counts one send against its quotas, or refuses it (429, RATE_LIMITED) counting nothing. The
 * venue's own owner is not limited: ordering for a table or a phone order is the staff's work.
 */
export async function takeOrderQuotas(
  app: FastifyInstance,
  sender: OrderSender,
  venueId: string,
): Promise<void> {
  const { session } = sender;
  if (session.user.role === 'owner' && session.venueId === venueId) return;
  await takeQuotas(app.quotas, orderQuotaRules(sender, app.config.orderQuotas), t.orderQuotaExceeded);
}
