/**
 * What an owner's order stored: a table order (`/api/reservation/user/order` answers its
 * tableId) or a phone delivery/pickup (`orderDelivery` answers its deliveryId).
 */
export type PlacedOrder = { tableId: string } | { deliveryId: string };

/**
 * THE seam between ordering and printing (spec 4: "If the owner ordered, the order is sent to
 * the printer"). The owner ordering screen calls this once per successful order, after the
 * success screen shows; the customer flow never does (the dashboard prints customer orders).
 *
 * It queues a print job (`src/printing/`): the lines not printed yet, asked of
 * `/api/printer/orderPrinter_table` or `orderPrinter_R_C`, sent to the print bridge with a jobId
 * until it acknowledges; when printing has failed the job waits for 'stampa con il browser'.
 * The printing code is loaded here, on an owner's order, never in a customer's bundle. It never
 * throws: a printer problem must never turn a stored order into an error on screen.
 */
export async function sendToPrinter(order: PlacedOrder): Promise<void> {
  try {
    const { autoPrintOrder } = await import('../printing/auto-print.ts');
    // The callers pass the whole answer: a delivery's names its deliveryId, a table order's not.
    const deliveryId = (order as { deliveryId?: unknown }).deliveryId;
    autoPrintOrder(
      typeof deliveryId === 'string' ? { deliveryId } : { tableId: (order as { tableId: string }).tableId },
    );
  } catch (err) {
    console.warn('sendToPrinter', err);
  }
}
