import { t } from '@comanda/shared-schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../data/errors.ts';
import { checksReadKey, peekEarlyRead, takeEarlyRead } from './early-reads.ts';
import { readUserCache } from './session-store.ts';
import {
  closedInfo,
  fetchTableChecks,
  orderEnabled,
  type ReadyChecks,
  type TableChecks,
  unreachable,
} from './table-reads.ts';

export type { ChecksFailure, ReadyChecks, TableChecks } from './table-reads.ts';

export interface TableChecksState {
  checks: TableChecks;
  retry: () => void;
  /** Live `enableOrder` / `disableOrder`. */
  setOrderEnabled: (enabled: boolean) => void;
  /** Re-read the flags a dropped socket may have missed. */
  refreshFlags: () => void;
}

/**
 * What a failed check means for the screen. When the server cannot be reached, the table
 * confirmed earlier in this tab (`userCache`) stands in.
 */
function checksFailure(err: unknown, scope: string): TableChecks {
  if (unreachable(err)) {
    const cached = readUserCache(scope);
    if (cached?.tableNumber) {
      return {
        state: 'ready',
        tableNumber: cached.tableNumber,
        venueName: cached.venueName ?? null,
        orderEnabled: true,
        closed: null,
        fromCache: true,
      };
    }
    return { state: 'failed', failure: 'network', message: t.networkError };
  }
  if (err instanceof ApiError && err.code === 'business_id_error') {
    return { state: 'failed', failure: 'business_id_error', message: t.businessIdError };
  }
  return { state: 'failed', failure: 'TABLE_INVALID', message: t.invalidTable };
}

/**
 * The table checks of one screen (see `fetchTableChecks`). The first load uses the early read
 * the route's loader started (`early-reads.ts`), already finished if it came back in time.
 */
export function useTableChecks(
  ownerId: string,
  tableId: string,
  scope: string,
  role: 'user' | 'owner',
): TableChecksState {
  const key = checksReadKey(role, ownerId, tableId);
  const [checks, setChecks] = useState<TableChecks>(
    () => peekEarlyRead<ReadyChecks>(key) ?? { state: 'loading' },
  );
  // The key whose answer the first render already had: its first load is done.
  const readyAtMount = useRef(checks.state === 'ready' ? key : null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const early = round === 0 ? takeEarlyRead<ReadyChecks>(key) : null;
    if (round === 0 && readyAtMount.current === key) return;
    const controller = new AbortController();
    const { signal } = controller;
    setChecks((c) => (c.state === 'loading' ? c : { state: 'loading' }));
    const fresh = () => fetchTableChecks(ownerId, tableId, scope, role, signal);
    // An early read that failed (before the session was confirmed, say) is simply read again.
    (early ? early.catch(fresh) : fresh())
      .then((result) => {
        if (!signal.aborted) setChecks(result);
      })
      .catch((err: unknown) => {
        if (!signal.aborted) setChecks(checksFailure(err, scope));
      });
    return () => controller.abort();
  }, [key, ownerId, tableId, scope, role, round]);

  const retry = useCallback(() => setRound((n) => n + 1), []);
  const setOrderEnabled = useCallback((enabled: boolean) => {
    setChecks((c) => (c.state === 'ready' ? { ...c, orderEnabled: enabled } : c));
  }, []);
  const refreshFlags = useCallback(() => {
    if (role === 'owner') return;
    const controller = new AbortController();
    Promise.all([orderEnabled(ownerId, controller.signal), closedInfo(ownerId, controller.signal)])
      .then(([enabled, closed]) => {
        setChecks((c) => (c.state === 'ready' ? { ...c, orderEnabled: enabled, closed } : c));
      })
      .catch(() => {
        // Still unreachable: the send will tell, and the next reconnect asks again.
      });
  }, [ownerId, role]);

  return { checks, retry, setOrderEnabled, refreshFlags };
}
