import { type OrderRow, type OrderTotals, orderBill, type ReservationLine } from '@comanda/shared-schema';
import { useMemo, useRef } from 'react';

/**
 * Every open entry's totals from the device's orders and lines, by shared-schema's `orderBill`
 * (the rule of the history and the reports too): the dashboard's tickets, Home's 'Ordini aperti'
 * and the tables list read them here, so one order shows one total on every screen.
 */

/** The key the spec's calls use for an entry, and its lines carry: the delivery's id, else the table's. */
export const entryKeyOf = (order: Pick<OrderRow, 'id' | 'tableId' | 'deliveryId'>): string =>
  order.deliveryId ?? order.tableId ?? order.id;

const lineKeyOf = (line: Pick<ReservationLine, 'tableId' | 'deliveryId'>): string | null =>
  line.deliveryId ?? line.tableId ?? null;

function sameTotals(a: OrderTotals, b: OrderTotals): boolean {
  return (
    a.subtotal === b.subtotal &&
    a.costoConsegna === b.costoConsegna &&
    a.serviceFee === b.serviceFee &&
    a.sconto === b.sconto &&
    a.newTotal === b.newTotal &&
    a.total === b.total
  );
}

/**
 * The totals of each entry, by entry key. A `previous` answer's object is given back where the
 * figures did not change, so a ticket drawn from it (memoised) is not drawn again when another
 * order's line changes: a status tap re-draws one ticket, not the board.
 */
export function billsByEntry(
  orders: readonly OrderRow[],
  lines: readonly ReservationLine[],
  previous?: ReadonlyMap<string, OrderTotals>,
): Map<string, OrderTotals> {
  const byKey = new Map<string, ReservationLine[]>();
  for (const line of lines) {
    const key = lineKeyOf(line);
    if (key === null) continue;
    const list = byKey.get(key);
    if (list) list.push(line);
    else byKey.set(key, [line]);
  }
  const bills = new Map<string, OrderTotals>();
  for (const order of orders) {
    const key = entryKeyOf(order);
    const bill = orderBill(order, byKey.get(key) ?? []);
    const before = previous?.get(key);
    bills.set(key, before && sameTotals(before, bill) ? before : bill);
  }
  return bills;
}

/** `billsByEntry` of the rows a screen holds (undefined while they load), stable between draws. */
export function useOrderBills(
  orders: readonly OrderRow[] | undefined,
  lines: readonly ReservationLine[] | undefined,
): ReadonlyMap<string, OrderTotals> | undefined {
  // Only an optimisation (an unused render leaves equal objects in it), so a ref is enough.
  const previous = useRef<ReadonlyMap<string, OrderTotals> | undefined>(undefined);
  return useMemo(() => {
    if (!orders || !lines) return undefined;
    const bills = billsByEntry(orders, lines, previous.current);
    previous.current = bills;
    return bills;
  }, [orders, lines]);
}
