import { z } from 'zod';
import { defineCall, Id, ok } from '../contract.ts';
import { PRINT_TYPES, ReservationLine, TableOrder } from '../entities.ts';
import { Instant, KitchenFilter } from '../fields.ts';
import { t } from '../texts.ts';

/**
 * Spec 7 "Printer": /api/printer/{kind} answers the print payload; the dashboard then sends
 * `{type, data, sconto}` (entities.ts `PrinterMessage`) to the print bridge, and the browser-print
 * view renders the same `data`. `dash_*` print from the dashboard (every line of the chosen
 * kitchen area, a reprint included), the others right after an owner's own order (only the lines
 * not printed yet). `_table` kinds name a table, `_R_C` kinds (ritiro/consegna) a delivery; the
 * server prints the entry it finds and says which in `type`.
 */
export const PRINTER_KINDS = [
  'dash_orderPrinter_table',
  'dash_orderPrinter_R_C',
  'orderPrinter_table',
  'orderPrinter_R_C',
] as const;
export type PrinterKind = (typeof PRINTER_KINDS)[number];

/** Body: tableId or deliveryId (one of them), plus the kitchen-area filter (default 'tutto'). */
export const PrinterBody = z
  .object({ tableId: Id.optional(), deliveryId: Id.optional(), filter: KitchenFilter.optional() })
  .refine((body) => (body.tableId === undefined) !== (body.deliveryId === undefined), {
    message: t.tableOrDeliveryRequired,
    path: ['tableId'],
  });

/**
 * A printed line: the reservation line (amount, name, variant, note, unit `price`, kitchen area
 * `selected_option`) plus `total` (price x amount, cents) and `variantLabels`, the chosen options
 * ready to print ('Formato: Maxi'), so the bridge and the browser view render the same text.
 */
export const PrintLine = ReservationLine.extend({
  total: z.number().int().min(0),
  variantLabels: z.array(z.string().max(500)),
});
export type PrintLine = z.infer<typeof PrintLine>;

/** The entry's totals (spec 2.12 rows), whatever the filter: what the customer owes. Cents. */
export const PrintTotals = z.object({
  subtotal: z.number().int().min(0),
  costoConsegna: z.number().int().min(0),
  serviceFee: z.number().int().min(0),
  total: z.number().int().min(0),
  sconto: z.number().int().min(0),
  newTotal: z.number().int().min(0),
});
export type PrintTotals = z.infer<typeof PrintTotals>;

/**
 * The print payload: the dashboard entry (table number, or delivery tipo, orario and customer)
 * with the lines to print (owner_deleted and not-yet-accepted lines never print), the venue's
 * name, the filter used and the totals. A `TableOrder` with more fields, so it also fits
 * `PrinterMessage.data`. `reservations` may be empty: nothing to print.
 */
export const PrintData = TableOrder.extend({
  type: z.enum(PRINT_TYPES),
  venueName: z.string().max(100),
  filter: KitchenFilter,
  reservations: z.array(PrintLine),
  totals: PrintTotals,
  printedAt: Instant,
});
export type PrintData = z.infer<typeof PrintData>;

const printerCall = (kind: PrinterKind) =>
  defineCall({
    method: 'POST',
    path: `/api/printer/${kind}`,
    access: 'owner',
    body: PrinterBody,
    response: ok({ data: PrintData }),
  });

export const printerCalls = {
  printerDashTable: printerCall('dash_orderPrinter_table'),
  printerDashDelivery: printerCall('dash_orderPrinter_R_C'),
  printerTable: printerCall('orderPrinter_table'),
  printerDelivery: printerCall('orderPrinter_R_C'),
} as const;
