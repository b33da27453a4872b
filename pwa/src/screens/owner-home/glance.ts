import {
  isCardCheckout,
  type OrderRow,
  type OrderTotals,
  type ReservationLine,
} from '@comanda/shared-schema';
import { billsByEntry, entryKeyOf } from '../../data/order-bills.ts';

/** Today at a glance (`/owner/home`), from the device's copy of the open orders. */
export interface Glance {
  openTables: number;
  pendingDeliveries: number;
  /**
   * Cents: what the open orders (tables and accepted deliveries) cost now, each its NUOVO TOTALE
   * by the one rule of the ticket and the order view: delivery fees and card fees in, discounts out.
   */
  openValue: number;
}

/** A delivery or pickup (its own deliveryId, or a tipo), not a table's order. */
const isDelivery = (order: Pick<OrderRow, 'deliveryId' | 'tipo'>): boolean =>
  order.deliveryId != null || order.tipo != null;

export function buildGlance(
  orders: readonly OrderRow[],
  lines: readonly ReservationLine[],
  bills: ReadonlyMap<string, OrderTotals> = billsByEntry(orders, lines),
): Glance {
  let openTables = 0;
  let pendingDeliveries = 0;
  let openValue = 0;
  for (const order of orders) {
    // A card checkout not paid yet is neither awaiting a decision nor open value (spec 4).
    if (isCardCheckout(order)) continue;
    if (isDelivery(order) && order.accettato === 0) {
      pendingDeliveries++;
      continue;
    }
    if (!isDelivery(order)) openTables++;
    openValue += bills.get(entryKeyOf(order))?.newTotal ?? 0;
  }
  return { openTables, pendingDeliveries, openValue };
}
