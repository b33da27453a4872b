import type { DeliveryProgressStatus } from '@comanda/shared-schema';
import { useEffect, useRef, useState } from 'react';
import type { LiveConnection, LiveStatus } from '../live/connection.ts';

/** Longest wait for an idle moment before the socket opens anyway. */
const IDLE_TIMEOUT_MS = 2_000;

function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout: IDLE_TIMEOUT_MS });
    else setTimeout(resolve, 0);
  });
}

export interface CustomerLiveHandlers {
  /** The venue completed or removed the table's order (spec 7 `eraseOrder`). */
  onEraseOrder?: () => void;
  onOrderEnabled?: (enabled: boolean) => void;
  /** The owner changed the menu: reload it. */
  onMenuChanged?: () => void;
  /** The venue's profile changed what customers see (closed status, hours): read it again. */
  onVenueChanged?: () => void;
  /** Back after a drop: events may have been missed, so re-read what they would have said. */
  onReconnect?: () => void;
  /** The venue decided on a delivery this account placed (its result screen). */
  onDeliveryStatus?: (data: { deliveryId: string; status: DeliveryProgressStatus }) => void;
}

export interface CustomerLive {
  connection: LiveConnection | null;
  status: LiveStatus;
}

/**
 * A customer's live socket for one table: `/live?ownerId=..&tableId=..` (or just the venue for
 * the delivery screens), the same reconnecting connection the owner uses, without the
 * owner's outbox and catch-up. Customers keep no offline copy, so on every reconnect after the
 * first they re-read the flags instead of replaying a change log.
 */
export function useCustomerLive(
  ownerId: string,
  tableId: string | undefined,
  handlers: CustomerLiveHandlers,
  enabled = true,
): CustomerLive {
  const latest = useRef(handlers);
  latest.current = handlers;
  const [connection, setConnection] = useState<LiveConnection | null>(null);
  const [status, setStatus] = useState<LiveStatus>('connecting');

  useEffect(() => {
    if (!enabled) return;
    let live: LiveConnection | null = null;
    const subs: Array<{ unsubscribe: () => void }> = [];
    let stopped = false;
    // The socket's code (the reconnecting connection, rxjs, the event schemas) loads once the
    // browser is idle after the checks: loading and running it (a quarter of a second at 4x CPU
    // slowdown) must not land between the menu's first frame and the first tap on a dish.
    whenIdle()
      .then(() => (stopped ? null : import('../live/connection.ts')))
      .then((mod) => {
        if (!mod) return;
        const { LiveConnection, liveUrl } = mod;
        if (stopped) return;
        const connection = new LiveConnection({ url: liveUrl(ownerId, tableId) });
        live = connection;
        let connects = 0;
        subs.push(
          connection.status$.subscribe(setStatus),
          connection.connected$.subscribe(() => {
            connects += 1;
            if (connects > 1) latest.current.onReconnect?.();
          }),
          connection.events$.subscribe((frame) => {
            const h = latest.current;
            switch (frame.event) {
              case 'eraseOrder':
                if (!tableId || frame.data.tableId === tableId) h.onEraseOrder?.();
                break;
              case 'enableOrder':
                h.onOrderEnabled?.(true);
                break;
              case 'disableOrder':
                h.onOrderEnabled?.(false);
                break;
              case 'menuChanged':
                h.onMenuChanged?.();
                break;
              case 'venueChanged':
                h.onVenueChanged?.();
                break;
              case 'deliveryStatus':
                h.onDeliveryStatus?.(frame.data);
                break;
              default:
                break;
            }
          }),
        );
        connection.start();
        setConnection(connection);
      })
      .catch(() => {
        // The code could not load (offline before it was ever cached): no live updates, the
        // screen still orders; the next visit tries again.
        if (!stopped) setStatus('disconnected');
      });
    return () => {
      stopped = true;
      for (const sub of subs) sub.unsubscribe();
      live?.stop();
      setConnection(null);
    };
  }, [ownerId, tableId, enabled]);

  return { connection, status };
}
