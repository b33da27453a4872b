import type { SlotOccupancy } from '@comanda/shared-schema';
import { and, count, desc, eq, gt, isNotNull, isNull, ne, or, type SQL, sql } from 'drizzle-orm';
import { type Db, first, perDb } from '../db/client.ts';
import { blockedSenders, type OrderRecord, orderHistory, orderLines, orders } from '../db/schema.ts';
import { isFalse, tableIndexedBy } from '../db/sql-dialect.ts';

/*
 * Deliveries and pickups (spec 4 "Delivery order", 5): what the slots of a service date hold,
 * the count awaiting the owner's decision, and the writes of the owner's decisions. Who sends
 * them (blocks, pending caps) is store/delivery-senders.ts; their payment, payment-status.ts.
 */

const p = sql.placeholder;

/** `orders` read through a named index on SQLite (see `pendingCount`); PostgreSQL plans by its statistics. */
const ordersIndexedBy = (index: string) => tableIndexedBy(orders, index);

/**
 * Per slot, the orders with a live (not owner-deleted) line of that kitchen area. Written out:
 * drizzle renders columns in a select list unqualified, which would bind `id` to order_lines.
 */
const hasArea = (area: 'cucina' | 'bar' | 'fritti') =>
  sql<number>`sum(case when exists(select 1 from order_lines l where l.order_id = orders.id and l.selected_option = ${area} and l.status != 'owner_deleted') then 1 else 0 end)`.mapWith(
    Number,
  );

/** The venue's deliveries and pickups awaiting the owner's decision (not accepted, still open). */
const awaitingDecision = () =>
  and(eq(orders.venueId, p('venueId')), isFalse(orders.accettato), isNull(orders.closedAt));

/**
 * The orders that hold a place in a slot: the venue's deliveries and pickups of that service date
 * that are open or were completed (a rejected or deleted one frees its place).
 */
const occupying = (...more: SQL[]) =>
  and(
    eq(orders.venueId, p('venueId')),
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
    .groupBy(orders.orario)
    .prepare(),
  /**
   * Deliveries awaiting a decision (the delivery button's count) through the partial index
   * `orders_pending_delivery` (migration 0003), named because without statistics SQLite prefers
   * `orders_business_open`, which walks every open order of the venue. A card checkout not paid
   * yet awaits no decision (spec 4): it still holds its slot and counts against its sender's cap.
   */
  pendingCount: db
    .select({ n: count() })
    .from(ordersIndexedBy('orders_pending_delivery'))
    .where(and(awaitingDecision(), isNull(orders.checkoutUntil)))
    .prepare(),
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
      venueId: p('venueId'),
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
  pendingBySender: db
    .select({ n: count() })
    .from(ordersIndexedBy('orders_pending_by_sender'))
    .where(and(awaitingDecision(), eq(orders.placedBy, p('userId'))))
    .prepare(),
  /** The same from one address: among the venue's few pending orders (`orders_pending_delivery`). */
  pendingFromAddress: db
    .select({ n: count() })
    .from(ordersIndexedBy('orders_pending_delivery'))
    .where(and(awaitingDecision(), eq(orders.placedFrom, p('address'))))
    .prepare(),
  /** Whether a block of the venue holds this account, or this address until later than now. */
  blockedMatch: db
    .select({ id: blockedSenders.id })
    .from(blockedSenders)
    .where(
      and(
        eq(blockedSenders.venueId, p('venueId')),
        or(
          eq(blockedSenders.userId, p('userId')),
          and(eq(blockedSenders.address, p('address')), gt(blockedSenders.addressUntil, p('now'))),
        ),
      ),
    )
    .limit(1)
    .prepare(),
  insertBlock: db
    .insert(blockedSenders)
    .values({
      id: p('id'),
      venueId: p('venueId'),
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
        eq(blockedSenders.venueId, p('venueId')),
        or(isNotNull(blockedSenders.userId), gt(blockedSenders.addressUntil, p('now'))),
      ),
    )
    .orderBy(desc(blockedSenders.createdAt), desc(blockedSenders.id))
    .prepare(),
  deleteBlock: db
    .delete(blockedSenders)
    .where(and(eq(blockedSenders.id, p('id')), eq(blockedSenders.venueId, p('venueId'))))
    .returning({ id: blockedSenders.id })
    .prepare(),
}));

/** Deliveries and pickups awaiting the owner's decision: the delivery button's count. */
export async function pendingDeliveryCount(db: Db, venueId: string): Promise<number> {
  return (await deliveryStatements(db).pendingCount.get({ venueId }))?.n ?? 0;
}

type OccupancyRow = {
  orario: string | null;
  orders: number;
  cucina: number | null;
  bar: number | null;
  fritti: number | null;
};

const toOccupancy = (row: OccupancyRow): SlotOccupancy[] =>
  row.orario === null
    ? []
    : [
        {
          orario: row.orario,
          orders: row.orders,
          areas: { cucina: Number(row.cucina), bar: Number(row.bar), fritti: Number(row.fritti) },
        },
      ];

/** What each slot of a service date holds (slots with nothing are absent). */
export async function slotOccupancy(db: Db, venueId: string, slotDate: string): Promise<SlotOccupancy[]> {
  const rows = await deliveryStatements(db).occupancy.all({ venueId, slotDate });
  return rows.flatMap(toOccupancy);
}

/** What one slot holds (undefined when nothing): a send checks only its own slot. */
export async function slotOccupancyAt(
  db: Db,
  venueId: string,
  slotDate: string,
  orario: string,
): Promise<SlotOccupancy | undefined> {
  const row = await deliveryStatements(db).occupancyAt.get({ venueId, slotDate, orario });
  const [occupancy] = row ? toOccupancy(row) : [];
  return occupancy;
}

/**
 * Accepts a delivery (spec 4 "Delivery order"): the order and then all its lines accettato 1.
 * The order as it now is; undefined, with no line touched, when it vanished.
 */
export async function acceptDelivery(db: Db, orderId: string, now: number): Promise<OrderRecord | undefined> {
  const accepted = await first(
    db.update(orders).set({ accettato: true, updatedAt: now }).where(eq(orders.id, orderId)).returning(),
  );
  if (!accepted) return undefined;
  await db
    .update(orderLines)
    .set({ accettato: true, lastUpdate: now })
    .where(eq(orderLines.orderId, orderId));
  return accepted;
}

/** Marks the order changed at `now` (lines were added to it): the order as it now is. */
export async function touchDelivery(db: Db, orderId: string, now: number): Promise<OrderRecord | undefined> {
  return await first(db.update(orders).set({ updatedAt: now }).where(eq(orders.id, orderId)).returning());
}

/** The payment status the owner records for a delivery paid at the counter: the order as it now is. */
export async function setCounterPayStatus(
  db: Db,
  orderId: string,
  paid: boolean,
  now: number,
): Promise<OrderRecord | undefined> {
  return await first(
    db.update(orders).set({ statusPay: paid, updatedAt: now }).where(eq(orders.id, orderId)).returning(),
  );
}
