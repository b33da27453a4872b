import { AppError, orderBill, type ServerEventData, type ServerEventName, t } from '@comanda/shared-schema';
import { and, eq } from 'drizzle-orm';
import { type Db, first } from '../db/client.ts';
import { type OrderRecord, orders } from '../db/schema.ts';
import { pendingDeliveryCount } from './deliveries.ts';
import { deliveryWire, linesOfOrder, lineWire, orderCharges, orderWire } from './orders.ts';

/*
 * An order's payment as stored: what it costs by card, whether it is a card order or a checkout
 * not paid in time, which order an intent pays, what a card order's completion records, and the
 * one write of its payment status. Delivery, the dashboard and payments all read it; talking to
 * Stripe is payments' alone (handed to the others as `CardPayments`, card-payments.ts).
 */
/** What the stored order costs by card now: its live lines, delivery fee and card fee. */
export async function storedCharge(db: Db, order: OrderRecord): Promise<number> {
  const lines = (await linesOfOrder(db, order.id)).map((line) => lineWire(line, order));
  return orderBill(orderCharges(order), lines).total;
}

/** A card order: one with a PaymentIntent (every 'carta' order has one). */
export const isCardOrder = (order: Pick<OrderRecord, 'paymentIntentId'>): boolean =>
  order.paymentIntentId !== null;

/** Refuses (409) an edit that would change what a card order costs (rule 1 of payments/card-order.ts). */
export function refuseCardAmountChange(order: Pick<OrderRecord, 'paymentIntentId'>): void {
  if (isCardOrder(order)) throw new AppError('CONFLICT', t.cardOrderAmountsLocked);
}

/** A checkout that expired unpaid: closed with its deadline still set (a paid one has none). */
export const isExpiredCheckout = (order: Pick<OrderRecord, 'closedAt' | 'checkoutUntil'>): boolean =>
  order.closedAt !== null && order.checkoutUntil !== null;

/** An open checkout whose time is up at `now`. */
export const checkoutIsDue = (order: Pick<OrderRecord, 'closedAt' | 'checkoutUntil'>, now: number): boolean =>
  order.closedAt === null && order.checkoutUntil !== null && order.checkoutUntil <= now;

/** The delivery paid through this intent, in one venue or (webhook) wherever it is. */
export async function orderOfIntent(
  db: Db,
  paymentIntentId: string,
  venueId?: string,
): Promise<OrderRecord | undefined> {
  const byIntent = eq(orders.paymentIntentId, paymentIntentId);
  return await first(
    db
      .select()
      .from(orders)
      .where(venueId ? and(byIntent, eq(orders.venueId, venueId)) : byIntent)
      .limit(1),
  );
}

/** What Stripe kept of a card order's payment, cents: received minus refunded. */
export interface CardSettlement {
  kept: number;
}

/**
 * The order's own record when Stripe cannot be asked (the server's keys were removed since the
 * order was paid): paid means the whole charge, which rule 1 of payments/card-order.ts keeps
 * equal to its lines and fees.
 */
export async function localSettlement(db: Db, order: OrderRecord): Promise<CardSettlement | null> {
  if (!isCardOrder(order)) return null;
  return { kept: order.statusPay ? await storedCharge(db, order) : 0 };
}

/**
 * What recording a payment status needs of a mutation (its context or the sync core's tools),
 * spelled out here because the store sits below the sync core and cannot name its types.
 */
export interface PayTools {
  db: Db;
  now: number;
  change(entity: 'order', entityId: string, op: 'put', data: unknown): void;
  publish<E extends ServerEventName>(event: E, data: ServerEventData<E>): void;
}

/**
 * Sets an open delivery's payment status (1 paid) as `changeStatusPay` does: the 'order' change
 * row and the live event, once. Already so, or closed (rejected, completed, expired): nothing
 * written, so the webhook, its retries, the success page and a resend all agree on one change.
 * A card checkout that gets paid stops being one and reaches the owner exactly as a new order
 * does (spec 4: created awaiting the decision): live `order` with its lines (the desk rings) and
 * the new pending count. Only the one call that records the payment does so, inside its
 * transaction: a second hearing of the same payment finds it paid and publishes nothing.
 */
export async function applyPayStatus(
  tools: PayTools,
  order: OrderRecord,
  status: 0 | 1,
): Promise<OrderRecord> {
  if (order.closedAt !== null || Number(order.statusPay) === status) return order;
  const paidCheckout = status === 1 && order.checkoutUntil !== null;
  const updated = await first(
    tools.db
      .update(orders)
      .set({
        statusPay: status === 1,
        updatedAt: tools.now,
        ...(paidCheckout ? { checkoutUntil: null } : {}),
      })
      .where(eq(orders.id, order.id))
      .returning(),
  );
  if (!updated) throw new Error('order vanished inside its transaction');
  tools.change('order', updated.id, 'put', orderWire(updated, null));
  tools.publish('changeStatusPay', { deliveryId: updated.id, status });
  if (paidCheckout) {
    tools.publish('order', { table: deliveryWire(updated, await linesOfOrder(tools.db, updated.id)) });
    tools.publish('updateCountDelivery', { count: await pendingDeliveryCount(tools.db, updated.venueId) });
  }
  return updated;
}
