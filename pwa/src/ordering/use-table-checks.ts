import { t } from '@comanda/shared-schema';
import { useCallback, useEffect, useState } from 'react';
import { call } from '../data/api.ts';
import { ApiError, NetworkError } from '../data/errors.ts';
import type { ClosedInfo } from './closed-venue.tsx';
import { patchUserCache, readUserCache } from './session-store.ts';

export type ChecksFailure = 'business_id_error' | 'TABLE_INVALID' | 'network';

export type TableChecks =
  | { state: 'loading' }
  | { state: 'failed'; failure: ChecksFailure; message: string }
  | {
      state: 'ready';
      tableNumber: number | null;
      venueName: string | null;
      orderEnabled: boolean;
      closed: ClosedInfo | null;
      /** Confirmed from the session's cache because the server could not be reached. */
      fromCache: boolean;
    };

export interface TableChecksState {
  checks: TableChecks;
  retry: () => void;
  /** Live `enableOrder` / `disableOrder`. */
  setOrderEnabled: (enabled: boolean) => void;
  /** Re-read the flags a dropped socket may have missed. */
  refreshFlags: () => void;
}

/** An answer that never came (or a server that could not answer) rather than a refusal. */
function unreachable(err: unknown): boolean {
  return err instanceof NetworkError || (err instanceof ApiError && err.status >= 500);
}

async function closedInfo(ownerId: string, signal: AbortSignal): Promise<ClosedInfo | null> {
  const answer = await call('userClosedStatusGet', { ownerId }, { signal });
  if (answer.is_closed !== 1) return null;
  return {
    openingTime: answer.openingTime,
    closingTime: answer.closingTime,
    messaggioChiusura: answer.messaggioChiusura,
  };
}

async function orderEnabled(ownerId: string, signal: AbortSignal): Promise<boolean> {
  const answer = await call('userOrderEnabledGet', { ownerId }, { signal });
  return answer.orderEnabled === 1;
}

/**
 * The checks before a table may order (spec 7): the venue exists (`verify/businessId`, else
 * business_id_error), the table is one of its tables (`isValidTable`), ordering is enabled
 * (`orderEnabled`), the venue is open (`getClosedStatus`). An owner ordering for a table skips
 * the venue and ordering-enabled checks: the switch stops customers, not the owner. When the
 * server cannot be reached, the table confirmed earlier in this tab (`userCache`) stands in.
 */
export function useTableChecks(
  ownerId: string,
  tableId: string,
  scope: string,
  role: 'user' | 'owner',
): TableChecksState {
  const [checks, setChecks] = useState<TableChecks>({ state: 'loading' });
  const [round, setRound] = useState(0);

  useEffect(() => {
    void round;
    const controller = new AbortController();
    const { signal } = controller;
    setChecks({ state: 'loading' });
    const owner = role === 'owner';
    const run = async (): Promise<TableChecks> => {
      const venue = owner
        ? Promise.resolve(null)
        : call('verifyBusinessId', { businessId: ownerId }, { signal }).catch((err: unknown) => {
            throw unreachable(err) ? err : new ApiError(404, 'business_id_error', t.businessIdError);
          });
      const [venueAnswer, table, enabled, closed] = await Promise.all([
        venue,
        call('userIsValidTable', { ownerId, tableId }, { signal }),
        owner
          ? true
          : orderEnabled(ownerId, signal).catch((err: unknown) =>
              unreachable(err) ? Promise.reject(err) : true,
            ),
        closedInfo(ownerId, signal).catch((err: unknown) => (unreachable(err) ? Promise.reject(err) : null)),
      ]);
      const venueName = venueAnswer?.name ?? null;
      patchUserCache(scope, ownerId, {
        tableId,
        tableNumber: table.number,
        ...(venueName ? { venueName } : {}),
      });
      return {
        state: 'ready',
        tableNumber: table.number,
        venueName,
        orderEnabled: enabled,
        closed,
        fromCache: false,
      };
    };
    run()
      .then((result) => {
        if (!signal.aborted) setChecks(result);
      })
      .catch((err: unknown) => {
        if (signal.aborted) return;
        if (unreachable(err)) {
          const cached = readUserCache(scope);
          if (cached?.tableNumber) {
            setChecks({
              state: 'ready',
              tableNumber: cached.tableNumber,
              venueName: cached.venueName ?? null,
              orderEnabled: true,
              closed: null,
              fromCache: true,
            });
          } else {
            setChecks({ state: 'failed', failure: 'network', message: t.networkError });
          }
        } else if (err instanceof ApiError && err.code === 'business_id_error') {
          setChecks({ state: 'failed', failure: 'business_id_error', message: t.businessIdError });
        } else {
          setChecks({ state: 'failed', failure: 'TABLE_INVALID', message: t.invalidTable });
        }
      });
    return () => controller.abort();
  }, [ownerId, tableId, scope, role, round]);

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
