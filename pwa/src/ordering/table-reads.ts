import { t } from '@comanda/shared-schema';
import { call } from '../data/api.ts';
import { ApiError, NetworkError } from '../data/errors.ts';
import type { ClosedInfo } from './closed-venue.tsx';
import { type CachedMenu, type MenuSource, patchUserCache, writeCachedMenuSoon } from './session-store.ts';

/*
 * The reads of a table screen, apart from React and from the menu's sorting. This module is part
 * of the first bundle, with the API client (the table routes' loaders start these reads, see
 * table-preload.ts): the reads leave in the same moment as the guard's session check.
 */

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

/** An answer that never came (or a server that could not answer) rather than a refusal. */
export function unreachable(err: unknown): boolean {
  return err instanceof NetworkError || (err instanceof ApiError && err.status >= 500);
}

export async function closedInfo(ownerId: string, signal?: AbortSignal): Promise<ClosedInfo | null> {
  const answer = await call('userClosedStatusGet', { ownerId }, { signal });
  if (answer.is_closed !== 1) return null;
  return {
    openingTime: answer.openingTime,
    closingTime: answer.closingTime,
    messaggioChiusura: answer.messaggioChiusura,
  };
}

export async function orderEnabled(ownerId: string, signal?: AbortSignal): Promise<boolean> {
  const answer = await call('userOrderEnabledGet', { ownerId }, { signal });
  return answer.orderEnabled === 1;
}

export type ReadyChecks = Extract<TableChecks, { state: 'ready' }>;

/**
 * The checks before a table may order (spec 7): the venue exists (`verify/businessId`, else
 * business_id_error), the table is one of its tables (`isValidTable`), ordering is enabled
 * (`orderEnabled`), the venue is open (`getClosedStatus`). An owner ordering for a table skips
 * the venue and ordering-enabled checks: the switch stops customers, not the owner. The four
 * leave together; the first failure rejects (`checksFailure` says what it means).
 */
export async function fetchTableChecks(
  ownerId: string,
  tableId: string,
  scope: string,
  role: 'user' | 'owner',
  signal?: AbortSignal,
): Promise<ReadyChecks> {
  const owner = role === 'owner';
  const opts = { signal };
  const venue = owner
    ? Promise.resolve(null)
    : call('verifyBusinessId', { businessId: ownerId }, opts).catch((err: unknown) => {
        // No session yet (a first visit, the guard making a guest) is not an unknown venue.
        const unsigned = err instanceof ApiError && err.status === 401;
        throw unreachable(err) || unsigned ? err : new ApiError(404, 'business_id_error', t.businessIdError);
      });
  const [venueAnswer, table, enabled, closed] = await Promise.all([
    venue,
    call('userIsValidTable', { ownerId, tableId }, opts),
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
}

/** One load of the menu to order from; the copy in session storage is refreshed with it. */
export async function fetchMenu(
  ownerId: string,
  source: MenuSource,
  signal?: AbortSignal,
): Promise<CachedMenu> {
  const answer =
    source === 'owner'
      ? await call('ownerMenuOrderGet', { businessId: ownerId }, { signal })
      : await call('userMenuGet', { businessId: ownerId }, { signal });
  const fresh: CachedMenu = { ownerId, source, dishes: answer.data, categories: answer.categories };
  writeCachedMenuSoon(fresh);
  return fresh;
}
