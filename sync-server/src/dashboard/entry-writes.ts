import type { CallDef } from '@comanda/shared-schema';
import { closeOrder, type OrderLineRecord } from '../store/orders.ts';
import { type TableRecord, tableWire, updateTable } from '../store/rooms.ts';
import type { MutationContext } from '../sync/mutation-route.ts';
import { type Entry, entryKey, isDelivery } from './entries.ts';

/** What the writes below need of a mutation's context. */
export type WriteTools = Pick<MutationContext<CallDef>, 'db' | 'now' | 'change' | 'publish'>;

/**
 * The table's status flag (spec 3: set when it has orders), with its change row and the room
 * screens' `switchTableStatus`; nothing when it already is.
 */
export async function setTableStatus(
  ctx: WriteTools,
  table: TableRecord,
  status: boolean,
): Promise<TableRecord> {
  if (table.status === status) return table;
  const row = await updateTable(ctx.db, table.id, { status });
  ctx.change('table', row.id, 'put', tableWire(row));
  ctx.publish('switchTableStatus', { id: row.id, status });
  return row;
}

/**
 * Takes an entry off the dashboard (completed or deleted): the order is closed, its 'order' and
 * 'line' rows leave every device's offline copy, the table is free again, the venue's tablets get
 * `removeTable` and the table's phones `eraseOrder` (their cart and erase-order state clear).
 */
export async function closeEntry(
  ctx: WriteTools,
  entry: Entry,
  lines: readonly OrderLineRecord[],
): Promise<void> {
  const { order, table } = entry;
  await closeOrder(ctx.db, order.id, ctx.now);
  ctx.change('order', order.id, 'delete');
  for (const line of lines) ctx.change('line', line.id, 'delete');
  if (table) {
    await setTableStatus(ctx, table, false);
    ctx.publish('eraseOrder', { tableId: table.id }, { tableId: table.id });
  }
  ctx.publish('removeTable', { tableId: entryKey(order), isDelivery: isDelivery(order) });
}
