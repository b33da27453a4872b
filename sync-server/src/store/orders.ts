import {
  AppError,
  type OrderCharges,
  type OrderRow,
  type ReservationLine,
  type TableOrder,
  t,
  type Variant,
} from '@comanda/shared-schema';
import { and, asc, count, eq, gt, inArray, isNull, ne } from 'drizzle-orm';
import { type Db, first } from '../db/client.ts';
import { diningTables, type OrderLineRecord, type OrderRecord, orderLines, orders } from '../db/schema.ts';
import { randomId } from '../lib/ids.ts';
import { insertLines, orderStatements } from './order-statements.ts';
import type { PricedLine } from './price-cart.ts';
import type { TableRecord } from './rooms.ts';

/*
 * Orders and their lines: how they are read, written by the dashboard, and how they travel (the
 * 'order' and 'line' wire shapes of the change log, events and history). Tables, deliveries and
 * the dashboard all read orders through here.
 */

/** The order and line rows as stored, for the features that read them. */
export type { OrderLineRecord, OrderRecord } from '../db/schema.ts';

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);
const instant = (ms: number): string => new Date(ms).toISOString();

/**
 * A dashboard entry without its lines, as the change log ('order') keeps it: shared-schema's
 * `OrderRow`. A table order names its table (tableId, number, x, y, status, isCalled from the
 * table); a delivery or pickup is its own deliveryId.
 */
export function orderWire(order: OrderRecord, table: TableRecord | null): OrderRow {
  const isTable = order.kind === 'table';
  return {
    id: order.id,
    tableId: isTable ? order.tableId : null,
    deliveryId: isTable ? null : order.id,
    number: table?.number ?? null,
    tipo: order.kind === 'consegna' ? 'Consegna' : order.kind === 'ritiro' ? 'Ritiro' : null,
    nome: order.nome,
    cognome: order.cognome,
    telefono: order.telefono,
    email: order.email,
    indirizzo: order.indirizzo,
    comune: order.comune,
    noteConsegna: order.noteConsegna,
    orario: order.orario,
    accettato: flag(order.accettato),
    isCalled: table?.called ?? false,
    x: table?.x ?? null,
    y: table?.y ?? null,
    businessId: order.venueId,
    status: table ? flag(table.status) : 1,
    paymentIntentId: order.paymentIntentId,
    costoConsegna: order.costoConsegna,
    sconto: order.sconto,
    statusPay: flag(order.statusPay),
    createdAt: instant(order.createdAt),
    // Deliveries only: the customer chose 'Prima possibile'.
    ...(isTable ? {} : { primaPossibile: order.primaPossibile }),
    // A card checkout not paid yet (spec 4): absent once paid, so the row then reads as any order.
    ...(order.checkoutUntil === null ? {} : { checkoutUntil: instant(order.checkoutUntil) }),
  };
}

/**
 * What an order is charged besides its lines, for shared-schema's `orderBill`: the delivery fee
 * (counted for a consegna only), the card fee as charged at payment, the discount.
 */
export function orderCharges(
  order: Pick<OrderRecord, 'kind' | 'costoConsegna' | 'serviceFee' | 'sconto' | 'paymentIntentId'>,
): OrderCharges {
  return {
    tipo: order.kind === 'consegna' ? 'Consegna' : order.kind === 'ritiro' ? 'Ritiro' : null,
    costoConsegna: order.costoConsegna,
    serviceFee: order.serviceFee,
    sconto: order.sconto,
    paymentIntentId: order.paymentIntentId,
  };
}

/** A reservation line as it travels ('line' changes, events, history): shared-schema's `ReservationLine`. */
export function lineWire(
  line: OrderLineRecord,
  order: Pick<OrderRecord, 'id' | 'kind' | 'tableId'>,
): ReservationLine {
  const isTable = order.kind === 'table';
  return {
    id: line.id,
    tableId: isTable ? order.tableId : null,
    deliveryId: isTable ? null : order.id,
    dishId: line.dishId,
    name: line.name,
    price: line.price,
    amount: line.amount,
    variant: line.variant as Variant[],
    note: line.note,
    selected_option: line.selectedOption,
    status: line.status,
    printed: flag(line.printed),
    accettato: flag(line.accettato),
    lastUpdate: instant(line.lastUpdate),
    ...(line.categoryId !== null ? { categoryId: line.categoryId } : {}),
    categoryName: line.categoryName,
    // One instant per send: the kitchen display's order rounds (shared-schema rules/kitchen.ts).
    createdAt: instant(line.createdAt),
  };
}

/** The dashboard entry with the given lines (all of them, or only those just added). */
export function tableOrderWire(
  order: OrderRecord,
  table: TableRecord | null,
  lines: readonly ReservationLine[],
): TableOrder {
  return { ...orderWire(order, table), reservations: [...lines] };
}

/** The table's open order (at most one: the `orders_open_table` index), or undefined. */
export async function openOrderOfTable(db: Db, tableId: string): Promise<OrderRecord | undefined> {
  return await orderStatements(db).openOrder.get({ tableId });
}

/** A table's open order as a send joining it needs it: the order, its load, its last `seq`. */
export interface OpenOrderLoad {
  order: OrderRecord;
  /** Its lines, deleted ones included, and their total with deleted ones at 0 (no fees). */
  lines: number;
  linesTotal: number;
  lastSeq: number;
}

/** `OpenOrderLoad` of the table's open order, or undefined when it has none: one statement. */
export async function openOrderLoadOfTable(db: Db, tableId: string): Promise<OpenOrderLoad | undefined> {
  return await orderStatements(db).openOrderLoad.get({ tableId });
}

/**
 * A table's own row changed (coordinates, status, waiter call): its open order's 'order' row
 * embeds those fields (`orderWire`), so it is written again in the same mutation. Without it a
 * device that caught up through the change log keeps the old copy while the snapshot has the new
 * one (found by tests/sync/offline-restart.test.ts: the devices did not converge).
 */
export async function reputOpenOrder(
  db: Db,
  table: TableRecord,
  change: (entity: string, entityId: string, op: 'put', data: OrderRow) => void,
): Promise<void> {
  const open = await openOrderOfTable(db, table.id);
  if (open) change('order', open.id, 'put', orderWire(open, table));
}

/** An order's lines in the order they were sent; `withDeleted: false` drops owner_deleted ones. */
export async function linesOfOrder(db: Db, orderId: string, withDeleted = true): Promise<OrderLineRecord[]> {
  const where = withDeleted
    ? eq(orderLines.orderId, orderId)
    : and(eq(orderLines.orderId, orderId), ne(orderLines.status, 'owner_deleted'));
  return await db.select().from(orderLines).where(where).orderBy(asc(orderLines.seq));
}

export async function lastLineSeq(db: Db, orderId: string): Promise<number> {
  return (await orderStatements(db).lastSeq.get({ orderId }))?.top ?? 0;
}

/**
 * Priced lines as they are stored after the order's last one (`lastSeq`), `accettato` as given.
 * Built apart from their insert for a caller that sends the insert with its commit.
 */
export function lineRecords(
  order: Pick<OrderRecord, 'id' | 'venueId'>,
  priced: readonly PricedLine[],
  now: number,
  accettato: boolean,
  lastSeq: number,
): OrderLineRecord[] {
  return priced.map(
    (line, i): OrderLineRecord => ({
      ...line,
      id: randomId(),
      orderId: order.id,
      venueId: order.venueId,
      seq: lastSeq + 1 + i,
      status: 'preparation',
      printed: false,
      accettato,
      createdAt: now,
      lastUpdate: now,
      // Filled in by the order_lines_created_version trigger (migration 0002).
      createdVersion: null,
    }),
  );
}

/**
 * Appends priced lines to an order after its last one (a delivery, lines added to a delivery),
 * `accettato` as given: the lines as stored. One after another: the statements of one
 * transaction share its connection.
 */
export async function appendLines(
  db: Db,
  order: Pick<OrderRecord, 'id' | 'venueId'>,
  priced: readonly PricedLine[],
  now: number,
  accettato: boolean,
): Promise<OrderLineRecord[]> {
  const records = lineRecords(order, priced, now, accettato, await lastLineSeq(db, order.id));
  await insertLines(db, records);
  return records;
}

/** A venue's open dashboard entries with their tables (the 'order' snapshot rows). */
export async function listOpenOrders(
  db: Db,
  venueId: string,
): Promise<Array<{ order: OrderRecord; table: TableRecord | null }>> {
  return await db
    .select({ order: orders, table: diningTables })
    .from(orders)
    .leftJoin(diningTables, eq(diningTables.id, orders.tableId))
    .where(and(eq(orders.venueId, venueId), isNull(orders.closedAt)))
    .orderBy(asc(orders.createdAt), asc(orders.id));
}

/** The lines of a venue's open entries (the 'line' snapshot rows), deleted ones included. */
export async function listOpenLines(
  db: Db,
  venueId: string,
): Promise<Array<{ line: OrderLineRecord; order: OrderRecord }>> {
  return await db
    .select({ line: orderLines, order: orders })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orders.venueId, venueId), isNull(orders.closedAt)))
    .orderBy(asc(orders.createdAt), asc(orderLines.seq));
}

/** The venue's order with this id, open or closed (another venue's: undefined). */
export async function venueOrder(db: Db, venueId: string, orderId: string): Promise<OrderRecord | undefined> {
  return await first(
    db
      .select()
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.venueId, venueId))),
  );
}

/**
 * DESIGN.md merge rule: a destructive action decided on a tablet that had seen `seenVersion` is
 * refused when the order got lines in a later mutation (the owner has not seen them yet).
 */
export async function refuseIfNewLines(
  db: Db,
  orderId: string,
  seenVersion: number | undefined,
): Promise<void> {
  if (seenVersion === undefined) return;
  const newer = await first(
    db
      .select({ id: orderLines.id })
      .from(orderLines)
      .where(and(eq(orderLines.orderId, orderId), gt(orderLines.createdVersion, seenVersion)))
      .limit(1),
  );
  if (newer) throw new AppError('CONFLICT', t.orderChangedSinceSeen);
}

/** The delivery as the dashboard and the events carry it, with the given lines. */
export function deliveryWire(order: OrderRecord, lines: readonly OrderLineRecord[]): TableOrder {
  return { ...orderWire(order, null), reservations: lines.map((line) => lineWire(line, order)) };
}

/** Every line of the delivery (owner-deleted ones included), in order. */
export async function allLines(db: Db, order: OrderRecord): Promise<OrderLineRecord[]> {
  return await linesOfOrder(db, order.id);
}

/** Deliveries and pickups still awaiting the owner's decision (the delivery button's count). */
export async function pendingDeliveries(db: Db, venueId: string): Promise<number> {
  const row = await first(
    db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.venueId, venueId),
          ne(orders.kind, 'table'),
          eq(orders.accettato, false),
          isNull(orders.closedAt),
          // A card checkout is not an order to decide until it is paid (spec 4).
          isNull(orders.checkoutUntil),
        ),
      ),
  );
  return row?.n ?? 0;
}

/**
 * A table's new order opened by the owner (an out-of-menu line for a table without one): table
 * orders need no acceptance (spec 3, accettato 1), and no customer placed it.
 */
export async function openOwnerTableOrder(
  db: Db,
  order: { id: string; venueId: string; tableId: string; now: number },
): Promise<OrderRecord> {
  const row = await first(
    db
      .insert(orders)
      .values({
        id: order.id,
        venueId: order.venueId,
        kind: 'table',
        tableId: order.tableId,
        accettato: true,
        createdAt: order.now,
        updatedAt: order.now,
      })
      .returning(),
  );
  if (!row) throw new Error('order insert returned no row');
  return row;
}

/** Takes the order off the dashboard (completed or deleted): it is closed at `now`. */
export async function closeOrder(db: Db, orderId: string, now: number): Promise<void> {
  await db.update(orders).set({ closedAt: now, updatedAt: now }).where(eq(orders.id, orderId));
}

/** The order's discount (spec 5): the order as it now is. */
export async function setOrderDiscount(
  db: Db,
  orderId: string,
  sconto: number,
  now: number,
): Promise<OrderRecord> {
  const row = await first(
    db.update(orders).set({ sconto, updatedAt: now }).where(eq(orders.id, orderId)).returning(),
  );
  if (!row) throw new Error('order vanished inside its transaction');
  return row;
}

/** The venue's line with this id (another venue's: undefined). */
export async function venueLine(
  db: Db,
  venueId: string,
  lineId: string,
): Promise<OrderLineRecord | undefined> {
  return await first(
    db
      .select()
      .from(orderLines)
      .where(and(eq(orderLines.id, lineId), eq(orderLines.venueId, venueId))),
  );
}

/** Is a line id already used (an offline-created line keeps its device's id unless taken)? */
export async function lineIdTaken(db: Db, lineId: string): Promise<boolean> {
  const row = await first(db.select({ id: orderLines.id }).from(orderLines).where(eq(orderLines.id, lineId)));
  return row !== undefined;
}

/** Writes the owner's edit of a line (status, amount, price, note) at `now`: the line as it now is. */
export async function updateLine(
  db: Db,
  lineId: string,
  set: Partial<Pick<OrderLineRecord, 'status' | 'amount' | 'price' | 'note'>>,
  now: number,
): Promise<OrderLineRecord> {
  const row = await first(
    db
      .update(orderLines)
      .set({ ...set, lastUpdate: now })
      .where(eq(orderLines.id, lineId))
      .returning(),
  );
  if (!row) throw new Error('line vanished inside its transaction');
  return row;
}

/** Marks the lines printed at `now` (spec 4: they show 'Completato'): the lines as they now are. */
export async function markLinesPrinted(
  db: Db,
  lineIds: readonly string[],
  now: number,
): Promise<OrderLineRecord[]> {
  return await db
    .update(orderLines)
    .set({ printed: true, lastUpdate: now })
    .where(inArray(orderLines.id, [...lineIds]))
    .returning();
}
