import {
  bumpChanges,
  entryKeyOf,
  type KitchenFilter,
  kitchenNextStatus,
  type LineStatus,
  lineKey,
  type OrderRow,
  type ReservationLine,
  type StatusChange,
  stillToPrepare,
  tf,
  ticketTitle,
  undoChanges,
} from '@comanda/shared-schema';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { errorText } from '../../data/api.ts';
import { useEntities, useSyncClient } from '../../data/hooks.ts';
import { beep } from '../../data/sound.ts';
import { buildKitchenTickets, type KitchenTicket, newlySounding } from './kitchen-logic.ts';

export interface KitchenData {
  tickets: KitchenTicket[];
  lines: readonly ReservationLine[];
  orders: readonly OrderRow[];
}

/**
 * The kitchen display from the device database (server rows with the outbox on top): it opens
 * and keeps working with the Wi-Fi gone, and shows its own taps at once. Undefined while loading.
 */
export function useKitchenData(filter: KitchenFilter): KitchenData | undefined {
  const orders = useEntities('order');
  const lines = useEntities('line');
  const previous = useRef<readonly KitchenTicket[]>([]);
  return useMemo(() => {
    if (!orders || !lines) return undefined;
    const tickets = buildKitchenTickets(orders, lines, filter, previous.current);
    previous.current = tickets;
    return { tickets, lines, orders };
  }, [orders, lines, filter]);
}

const HIGHLIGHT_MS = 4_000;

/**
 * New orders ring (spec 2.6, 9): when lines that ring (accepted, not printed, of the screen's
 * area) appear in the device database, from a live event's catch-up, a reconnection or a
 * delivery just accepted, one beep and a notice name the order, and its tickets flash a moment.
 * What the screen finds on opening or on a change of area does not ring. Returns the keys of
 * the orders to highlight.
 */
export function useKitchenRing(
  data: KitchenData | undefined,
  filter: KitchenFilter,
  notify: (text: string) => void,
): ReadonlySet<string> {
  const rung = useRef<{ filter: KitchenFilter; ids: Set<string> } | null>(null);
  const [recent, setRecent] = useState<ReadonlySet<string>>(new Set());
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    if (!data) return;
    if (rung.current?.filter !== filter) {
      const ids = new Set<string>();
      newlySounding(data.lines, filter, ids);
      rung.current = { filter, ids };
      return;
    }
    const fresh = newlySounding(data.lines, filter, rung.current.ids);
    if (fresh.length === 0) return;
    const keys = new Set(fresh.map(lineKey).filter((k): k is string => k !== null));
    const orders = data.orders.filter((o) => keys.has(entryKeyOf(o)));
    beep();
    for (const order of orders) notify(tf.newOrderFor(ticketTitle(order)));
    setRecent((s) => new Set([...s, ...keys]));
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setRecent((s) => new Set([...s].filter((k) => !keys.has(k))));
    }, HIGHLIGHT_MS);
    timers.current.add(timer);
  }, [data, filter, notify]);
  useEffect(() => {
    const all = timers.current;
    return () => {
      for (const timer of all) clearTimeout(timer);
    };
  }, []);
  return recent;
}

/** How long a bump can be taken back. */
export const UNDO_MS = 6_000;

export interface PendingUndo {
  id: number;
  title: string;
  changes: StatusChange[];
}

/**
 * The cook's actions, each a status change through the outbox (`dashboardStatusSet`, as the
 * dashboard's tap): applied on this screen at once and sent when the network allows. A bump, or
 * the tap that readies a ticket's last dish, moves the ticket away and can be undone for a few
 * seconds; the undo sends the previous statuses back the same way.
 */
export function useKitchenActions(data: KitchenData | undefined, fail: (text: string) => void) {
  const sync = useSyncClient();
  const [undo, setUndo] = useState<PendingUndo | null>(null);
  const nextId = useRef(1);
  const latest = useRef(data);
  latest.current = data;

  const send = useCallback(
    (changes: ReadonlyArray<{ id: string; status: LineStatus }>) => {
      for (const { id, status } of changes) {
        sync.mutate('dashboardStatusSet', { id, status }).catch((err: unknown) => fail(errorText(err)));
      }
    },
    [sync, fail],
  );

  const bumped = useCallback(
    (ticket: KitchenTicket, changes: StatusChange[]) => {
      if (changes.length === 0) return;
      send(changes.map((c) => ({ id: c.id, status: c.to })));
      const title = ticket.round > 1 ? `${ticket.title} ${tf.kitchenRound(ticket.round)}` : ticket.title;
      setUndo({ id: nextId.current++, title, changes });
    },
    [send],
  );

  const bump = useCallback((ticket: KitchenTicket) => bumped(ticket, bumpChanges(ticket.lines)), [bumped]);

  const tap = useCallback(
    (ticket: KitchenTicket, line: ReservationLine) => {
      const status = kitchenNextStatus(line.status);
      if (status === null) return;
      const after = ticket.lines.map((l) => (l.id === line.id ? { status } : l));
      // The last dish made ready takes the ticket away, as a bump does: with the same undo.
      if (!stillToPrepare(after)) bumped(ticket, [{ id: line.id, from: line.status, to: status }]);
      else send([{ id: line.id, status }]);
    },
    [bumped, send],
  );

  const takeBack = useCallback(() => {
    if (!undo) return;
    const byId = new Map((latest.current?.lines ?? []).map((l) => [l.id, l.status]));
    send(undoChanges(undo.changes, (id) => byId.get(id)));
    setUndo(null);
  }, [undo, send]);

  const dismissUndo = useCallback(() => setUndo(null), []);

  useEffect(() => {
    if (!undo) return;
    const timer = setTimeout(() => setUndo((u) => (u?.id === undo.id ? null : u)), UNDO_MS);
    return () => clearTimeout(timer);
  }, [undo]);

  return { tap, bump, undo, takeBack, dismissUndo };
}
