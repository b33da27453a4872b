import { calls, type RoomTable, SYNC_HEADERS, t } from '@comanda/shared-schema';
import { useCallback, useEffect, useState } from 'react';
import { errorText, request } from '../../data/api.ts';
import { useObservableValue, useSyncClient } from '../../data/hooks.ts';
import { useLive } from '../../live/use-live.ts';
import { x } from '../../texts-extra.ts';
import { withReason } from './room-logic.ts';
import { useOnline } from './use-room-data.ts';

/** A status the server confirmed that the device rows do not show yet. */
interface Override {
  status: boolean;
  /** Shown while the device is behind this business version; inert after, so never stale. */
  untilVersion: number;
}

export interface TableStatusControl {
  /** The status to draw: the device row, or what the server just confirmed. */
  statusOf: (table: RoomTable) => boolean;
  toggle: (table: Pick<RoomTable, 'id' | 'status'>) => Promise<void>;
  /** False while offline: the toggle waits for the server, so it cannot work then. */
  canToggle: boolean;
  busyId: string | null;
  error: string | null;
  clearError: () => void;
}

/**
 * The table status toggle of spec 4: not optimistic. It calls `/api/tables/owner/setStatus`
 * directly (not through the outbox) and the status flips on screen only once the server said
 * yes, until catch-up brings the row. Live `switchTableStatus` from other tablets flips it the
 * same way while catch-up runs.
 */
export function useTableStatus(): TableStatusControl {
  const sync = useSyncClient();
  const { connection, status: liveStatus } = useLive();
  const version = useObservableValue(sync.version$);
  const online = useOnline() && liveStatus !== 'disconnected';
  const [overrides, setOverrides] = useState<ReadonlyMap<string, Override>>(() => new Map());
  const [busyId, setBusyId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const remember = useCallback((id: string, status: boolean, untilVersion: number) => {
    setOverrides((prev) => new Map(prev).set(id, { status, untilVersion }));
  }, []);

  useEffect(() => {
    // The frame itself, not `useLiveEvent`: its version says when the override can go.
    const sub = connection.events$.subscribe((frame) => {
      if (frame.event !== 'switchTableStatus') return;
      remember(frame.data.id, frame.data.status, frame.version ?? sync.version$.value + 1);
      void sync.catchUp();
    });
    return () => sub.unsubscribe();
  }, [connection, sync, remember]);

  const statusOf = useCallback(
    (table: RoomTable) => {
      const o = overrides.get(table.id);
      return o && version < o.untilVersion ? o.status : table.status;
    },
    [overrides, version],
  );

  const toggle = useCallback(
    async (table: Pick<RoomTable, 'id' | 'status'>) => {
      if (!online) {
        setError(x.tableStatusOffline);
        return;
      }
      setBusyId(table.id);
      setError(null);
      const next = !table.status;
      const socketId = connection.socketId;
      try {
        const answer = await request(
          calls.tablesSetStatus,
          { id: table.id, status: next, ...(socketId ? { socketId } : {}) },
          { headers: socketId ? { [SYNC_HEADERS.socketId]: socketId } : {} },
        );
        const v = Number.parseInt(answer.headers.get(SYNC_HEADERS.version) ?? '', 10);
        const untilVersion = Number.isFinite(v) ? v : sync.version$.value + 1;
        remember(table.id, next, untilVersion);
        void sync.catchUp();
      } catch (err) {
        setError(withReason(t.genericError, errorText(err)));
      } finally {
        setBusyId(null);
      }
    },
    [online, connection, sync, remember],
  );

  const clearError = useCallback(() => setError(null), []);
  return { statusOf, toggle, canToggle: online, busyId, error, clearError };
}
