import type { HistoryTotals, TableOrder } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { type Db, first } from '../db/client.ts';
import { type OrderLineRecord, type OrderRecord, orderHistory, orderHistoryLines } from '../db/schema.ts';
import { randomId } from '../lib/ids.ts';
import type { TableRecord } from './rooms.ts';

/*
 * The order history (spec 2.12): one row per completed table order or delivery, as charged, with
 * one row per line, written in the transaction that completes it. Reports read it.
 */

/** The order and line rows a history row is written from, for the rules that charge them. */
export type { OrderLineRecord, OrderRecord } from '../db/schema.ts';

/** What completing an order charges, cents, from the server's own lines and order row. */
export type ChargedTotals = Omit<HistoryTotals, 'id'>;

export interface HistoryInput {
  /** The completed dashboard entry: the order and, for a table order, its table. */
  entry: { order: OrderRecord; table: TableRecord | null };
  lines: readonly OrderLineRecord[];
  /** The entry as the dashboard showed it, kept for receipts. */
  snapshot: TableOrder;
  totals: ChargedTotals;
  paymentMethod: 'cassa' | 'carta';
  now: number;
  serviceDate: string;
  completedBy: string;
}

/** Writes the order's history row and one row per line (0 for owner_deleted), in the caller's transaction. */
export async function writeHistory(db: Db, input: HistoryInput): Promise<string> {
  const { entry, lines, totals, now, serviceDate } = input;
  const { order, table } = entry;
  const id = randomId();
  await db.insert(orderHistory).values({
    id,
    venueId: order.venueId,
    orderId: order.id,
    kind: order.kind,
    tableId: order.tableId,
    tableNumber: table?.number ?? null,
    paymentMethod: input.paymentMethod,
    paymentIntentId: order.paymentIntentId,
    ...totals,
    snapshot: input.snapshot,
    openedAt: order.createdAt,
    completedAt: now,
    serviceDate,
    completedBy: input.completedBy,
  });
  if (lines.length > 0) {
    await db.insert(orderHistoryLines).values(
      lines.map((line) => ({
        id: line.id,
        historyId: id,
        venueId: order.venueId,
        completedAt: now,
        serviceDate,
        dishId: line.dishId,
        name: line.name,
        categoryId: line.categoryId,
        categoryName: line.categoryName,
        area: line.selectedOption,
        price: line.price,
        amount: line.amount,
        total: line.status === 'owner_deleted' ? 0 : line.price * line.amount,
        status: line.status,
        variant: line.variant,
        note: line.note,
      })),
    );
  }
  return id;
}

/** Has this order been completed (a history row names it)? A second completion is refused. */
export async function orderHasHistory(db: Db, orderId: string): Promise<boolean> {
  const row = await first(
    db.select({ id: orderHistory.id }).from(orderHistory).where(eq(orderHistory.orderId, orderId)).limit(1),
  );
  return row !== undefined;
}
