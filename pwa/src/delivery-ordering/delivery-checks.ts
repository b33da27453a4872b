import { type Calls, type Response, t } from '@comanda/shared-schema';
import { call } from '../data/api.ts';
import { ApiError } from '../data/errors.ts';
import type { ClosedInfo } from '../ordering/closed-venue.tsx';
import { closedInfo, unreachable } from '../ordering/table-reads.ts';

export type DeliveryOptions = Response<Calls['userDeliveryOptions']>['result'];

export type DeliveryChecks =
  | { state: 'loading' }
  | { state: 'failed'; failure: 'business_id_error' | 'network'; message: string }
  | {
      state: 'ready';
      venueName: string | null;
      closed: ClosedInfo | null;
      /** abilitaConsegna: customers cannot order while the owner has delivery switched off. */
      deliveryEnabled: boolean;
      options: DeliveryOptions;
    };

export type ReadyDeliveryChecks = Extract<DeliveryChecks, { state: 'ready' }>;

/** `/api/user/deliveryOptions` for this cart: its dishes' kitchen areas decide which slots are full. */
export async function fetchDeliveryOptions(
  ownerId: string,
  owner: boolean,
  dishIds: readonly string[] | undefined,
  signal?: AbortSignal,
): Promise<DeliveryOptions> {
  const ids = dishIds ? [...new Set(dishIds)] : [];
  const answer = await call(
    'userDeliveryOptions',
    { ownerId, ...(owner ? { isOwner: true } : {}), ...(ids.length > 0 ? { dishIds: ids } : {}) },
    { signal },
  );
  return answer.result;
}

/**
 * Before a delivery screen shows its menu: the venue exists (customers: `verify/businessId`),
 * whether it is closed now, and its delivery settings (`deliveryOptions`: is delivery on, the
 * fee, the comuni, the slot plan). The three leave together; an owner skips the venue check.
 */
export async function fetchDeliveryChecks(
  ownerId: string,
  owner: boolean,
  signal?: AbortSignal,
): Promise<ReadyDeliveryChecks> {
  const opts = { signal };
  const venue = owner
    ? Promise.resolve(null)
    : call('verifyBusinessId', { businessId: ownerId }, opts).catch((err: unknown) => {
        throw unreachable(err) ? err : new ApiError(404, 'business_id_error', t.businessIdError);
      });
  const [venueAnswer, closed, options] = await Promise.all([
    venue,
    closedInfo(ownerId, signal).catch((err: unknown) => (unreachable(err) ? Promise.reject(err) : null)),
    fetchDeliveryOptions(ownerId, owner, undefined, signal).catch((err: unknown) => {
      throw unreachable(err) ? err : new ApiError(404, 'business_id_error', t.businessIdError);
    }),
  ]);
  return {
    state: 'ready',
    venueName: venueAnswer?.name ?? null,
    closed,
    deliveryEnabled: options.business.abilitaConsegna === 1,
    options,
  };
}
