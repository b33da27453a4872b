import { and, count, desc, eq, gt, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Db, perDb, sqliteOf } from '../db/client.ts';
import { blockedSenders, orderHistory, orders } from '../db/schema.ts';

const p = sql.placeholder;

/**
 * Per slot, the orders with a live (not owner-deleted) line of that kitchen area. Written out:
 * drizzle renders columns in a select list unqualified, which would bind `id` to order_lines.
 */
const hasArea = (area: 'cucina' | 'bar' | 'fritti') =>
  sql<number>`sum(exists(select 1 from order_lines l where l.order_id = orders.id and l.selected_option = ${area} and l.status != 'owner_deleted'))`;

/**
 * The orders that hold a place in a slot: the venue's deliveries and pickups of that service date
 * that are open or were completed (a rejected or deleted one frees its place).
 */
const occupying = (...more: SQL[]) =>
  and(
    eq(orders.businessId, p('businessId')),
    eq(orders.slotDate, p('slotDate')),
    ...more,
    ne(orders.kind, 'table'),
    or(
      isNull(orders.closedAt),
      sql`exists(select 1 from ${orderHistory} where ${orderHistory.orderId} = ${orders.id})`,
    ),
  );

/** Per slot: its orders, and per kitchen area those with a line of it. */
const occupancyColumns = {
  orario: orders.orario,
  orders: count(),
  cucina: hasArea('cucina'),
  bar: hasArea('bar'),
  fritti: hasArea('fritti'),
};

/**
 * The queries of the delivery path, prepared once per connection (a customer's send is the hot
 * path; tests/bench/delivery.ts measures it). Both occupancy queries use `orders_business_slot`.
 */
export const deliveryStatements = perDb((db) => ({
  /** What each slot of one service date holds (deliveryOptions). */
  occupancy: db.select(occupancyColumns).from(orders).where(occupying()).groupBy(orders.orario).prepare(),
  /** What one slot holds: a send checks only its own slot, whatever the day's size. */
  occupancyAt: db
    .select(occupancyColumns)
    .from(orders)
    .where(occupying(eq(orders.orario, p('orario'))))
    .prepare(),
  /**
   * Deliveries awaiting a decision (the delivery button's count) through the partial index
   * `orders_pending_delivery` (migration 0003), named because without statistics SQLite prefers
   * `orders_business_open`, which walks every open order of the venue. A card checkout not paid
   * yet awaits no decision (spec 4): it still holds its slot and counts against its sender's cap.
   */
  pendingCount: sqliteOf(db).prepare<{ businessId: string }, { n: number }>(
    'SELECT count(*) AS n FROM orders INDEXED BY orders_pending_delivery WHERE business_id = @businessId AND accettato = 0 AND closed_at IS NULL AND checkout_until IS NULL',
  ),
  /** An order by id, whatever its venue (a client-chosen deliveryId must not be taken). */
  orderById: db
    .select()
    .from(orders)
    .where(eq(orders.id, p('id')))
    .prepare(),
  insertDelivery: db
    .insert(orders)
    .values({
      id: p('id'),
      businessId: p('businessId'),
      kind: p('kind'),
      nome: p('nome'),
      cognome: p('cognome'),
      telefono: p('telefono'),
      email: p('email'),
      indirizzo: p('indirizzo'),
      comune: p('comune'),
      noteConsegna: p('noteConsegna'),
      orario: p('orario'),
      slotDate: p('slotDate'),
      primaPossibile: p('primaPossibile'),
      accettato: p('accettato'),
      costoConsegna: p('costoConsegna'),
      serviceFee: p('serviceFee'),
      paymentMethod: p('paymentMethod'),
      paymentIntentId: p('paymentIntentId'),
      accountIdPayment: p('accountIdPayment'),
      statusPay: p('statusPay'),
      createdAt: p('now'),
      updatedAt: p('now'),
      placedBy: p('placedBy'),
      placedFrom: p('placedFrom'),
      checkoutUntil: p('checkoutUntil'),
    })
    .returning()
    .prepare(),
  /**
   * A sender's deliveries awaiting a decision at one venue (the pending cap of delivery/senders.ts),
   * through `orders_pending_by_sender` (migration 0007), named as `pendingCount` names its index.
   */
  pendingBySender: sqliteOf(db).prepare<{ businessId: string; userId: string }, { n: number }>(
    'SELECT count(*) AS n FROM orders INDEXED BY orders_pending_by_sender WHERE business_id = @businessId AND placed_by = @userId AND accettato = 0 AND closed_at IS NULL',
  ),
  /** The same from one address: among the venue's few pending orders (`orders_pending_delivery`). */
  pendingFromAddress: sqliteOf(db).prepare<{ businessId: string; address: string }, { n: number }>(
    'SELECT count(*) AS n FROM orders INDEXED BY orders_pending_delivery WHERE business_id = @businessId AND accettato = 0 AND closed_at IS NULL AND placed_from = @address',
  ),
  /** Whether a block of the venue holds this account, or this address until later than now. */
  blockedMatch: sqliteOf(db).prepare<
    { businessId: string; userId: string | null; address: string; now: number },
    { id: string }
  >(
    'SELECT id FROM blocked_senders WHERE business_id = @businessId AND (user_id = @userId OR (address = @address AND address_until > @now)) LIMIT 1',
  ),
  insertBlock: db
    .insert(blockedSenders)
    .values({
      id: p('id'),
      businessId: p('businessId'),
      userId: p('userId'),
      address: p('address'),
      addressUntil: p('addressUntil'),
      label: p('label'),
      createdAt: p('now'),
    })
    .returning()
    .prepare(),
  /** The venue's blocks that still hold an account or an address, newest first. */
  activeBlocks: db
    .select()
    .from(blockedSenders)
    .where(
      and(
        eq(blockedSenders.businessId, p('businessId')),
        or(isNotNull(blockedSenders.userId), gt(blockedSenders.addressUntil, p('now'))),
      ),
    )
    .orderBy(desc(blockedSenders.createdAt), desc(blockedSenders.id))
    .prepare(),
  deleteBlock: db
    .delete(blockedSenders)
    .where(and(eq(blockedSenders.id, p('id')), eq(blockedSenders.businessId, p('businessId'))))
    .returning({ id: blockedSenders.id })
    .prepare(),
}));

/** Deliveries and pickups awaiting the owner's decision: the delivery button's count. */
export function pendingDeliveryCount(db: Db, businessId: string): number {
  return deliveryStatements(db).pendingCount.get({ businessId })?.n ?? 0;
}
