import {
  AppError,
  type CallDef,
  type DeliveryProgressStatus,
  type ReservationLine,
  type TableOrder,
  t,
} from '@comanda/shared-schema';
import type { Db } from '../db/client.ts';
import { pendingDeliveryCount } from '../store/deliveries.ts';
import { appendLines, type OrderLineRecord, type OrderRecord, venueOrder } from '../store/orders.ts';
import type { PricedLine } from '../store/price-cart.ts';
import type { MutationContext } from '../sync/mutation-route.ts';

/** What the writes below need of a mutation's context. */
export type WriteTools = Pick<MutationContext<CallDef>, 'db' | 'now' | 'change' | 'publish'>;

/** Appends priced lines to a delivery, after its last one; accepted when the order is. */
export async function insertLines(
  db: Db,
  order: OrderRecord,
  priced: readonly PricedLine[],
  now: number,
): Promise<OrderLineRecord[]> {
  return await appendLines(db, order, priced, now, order.accettato);
}

/** Records the order and these lines as they now are ('order' and 'line' put rows). */
export function recordPut(ctx: WriteTools, entry: TableOrder): void {
  const { reservations, ...row } = entry;
  ctx.change('order', entry.id, 'put', row);
  for (const line of reservations) ctx.change('line', line.id, 'put', line satisfies ReservationLine);
}

/** Tells the venue's devices how many deliveries now wait for a decision. */
export async function publishCount(ctx: WriteTools, venueId: string): Promise<void> {
  ctx.publish('updateCountDelivery', { count: await pendingDeliveryCount(ctx.db, venueId) });
}

/**
 * Tells the account that placed a delivery that the venue decided (live `deliveryStatus` to that
 * account's sockets at this venue alone): its result screen shows it at once. Phone orders the
 * owner entered have no customer to tell.
 */
export function tellCustomer(
  ctx: Pick<WriteTools, 'publish'>,
  order: Pick<OrderRecord, 'id' | 'placedBy' | 'venueId'>,
  status: DeliveryProgressStatus,
): void {
  if (!order.placedBy) return;
  ctx.publish('deliveryStatus', { deliveryId: order.id, status }, { to: 'account', userId: order.placedBy });
}

/** A delivery or pickup of this venue, open or closed; another venue's id or a table order: 404. */
export async function requireDelivery(db: Db, venueId: string, deliveryId: string): Promise<OrderRecord> {
  const order = await venueOrder(db, venueId, deliveryId);
  if (!order || order.kind === 'table') throw new AppError('NOT_FOUND', t.deliveryNotFound);
  return order;
}

/**
 * Refuses a decision on a card checkout not paid yet (spec 4: the owner decides on a card order
 * once it is paid; until then it may still expire, and rejecting it would cancel the payment the
 * customer is making).
 */
export function refuseCheckout(order: Pick<OrderRecord, 'closedAt' | 'checkoutUntil'>): void {
  if (order.closedAt === null && order.checkoutUntil !== null)
    throw new AppError('CONFLICT', t.checkoutNotPaid);
}
