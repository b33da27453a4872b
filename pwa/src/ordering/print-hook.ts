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
 * For now it does nothing: the print bridge and its local secure socket arrive with issue 9,
 * which fills this function in (ask `/api/printer/orderPrinter_table` or `orderPrinter_R_C` for the
 * payload, send `{type: 'PRINT_ORDER_TABLE' | 'PRINT_ORDER_R_C', data, sconto}` to the bridge, fall back to 'Stampa automatica non
 * disponibile'). Keep it the only place ordering talks to printing, and keep it from throwing:
 * a printer problem must never turn a stored order into an error on screen.
 */
export async function sendToPrinter(_order: PlacedOrder): Promise<void> {
  // Intentionally empty until issue 9.
}
