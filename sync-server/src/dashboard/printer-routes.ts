import {
  calls,
  type KitchenFilter,
  orderBill,
  type PrintData,
  type PrintLine,
  type Variant,
  variantLabels,
} from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { route } from '../http/route.ts';
import {
  linesOfOrder,
  lineWire,
  type OrderLineRecord,
  orderCharges,
  tableOrderWire,
} from '../store/orders.ts';
import { requireVenue } from '../store/venue.ts';
import { type Entry, inArea, isDelivery, requireOpenEntry } from './entries.ts';

function printLine(line: OrderLineRecord, entry: Entry): PrintLine {
  return {
    ...lineWire(line, entry.order),
    total: line.price * line.amount,
    variantLabels: variantLabels(line.variant as Variant[]),
  };
}

/**
 * The print payload of an entry: its lines of the area that print (accepted, not deleted; with
 * `reprint` false only those not printed yet) and the entry's totals as completing would charge.
 */
export async function printData(
  db: Db,
  entry: Entry,
  options: { venueName: string; filter: KitchenFilter; reprint: boolean; nowMs: number },
): Promise<PrintData> {
  const { order, table } = entry;
  const all = await linesOfOrder(db, order.id);
  const lines = all.filter(
    (line) =>
      line.status !== 'owner_deleted' &&
      line.accettato &&
      inArea(line, options.filter) &&
      (options.reprint || !line.printed),
  );
  // The totals as completing would record them, by the one rule (shared-schema order-totals).
  const totals = orderBill(orderCharges(order), all);
  return {
    ...tableOrderWire(order, table, []),
    type: isDelivery(order) ? 'PRINT_ORDER_R_C' : 'PRINT_ORDER_TABLE',
    venueName: options.venueName,
    filter: options.filter,
    reservations: lines.map((line) => printLine(line, entry)),
    totals,
    printedAt: new Date(options.nowMs).toISOString(),
  };
}

/** `dash_*` reprint the area's lines from the dashboard; the others follow an owner's own order. */
const PRINTER_ROUTES = [
  { def: calls.printerDashTable, reprint: true },
  { def: calls.printerDashDelivery, reprint: true },
  { def: calls.printerTable, reprint: false },
  { def: calls.printerDelivery, reprint: false },
] as const;

/**
 * Spec 7 "Printer": `/api/printer/{kind}` answers what the print bridge and the browser-print
 * view render. A read: the lines are marked printed by `table/print`, once the ticket is out.
 */
export async function printerRoutes(app: FastifyInstance): Promise<void> {
  for (const { def, reprint } of PRINTER_ROUTES) {
    route(app, def, ({ body, venueId }) =>
      app.store.port.read(async (db) => {
        const entry = await requireOpenEntry(db, venueId, body.deliveryId ?? body.tableId ?? '');
        const venue = await requireVenue(db, venueId);
        const data = await printData(db, entry, {
          venueName: venue.name,
          filter: body.filter ?? 'tutto',
          reprint,
          nowMs: app.clock.nowMs(),
        });
        return { success: true, data };
      }),
    );
  }
}
