import {
  type KitchenFilter,
  type OrderRow,
  type ReservationLine,
  type TableOrder,
  tf,
} from '@comanda/shared-schema';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { errorText } from '../../data/api.ts';
import { useEntities, useSyncClient } from '../../data/hooks.ts';
import { beep } from '../../data/sound.ts';
import { useLiveEvent } from '../../live/use-live.ts';
import { printViewHref, usePrinting } from '../../printing/use-printing.ts';
import {
  buildTickets,
  isDeliveryOrder,
  sameItems,
  soundingLines,
  type Ticket,
  ticketTitle,
} from './dashboard-logic.ts';
import { dashboardMutators } from './mutators.ts';

export interface DashboardData {
  tickets: Ticket[];
  /**
   * The tickets with no table (deliveries), which the out-of-menu picker lists: the same array
   * while they are the same tickets, so a tap on a table's line leaves the picker as it was.
   */
  deliveries: readonly Ticket[];
  lines: ReservationLine[];
  orders: OrderRow[];
}

/**
 * The dashboard from the device database: server rows with the outbox on top, so a reload
 * offline shows the last state with queued changes. Undefined while loading.
 */
export function useDashboardData(filter: KitchenFilter): DashboardData | undefined {
  const orders = useEntities('order');
  const lines = useEntities('line');
  // The last tickets built: those whose order and lines did not change are reused as they were.
  // Only an optimisation (an unused render leaves equal tickets in it), so a ref is enough.
  const previous = useRef<Pick<DashboardData, 'tickets' | 'deliveries'>>({ tickets: [], deliveries: [] });
  return useMemo(() => {
    if (!orders || !lines) return undefined;
    const tickets = buildTickets(orders, lines, filter, previous.current.tickets);
    const untabled = tickets.filter((ticket) => ticket.order.tableId == null);
    const deliveries = sameItems(previous.current.deliveries, untabled)
      ? previous.current.deliveries
      : untabled;
    previous.current = { tickets, deliveries };
    return { tickets, deliveries, lines, orders };
  }, [orders, lines, filter]);
}

/** Keys of entries changed live a moment ago (drawn highlighted); catch-up brings the data. */
export function useLiveHighlights(
  filter: KitchenFilter,
  notify: (text: string) => void,
): ReadonlySet<string> {
  const [recent, setRecent] = useState<ReadonlySet<string>>(new Set());
  const filterRef = useRef(filter);
  filterRef.current = filter;
  const mark = useCallback((table: TableOrder) => {
    const key = table.deliveryId ?? table.tableId ?? table.id;
    setRecent((s) => new Set(s).add(key));
    setTimeout(
      () =>
        setRecent((s) => {
          const n = new Set(s);
          n.delete(key);
          return n;
        }),
      4_000,
    );
  }, []);
  useLiveEvent('order', ({ table }) => {
    mark(table);
    // Spec 9: only accepted, not yet printed lines of the chosen area ring.
    if (soundingLines(table.reservations, filterRef.current).length === 0) return;
    beep();
    notify(tf.newOrderFor(ticketTitle(table)));
  });
  useLiveEvent('modifyTable', ({ table }) => mark(table));
  useLiveEvent('updateTable', ({ table }) => mark(table));
  return recent;
}

/** The calls whose refusals the dashboard tells as toasts. */
export const DASHBOARD_CALLS: ReadonlySet<string> = new Set(Object.keys(dashboardMutators));

/** The ticket actions: each queued in the outbox (applied at once, sent when the network allows). */
export function useTicketActions(filter: KitchenFilter, fail: (text: string) => void) {
  const sync = useSyncClient();
  const run = useCallback(
    (p: Promise<unknown>) => {
      p.catch((err: unknown) => fail(errorText(err)));
    },
    [fail],
  );
  const setStatus = useCallback(
    (line: ReservationLine, status: ReservationLine['status']) =>
      run(sync.mutate('dashboardStatusSet', { id: line.id, status })),
    [sync, run],
  );
  // Spec 7 "Printer": the area's lines go to the print bridge ('dash_*', a reprint included) and
  // show 'Completato' once it has printed them; with the printer flagged as erroring (spec 8) the
  // browser-print view opens instead.
  const printing = usePrinting();
  const navigate = useNavigate();
  const printKey = useCallback(
    (key: string, delivery: boolean) => {
      const service = printing();
      const request = {
        target: delivery ? { deliveryId: key } : { tableId: key },
        from: 'dashboard',
        filter,
      } as const;
      if (service.state.printer.printerError) void navigate(printViewHref([service.browserJob(request)]));
      else service.print(request);
    },
    [printing, navigate, filter],
  );
  const print = useCallback(
    (ticket: Ticket) => printKey(ticket.key, isDeliveryOrder(ticket.order)),
    [printKey],
  );
  const complete = useCallback(
    (ticket: Ticket) =>
      run(
        // The server builds the history from its own lines: the body names the order only, so its
        // size never grows with the order. Lines that arrived after the version this tablet had
        // seen make the server refuse.
        sync.mutate('dashboardTableHistory', { id: ticket.order.id, seenVersion: sync.version$.value }),
      ),
    [sync, run],
  );
  return { setStatus, print, printKey, complete };
}
