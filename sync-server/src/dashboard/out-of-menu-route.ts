import {
  AppError,
  calls,
  lineNote,
  OUT_OF_MENU_CATEGORY_ID,
  OUT_OF_MENU_CATEGORY_NAME,
  t,
} from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { randomId } from '../lib/ids.ts';
import { refuseOverCeilings } from '../store/ceilings.ts';
import { insertLines, orderStatements } from '../store/order-statements.ts';
import {
  lastLineSeq,
  lineIdTaken,
  lineWire,
  type OrderLineRecord,
  openOwnerTableOrder,
  orderWire,
} from '../store/orders.ts';
import { refuseCardAmountChange } from '../store/payment-status.ts';
import { findVenueTable } from '../store/rooms.ts';
import { mutationRoute } from '../sync/mutation-route.ts';
import { type Entry, entryWire, findOpenEntry } from './entries.ts';
import { setTableStatus, type WriteTools } from './entry-writes.ts';

/**
 * The entry a 'Fuori menu' line joins: the open one, or a new order for a table that has none
 * (as when the owner orders for it). A delivery must be open.
 */
async function entryFor(ctx: WriteTools, venueId: string, key: string): Promise<Entry> {
  const open = await findOpenEntry(ctx.db, venueId, key);
  if (open) return open;
  const table = await findVenueTable(ctx.db, venueId, key);
  if (!table) throw new AppError('NOT_FOUND', t.noOpenOrder);
  const order = await openOwnerTableOrder(ctx.db, {
    id: randomId(),
    venueId,
    tableId: table.id,
    now: ctx.now,
  });
  return { order, table };
}

/**
 * `/api/dashboard/owner/table/outOfMenu/add` (added; the spec's out-of-menu line has id null
 * and no call of its own): the owner's free line (description, price, kind) joins the entry's
 * order with a server id (or the UUID the device gave it offline). Tablets and the table's phones
 * get `order` with the new line, as for any send, so the kitchen rings.
 */
export async function outOfMenuRoute(app: FastifyInstance): Promise<void> {
  mutationRoute(app, calls.dashboardTableOutOfMenuAdd, async (ctx) => {
    const { body, db, venueId, now, change, publish } = ctx;
    if (body.id !== undefined && (await lineIdTaken(db, body.id))) throw new AppError('CONFLICT', t.idTaken);
    const entry = await entryFor(ctx, venueId, body.tableId);
    const { order } = entry;
    // Not on a card delivery: it costs what its payment charged (payments/card-order.ts).
    refuseCardAmountChange(order);
    // Nor past the entry's ceiling (rules/order-ceilings.ts); a new order opened above is undone.
    await refuseOverCeilings(db, [body.line], order, 'owner');
    const record: OrderLineRecord = {
      id: body.id ?? randomId(),
      orderId: order.id,
      venueId,
      seq: (await lastLineSeq(db, order.id)) + 1,
      dishId: null,
      name: body.line.name,
      price: body.line.price,
      amount: body.line.amount,
      variant: [],
      note: lineNote(body.line.note),
      selectedOption: body.line.selected_option,
      categoryId: OUT_OF_MENU_CATEGORY_ID,
      categoryName: OUT_OF_MENU_CATEGORY_NAME,
      status: 'preparation',
      printed: false,
      // A line added to a delivery still awaiting acceptance waits with it.
      accettato: order.accettato,
      createdAt: now,
      lastUpdate: now,
      // Filled in by the order_lines_created_version trigger (migration 0002).
      createdVersion: null,
    };
    await insertLines(db, [record]);
    await orderStatements(db).touchOrder.run({ id: order.id, now });

    const table = entry.table ? await setTableStatus(ctx, entry.table, true) : null;
    const row = orderWire(order, table);
    const line = lineWire(record, order);
    change('order', order.id, 'put', row);
    change('line', line.id, 'put', line);
    publish(
      'order',
      { table: { ...row, reservations: [line] } },
      table ? { to: 'all', tableId: table.id } : {},
    );
    return { success: true, table: await entryWire(db, { order, table }), line };
  });
}
