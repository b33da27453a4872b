import type { Calls, Response } from '@comanda/shared-schema';

/** What an owner's table order stored, as `/api/reservation/user/order` answered it. */
export type PlacedOrder = Response<Calls['userOrder']>;

/**
 * THE seam between ordering and printing (spec 4: "If the owner ordered, the order is sent to
 * the printer"). The owner ordering screen calls this once per successful order, after the
 * success screen shows; the customer flow never does (the dashboard prints customer orders).
 *
 * For now it does nothing: the print bridge and its local secure socket arrive with issue 9,
 * which fills this function in (ask `/api/printer/orderPrinter_table` for the payload, send
 * `{type: 'PRINT_ORDER_TABLE', data, sconto}` to the bridge, fall back to 'Stampa automatica non
 * disponibile'). Keep it the only place ordering talks to printing, and keep it from throwing:
 * a printer problem must never turn a stored order into an error on screen.
 */
export async function sendToPrinter(_order: PlacedOrder): Promise<void> {
  // Intentionally empty until issue 9.
}
