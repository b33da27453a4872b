import {
  DEFAULT_KITCHEN_FILTER,
  KITCHEN_FILTER_STORAGE_KEY,
  KITCHEN_FILTERS,
  type KitchenFilter,
} from '@comanda/shared-schema';
import { useCallback, useState } from 'react';
import { safeLocalStorage } from './safe-storage.ts';

// The owner's kitchen-area filter (spec 2.6, 9: tutto, cucina, bar, fritti; the stored choice
// lives in local storage under `KITCHEN_FILTER_STORAGE_KEY`). The dashboard reads and writes it;
// entering the room screen resets it to 'tutto' (spec 2.4).

/**
 * The kitchen display's own area, per screen: the bar's screen stays on 'bar' whatever the owner
 * picks on the dashboard, and the room screen's reset (spec 2.4, the owner's filter) leaves it be.
 */
export const KITCHEN_DISPLAY_FILTER_KEY = 'kitchenDisplayFilter';

function isKitchenFilter(value: unknown): value is KitchenFilter {
  return typeof value === 'string' && (KITCHEN_FILTERS as readonly string[]).includes(value);
}

export function readKitchenFilter(
  store: Storage | null = safeLocalStorage(),
  key = KITCHEN_FILTER_STORAGE_KEY,
): KitchenFilter {
  const value = store?.getItem(key);
  return isKitchenFilter(value) ? value : DEFAULT_KITCHEN_FILTER;
}

export function storeKitchenFilter(
  value: KitchenFilter,
  store: Storage | null = safeLocalStorage(),
  key = KITCHEN_FILTER_STORAGE_KEY,
): void {
  try {
    store?.setItem(key, value);
  } catch {
    // Quota or privacy mode: the choice lasts for this screen only.
  }
}

/** A screen's kitchen-area filter, remembered on this device under `key` (spec 9). */
export function useKitchenFilter(
  key = KITCHEN_FILTER_STORAGE_KEY,
): [KitchenFilter, (f: KitchenFilter) => void] {
  const [filter, setFilter] = useState<KitchenFilter>(() => readKitchenFilter(safeLocalStorage(), key));
  const choose = useCallback(
    (f: KitchenFilter) => {
      storeKitchenFilter(f, safeLocalStorage(), key);
      setFilter(f);
    },
    [key],
  );
  return [filter, choose];
}

export function resetKitchenFilter(store: Storage | null = safeLocalStorage()): void {
  storeKitchenFilter(DEFAULT_KITCHEN_FILTER, store);
}
