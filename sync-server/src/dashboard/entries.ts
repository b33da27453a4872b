import {
  AppError,
  type KitchenFilter,
  type ReservationLine,
  type TableOrder,
  t,
} from '@comanda/shared-schema';
import type { Db } from '../db/client.ts';
import {
  linesOfOrder,
  lineWire,
  listOpenLines,
  listOpenOrders,
  type OrderLineRecord,
  type OrderRecord,
  openOrderOfTable,
  tableOrderWire,
  venueOrder,
} from '../store/orders.ts';
import { findVenueTable, type TableRecord } from '../store/rooms.ts';

/** The delivery button's count, read in store/orders.ts (the dashboard's calls answer it). */
export { pendingDeliveries } from '../store/orders.ts';

/**
 * A dashboard entry as the server reads it: an open order and, for a table order, its table.
 * The spec's calls name an entry by `tableId`: a table's id (its open order) or a delivery's id.
 */
export interface Entry {
  order: OrderRecord;
  table: TableRecord | null;
}

export const isDelivery = (order: Pick<OrderRecord, 'kind'>): boolean => order.kind !== 'table';

/** The id the spec's events and calls use for an entry: the table's, or the delivery's own. */
export function entryKey(order: Pick<OrderRecord, 'id' | 'kind' | 'tableId'>): string {
  return isDelivery(order) ? order.id : (order.tableId ?? order.id);
}

/** Does a line of this kitchen area pass the filter? 'tutto' (or none) passes every line. */
export function inArea(line: Pick<OrderLineRecord, 'selectedOption'>, filter?: KitchenFilter): boolean {
  return filter === undefined || filter === 'tutto' || line.selectedOption === filter;
}

export async function tableOfOrder(db: Db, order: OrderRecord): Promise<TableRecord | null> {
  if (order.tableId === null) return null;
  return (await findVenueTable(db, order.venueId, order.tableId)) ?? null;
}

/**
 * The open entry a key names in this venue: the table's open order when the key is one of its
 * tables, else the open delivery/pickup with that id (a card checkout not paid yet is none).
 * Another venue's ids find nothing.
 */
export async function findOpenEntry(db: Db, venueId: string, key: string): Promise<Entry | undefined> {
  const table = await findVenueTable(db, venueId, key);
  if (table) {
    const order = await openOrderOfTable(db, table.id);
    return order ? { order, table } : undefined;
  }
  const order = await venueOrder(db, venueId, key);
  // A card checkout not paid yet is no entry of the owner's (spec 4): nothing to edit or close.
  if (!order || !isDelivery(order) || order.closedAt !== null || order.checkoutUntil !== null) {
    return undefined;
  }
  return { order, table: null };
}

/** The open entry, or 404 'Nessun ordine aperto...'; `delivery` also checks its kind. */
export async function requireOpenEntry(
  db: Db,
  venueId: string,
  key: string,
  delivery?: boolean,
): Promise<Entry> {
  const entry = await findOpenEntry(db, venueId, key);
  if (!entry || (delivery !== undefined && isDelivery(entry.order) !== delivery)) {
    throw new AppError('NOT_FOUND', t.noOpenOrder);
  }
  return entry;
}

/** The entry as the dashboard shows it, with its lines (of one kitchen area if asked). */
export async function entryWire(db: Db, entry: Entry, filter?: KitchenFilter): Promise<TableOrder> {
  const lines = (await linesOfOrder(db, entry.order.id)).filter((line) => inArea(line, filter));
  return tableOrderWire(
    entry.order,
    entry.table,
    lines.map((line) => lineWire(line, entry.order)),
  );
}

/**
 * `/api/dashboard/owner/get`: every open table order and accepted delivery/pickup, oldest first,
 * with its lines. With a kitchen area, entries without a line of that area are left out.
 */
export async function listDashboard(db: Db, venueId: string, filter?: KitchenFilter): Promise<TableOrder[]> {
  const byOrder = new Map<string, ReservationLine[]>();
  for (const { line, order } of await listOpenLines(db, venueId)) {
    if (!inArea(line, filter)) continue;
    let lines = byOrder.get(order.id);
    if (!lines) {
      lines = [];
      byOrder.set(order.id, lines);
    }
    lines.push(lineWire(line, order));
  }
  const areaOnly = filter !== undefined && filter !== 'tutto';
  const entries: TableOrder[] = [];
  for (const { order, table } of await listOpenOrders(db, venueId)) {
    // Deliveries awaiting the owner's decision live on /owner/delivery, not here.
    if (isDelivery(order) && !order.accettato) continue;
    const lines = byOrder.get(order.id) ?? [];
    if (areaOnly && lines.length === 0) continue;
    entries.push(tableOrderWire(order, table, lines));
  }
  return entries;
}
