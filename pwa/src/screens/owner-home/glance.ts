import type { OrderRow, ReservationLine } from '@comanda/shared-schema';
import { entryKeyOf, isDeliveryOrder, lineKey } from '../owner-dashboard/dashboard-logic.ts';

/** Today at a glance (issue 10 `/owner/home`), from the device's copy of the open orders. */
export interface Glance {
  openTables: number;
  pendingDeliveries: number;
  /** Cents: what the open orders (tables and accepted deliveries) add up to now. */
  openValue: number;
}

export function buildGlance(orders: readonly OrderRow[], lines: readonly ReservationLine[]): Glance {
  let openTables = 0;
  let pendingDeliveries = 0;
  const counted = new Set<string>();
  for (const order of orders) {
    if (isDeliveryOrder(order) && order.accettato === 0) {
      pendingDeliveries++;
      continue;
    }
    if (!isDeliveryOrder(order)) openTables++;
    counted.add(entryKeyOf(order));
  }
  let openValue = 0;
  for (const line of lines) {
    if (line.status === 'owner_deleted') continue;
    const key = lineKey(line);
    if (key !== null && counted.has(key)) openValue += line.price * line.amount;
  }
  return { openTables, pendingDeliveries, openValue };
}
