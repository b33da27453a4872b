import type { BusinessRow, OrderRow, Room, RoomTable } from '@comanda/shared-schema';
import { useCallback, useSyncExternalStore } from 'react';
import { useEntities } from '../../data/hooks.ts';

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
