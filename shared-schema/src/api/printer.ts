import { z } from 'zod';
import { defineCall, Id, ok } from '../contract.ts';
import { TableOrder } from '../entities.ts';
import { KitchenFilter } from '../fields.ts';
import { t } from '../texts.ts';

/**
 * Spec 7 "Printer": /api/printer/{kind} answers the print payload; the dashboard then sends
 * `{type, data, sconto}` (entities.ts `PrinterMessage`) to the print bridge. `dash_*` print from
 * the dashboard (lines of the chosen kitchen area not yet printed), the others right after an
 * owner's own order. `_table` kinds name a table, `_R_C` kinds (ritiro/consegna) a delivery.
 */
export const PRINTER_KINDS = [
  'dash_orderPrinter_table',
  'dash_orderPrinter_R_C',
  'orderPrinter_table',
  'orderPrinter_R_C',
] as const;
export type PrinterKind = (typeof PRINTER_KINDS)[number];

/** Body: tableId or deliveryId (one of them), plus the kitchen-area filter. */
export const PrinterBody = z
  .object({ tableId: Id.optional(), deliveryId: Id.optional(), filter: KitchenFilter.optional() })
  .refine((body) => (body.tableId === undefined) !== (body.deliveryId === undefined), {
    message: t.tableOrDeliveryRequired,
    path: ['tableId'],
  });

const printerCall = (kind: PrinterKind) =>
  defineCall({
    method: 'POST',
    path: `/api/printer/${kind}`,
    access: 'owner',
    body: PrinterBody,
    response: ok({ data: TableOrder }),
  });

export const printerCalls = {
  printerDashTable: printerCall('dash_orderPrinter_table'),
  printerDashDelivery: printerCall('dash_orderPrinter_R_C'),
  printerTable: printerCall('orderPrinter_table'),
  printerDelivery: printerCall('orderPrinter_R_C'),
} as const;
