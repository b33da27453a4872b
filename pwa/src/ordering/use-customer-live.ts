import { useEffect, useRef, useState } from 'react';
import { LiveConnection, type LiveStatus, liveUrl } from '../live/connection.ts';

export interface CustomerLiveHandlers {
  /** The venue completed or removed the table's order (spec 7 `eraseOrder`). */
  onEraseOrder?: () => void;
  onOrderEnabled?: (enabled: boolean) => void;
  /** The owner changed the menu: reload it. */
  onMenuChanged?: () => void;
  /** Back after a drop: events may have been missed, so re-read what they would have said. */
  onReconnect?: () => void;
}

export interface CustomerLive {
  connection: LiveConnection | null;
  status: LiveStatus;
}

/**
 * A customer's live socket for one table: `/live?ownerId=..&tableId=..` (or just the venue for
 * issue 6's delivery screens), the same reconnecting connection the owner uses, without the
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
    const live = new LiveConnection({ url: liveUrl(ownerId, tableId) });
    let connects = 0;
    const subs = [
      live.status$.subscribe(setStatus),
      live.connected$.subscribe(() => {
        connects += 1;
        if (connects > 1) latest.current.onReconnect?.();
      }),
      live.events$.subscribe((frame) => {
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
          default:
            break;
        }
      }),
    ];
    live.start();
    setConnection(live);
    return () => {
      for (const sub of subs) sub.unsubscribe();
      live.stop();
      setConnection(null);
    };
  }, [ownerId, tableId, enabled]);

  return { connection, status };
}
