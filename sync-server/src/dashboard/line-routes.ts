import {
  AppError,
  calls,
  isValidDiscount,
  lineAfterEdit,
  lineStatusSettable,
  linesPrinted,
  orderSubtotal,
  t,
} from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { entryLoad, entryTotalOf, refuseEditOverCeiling } from '../store/ceilings.ts';
import {
  linesOfOrder,
  lineWire,
  markLinesPrinted,
  type OrderLineRecord,
  orderWire,
  setOrderDiscount,
  updateLine,
  venueLine,
  venueOrder,
} from '../store/orders.ts';
import { refuseCardAmountChange } from '../store/payment-status.ts';
import { mutationRoute } from '../sync/mutation-route.ts';
import { entryWire, requireOpenEntry, tableOfOrder } from './entries.ts';

type LineEdit = Pick<OrderLineRecord, 'amount' | 'price' | 'note' | 'status'>;

const sameEdit = (a: LineEdit, b: LineEdit) =>
  a.amount === b.amount && a.price === b.price && a.note === b.note && a.status === b.status;

/** Does the line cost the same after the edit (a note or the kitchen's status cost nothing)? */
const sameCost = (a: LineEdit, b: LineEdit) =>
  a.amount === b.amount &&
  a.price === b.price &&
  (a.status === 'owner_deleted') === (b.status === 'owner_deleted');

/** Spec 7 "Dashboard": the line and order edits, each a mutation of the sync core. */
export async function lineRoutes(app: FastifyInstance): Promise<void> {
  /**
   * The status the client chose (the cycle's next, owner_deleted, or a restore). A line of
   * another venue is not found; a line of a completed order is refused as such.
   */
  mutationRoute(app, calls.dashboardStatusSet, async ({ body, db, venueId, now, change, publish }) => {
    const line = await venueLine(db, venueId, body.id);
    const order = line ? await venueOrder(db, venueId, line.orderId) : undefined;
    if (!line || !order) throw new AppError('NOT_FOUND', t.orderLineNotFound);
    if (order.closedAt !== null) throw new AppError('CONFLICT', t.orderAlreadyCompleted);
    // A deleted line only stays deleted or is restored (shared-schema rules/line-edits.ts).
    if (!lineStatusSettable(line.status, body.status)) {
      throw new AppError('CONFLICT', t.deletedLineRestoreFirst);
    }
    if (line.status === body.status) return { success: true, line: lineWire(line, order) };
    // Deleting or restoring changes what the order costs: never on a card order.
    if (line.status === 'owner_deleted' || body.status === 'owner_deleted') refuseCardAmountChange(order);
    if (line.status === 'owner_deleted') {
      // A restore adds the line back: not past the entry's ceiling (rules/order-ceilings.ts).
      const before = (await entryLoad(db, order)).total;
      refuseEditOverCeiling(before, before + line.price * line.amount);
    }
    const updated = await updateLine(db, line.id, { status: body.status }, now);
    const wire = lineWire(updated, order);
    change('line', wire.id, 'put', wire);
    const table = await tableOfOrder(db, order);
    publish('updateTable', { table: await entryWire(db, { order, table }) });
    return { success: true, line: wire };
  });

  /**
   * Changes only the lines named, and of them only the fields sent, so a customer's send that
   * arrived meanwhile survives. The discount is checked against the subtotal the server computes
   * from its own lines after the edit; the entry's total may not be raised past its ceiling
   * (rules/order-ceilings.ts: the writes so far are undone with the refusal).
   */
  mutationRoute(app, calls.dashboardTableModify, async ({ body, db, venueId, now, change, publish }) => {
    const entry = await requireOpenEntry(db, venueId, body.tableId);
    const lines = new Map((await linesOfOrder(db, entry.order.id)).map((line) => [line.id, line]));
    const totalBefore = entryTotalOf(entry.order, lines.values());
    const changed = new Set<string>();
    for (const edit of body.reservations) {
      const line = lines.get(edit.id);
      if (!line) throw new AppError('NOT_FOUND', t.orderLineNotFound);
      // Only the fields sent; a status only deletes or restores (shared-schema rules/line-edits.ts).
      const next = lineAfterEdit(line, edit);
      if (sameEdit(line, next)) continue;
      // A card order costs what its payment charged: its notes may change, not its money.
      if (!sameCost(line, next)) refuseCardAmountChange(entry.order);
      const updated = await updateLine(db, line.id, next, now);
      lines.set(updated.id, updated);
      changed.add(updated.id);
    }
    if (changed.size > 0) refuseEditOverCeiling(totalBefore, entryTotalOf(entry.order, lines.values()));

    let order = entry.order;
    if (body.sconto !== undefined && body.sconto !== order.sconto) {
      // Spec 5: no discount field once a card payment exists or before the order is accepted.
      if (order.paymentIntentId !== null || !order.accettato) {
        throw new AppError('CONFLICT', t.discountNotAvailable);
      }
      if (!isValidDiscount(body.sconto, orderSubtotal([...lines.values()]))) {
        throw new AppError('VALIDATION', t.invalidDiscount, {
          issues: [{ path: 'sconto', message: t.invalidDiscount }],
        });
      }
      order = await setOrderDiscount(db, order.id, body.sconto, now);
      change('order', order.id, 'put', orderWire(order, entry.table));
    }

    for (const id of changed) {
      const line = lines.get(id);
      if (line) change('line', id, 'put', lineWire(line, order));
    }
    const table = await entryWire(db, { order, table: entry.table });
    if (changed.size > 0 || order !== entry.order) publish('modifyTable', { table });
    return { success: true, table };
  });

  /**
   * The lines a print sent to the kitchen: accepted, not deleted, not printed yet, of the area
   * (every area for 'tutto'), and of them only those the ticket carried when `ids` is given.
   * They show 'Completato' from now on (spec 4).
   */
  mutationRoute(app, calls.dashboardTablePrint, async ({ body, db, venueId, now, change, publish }) => {
    const entry = await requireOpenEntry(db, venueId, body.tableId);
    // The lines that ring, by the rule the tablets' offline print follows (rules/line-edits.ts).
    const ids = linesPrinted(
      (await linesOfOrder(db, entry.order.id, false)).map((line) => lineWire(line, entry.order)),
      body.selected_option,
      body.ids,
    ).map((line) => line.id);
    if (ids.length === 0) return { success: true, printed: [] };
    const updated = await markLinesPrinted(db, ids, now);
    for (const line of updated) change('line', line.id, 'put', lineWire(line, entry.order));
    publish('updateTable', { table: await entryWire(db, entry) });
    return { success: true, printed: ids };
  });
}
