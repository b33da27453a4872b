import {
  AppError,
  type CallDef,
  type DeliveryProgressStatus,
  type ReservationLine,
  type TableOrder,
  t,
} from '@comanda/shared-schema';
import type { Db } from '../db/client.ts';
import type { OrderLineRecord, OrderRecord } from '../db/schema.ts';
import { randomId } from '../lib/ids.ts';
import { pendingDeliveryCount } from '../store/deliveries.ts';
import { orderStatements } from '../store/order-statements.ts';
import { lastLineSeq, venueOrder } from '../store/orders.ts';
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
  const first = (await lastLineSeq(db, order.id)) + 1;
  const insertLine = orderStatements(db).insertLine;
  const records: OrderLineRecord[] = [];
  // One after another: the statements of one transaction share its connection.
  for (const [i, line] of priced.entries()) {
    const record: OrderLineRecord = {
      ...line,
      id: randomId(),
      orderId: order.id,
      businessId: order.businessId,
      seq: first + i,
      status: 'preparation',
      printed: false,
      accettato: order.accettato,
      createdAt: now,
      lastUpdate: now,
      // Filled in by the order_lines_created_version trigger (migration 0002).
      createdVersion: null,
    };
    await insertLine.run(record);
    records.push(record);
  }
  return records;
}

/** Records the order and these lines as they now are ('order' and 'line' put rows). */
export function recordPut(ctx: WriteTools, entry: TableOrder): void {
  const { reservations, ...row } = entry;
  ctx.change('order', entry.id, 'put', row);
  for (const line of reservations) ctx.change('line', line.id, 'put', line satisfies ReservationLine);
}

/** Tells the venue's devices how many deliveries now wait for a decision. */
export async function publishCount(ctx: WriteTools, businessId: string): Promise<void> {
  ctx.publish('updateCountDelivery', { count: await pendingDeliveryCount(ctx.db, businessId) });
}

/**
 * Tells the account that placed a delivery that the venue decided (live `deliveryStatus` to that
 * account's sockets at this venue alone): its result screen shows it at once. Phone orders the
 * owner entered have no customer to tell.
 */
export function tellCustomer(
  ctx: Pick<WriteTools, 'publish'>,
  order: Pick<OrderRecord, 'id' | 'placedBy' | 'businessId'>,
  status: DeliveryProgressStatus,
): void {
  if (!order.placedBy) return;
  ctx.publish('deliveryStatus', { deliveryId: order.id, status }, { to: 'account', userId: order.placedBy });
}

/** A delivery or pickup of this venue, open or closed; another venue's id or a table order: 404. */
export async function requireDelivery(db: Db, businessId: string, deliveryId: string): Promise<OrderRecord> {
  const order = await venueOrder(db, businessId, deliveryId);
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
