import { AppError, orderBill, t } from '@comanda/shared-schema';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type OrderRecord, orders } from '../db/schema.ts';
import { linesOfOrder, lineWire, orderCharges } from './orders.ts';

/*
 * An order's payment as stored: what it costs by card, whether it is a card order or a checkout
 * not paid in time, which order an intent pays. Delivery, the dashboard and payments all read it;
 * talking to Stripe is payments' alone.
 */
/** What the stored order costs by card now: its live lines, delivery fee and card fee. */
export function storedCharge(db: Db, order: OrderRecord): number {
  const lines = linesOfOrder(db, order.id).map((line) => lineWire(line, order));
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
export function orderOfIntent(db: Db, paymentIntentId: string, businessId?: string): OrderRecord | undefined {
  const byIntent = eq(orders.paymentIntentId, paymentIntentId);
  return db
    .select()
    .from(orders)
    .where(businessId ? and(byIntent, eq(orders.businessId, businessId)) : byIntent)
    .get();
}
