import {
  DEFAULT_KITCHEN_FILTER,
  KITCHEN_FILTER_STORAGE_KEY,
  KITCHEN_FILTERS,
  type KitchenFilter,
} from '@comanda/shared-schema';
import { safeLocalStorage } from './safe-storage.ts';

/**
 * The owner's kitchen-area filter (spec 2.6, 9: tutto, cucina, bar, fritti; the stored choice
 * lives in local storage). The dashboard reads and writes it; entering the room screen resets it
 * to 'tutto' (spec 2.4).
 */
export const KITCHEN_FILTER_KEY = KITCHEN_FILTER_STORAGE_KEY;

function isKitchenFilter(value: unknown): value is KitchenFilter {
  return typeof value === 'string' && (KITCHEN_FILTERS as readonly string[]).includes(value);
}

export function readKitchenFilter(store: Storage | null = safeLocalStorage()): KitchenFilter {
  const value = store?.getItem(KITCHEN_FILTER_KEY);
  return isKitchenFilter(value) ? value : DEFAULT_KITCHEN_FILTER;
}

export function storeKitchenFilter(value: KitchenFilter, store: Storage | null = safeLocalStorage()): void {
  try {
    store?.setItem(KITCHEN_FILTER_KEY, value);
  } catch {
    // Quota or privacy mode: the choice lasts for this screen only.
  }
}

export function resetKitchenFilter(store: Storage | null = safeLocalStorage()): void {
  storeKitchenFilter(DEFAULT_KITCHEN_FILTER, store);
}
