import type { BusinessRow, OrderRow, ReservationLine, TableOrder } from '@comanda/shared-schema';
import { useEffect, useMemo, useSyncExternalStore } from 'react';
import { useEntities, useSyncClient } from '../data/hooks.ts';
import { OrderAutosave } from './autosave.ts';
import { editLine, lineOfEntry } from './mutators.ts';

export interface OrderEntry {
  order: OrderRow;
  lines: ReservationLine[];
  business: BusinessRow | undefined;
  /** The entry as the dashboard calls take it (history payload, print callbacks). */
  table: TableOrder;
}

/** The entry's rows as read: server rows with the outbox on top. */
export interface EntryRows {
  order: OrderRow;
  lines: ReservationLine[];
  business: BusinessRow | undefined;
}

/**
 * The entry a key names (table id, delivery id or order id), read from the device database with
 * the outbox on top. undefined while loading, null when the entry is gone (completed elsewhere).
 */
export function useEntryRows(key: string): EntryRows | null | undefined {
  const orders = useEntities('order');
  const lines = useEntities('line');
  const businesses = useEntities('business');
  return useMemo(() => {
    if (!orders || !lines || !businesses) return undefined;
    const order = orders.find((o) => o.tableId === key || o.deliveryId === key || o.id === key);
    if (!order) return null;
    return { order, lines: lines.filter((l) => lineOfEntry(l, order)), business: businesses[0] };
  }, [orders, lines, businesses, key]);
}

/** The key the dashboard calls take for an entry: the delivery's id, else the table's. */
export const entryKeyOf = (order: OrderRow): string => order.deliveryId ?? order.tableId ?? order.id;

/** The rows with the autosave's edits not yet queued on top (what the dialog shows). */
export function useOrderEntry(
  rows: EntryRows | null | undefined,
  autosave: OrderAutosave,
): OrderEntry | null | undefined {
  const tick = useSyncExternalStore(
    (cb) => autosave.subscribe(cb),
    () => autosave.snapshot,
  );
  return useMemo(() => {
    void tick; // recompute when the autosave's unsaved edits change
    if (!rows) return rows;
    const unsaved = autosave.unsaved();
    const order = unsaved.sconto !== undefined ? { ...rows.order, sconto: unsaved.sconto } : rows.order;
    const lines = rows.lines.map((l) => {
      const edit = unsaved.lines.get(l.id);
      return edit ? editLine(l, edit) : l;
    });
    return { order, lines, business: rows.business, table: { ...order, reservations: lines } };
  }, [rows, autosave, tick]);
}

/** One autosave per open dialog; what is left is saved when the dialog goes away. */
export function useAutosave(key: string): OrderAutosave {
  const client = useSyncClient();
  const autosave = useMemo(
    () =>
      new OrderAutosave(key, {
        mutate: (name, body) => client.mutate(name, body),
        rewritePending: (id, body) => client.rewritePending(id, body),
      }),
    [client, key],
  );
  useEffect(() => () => void autosave.dispose(), [autosave]);
  return autosave;
}

/** A CSS media query as React state (false where `matchMedia` does not exist, as in tests). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mql = globalThis.matchMedia?.(query);
      mql?.addEventListener('change', onChange);
      return () => mql?.removeEventListener('change', onChange);
    },
    () => globalThis.matchMedia?.(query).matches ?? false,
  );
}
