import type { BusinessRow, OrderRow, Room, RoomTable } from '@comanda/shared-schema';
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { withDb } from '../../data/db.ts';
import { useEntities, useSyncClient } from '../../data/hooks.ts';

export interface RoomData {
  rooms: Room[];
  tables: RoomTable[];
  orders: OrderRow[];
  business: BusinessRow | undefined;
}

/**
 * Everything the room screen draws, from the device database: server rows with the outbox on
 * top (`useEntities`), so it opens and works with the network gone. Undefined while loading.
 */
export function useRoomData(): RoomData | undefined {
  const rooms = useEntities('room');
  const tables = useEntities('table');
  const orders = useEntities('order');
  const business = useEntities('business');
  if (!rooms || !tables || !orders || !business) return undefined;
  return { rooms, tables, orders, business: business[0] };
}

export type Readiness = 'loading' | 'ready' | 'failed';

/**
 * Whether the device database holds the venue yet. A device that never synced asks the server
 * once; if that fails (offline on the very first visit) the screen says so and offers a retry.
 */
export function useSyncReadiness(): { readiness: Readiness; retry: () => void } {
  const client = useSyncClient();
  const synced = useLiveQuery(
    () => withDb(client.db, async () => (await client.db.meta.get('sync'))?.synced ?? false),
    [client],
  );
  const [failed, setFailed] = useState(false);

  const firstLoad = useCallback(() => {
    let current = true;
    setFailed(false);
    void client.catchUp().then((result) => {
      if (current && result === null) setFailed(true);
    });
    return () => {
      current = false;
    };
  }, [client]);

  useEffect(() => (synced === false ? firstLoad() : undefined), [synced, firstLoad]);

  const retry = useCallback(() => void firstLoad(), [firstLoad]);

  const readiness: Readiness = synced ? 'ready' : failed ? 'failed' : 'loading';
  return { readiness, retry };
}

/** A CSS media query as React state (false where `matchMedia` does not exist, as in tests). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const mql = globalThis.matchMedia?.(query);
      mql?.addEventListener('change', onChange);
      return () => mql?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => globalThis.matchMedia?.(query).matches ?? false,
    () => false,
  );
}

function subscribeOnline(onChange: () => void) {
  globalThis.addEventListener('online', onChange);
  globalThis.addEventListener('offline', onChange);
  return () => {
    globalThis.removeEventListener('online', onChange);
    globalThis.removeEventListener('offline', onChange);
  };
}

/** The browser's own idea of being online. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribeOnline,
    () => globalThis.navigator?.onLine ?? true,
    () => true,
  );
}
