import { SESSION_STORAGE_KEYS } from '@comanda/shared-schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type CachedMenu,
  clearCachedMenu,
  readCachedMenu,
  writeCachedMenu,
  writeCachedMenuSoon,
} from './session-store.ts';

const menu = (ownerId: string): CachedMenu => ({ ownerId, source: 'user', dishes: [], categories: [] });

afterEach(() => {
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('writeCachedMenuSoon', () => {
  it('stores the menu once the browser is idle, not during the render that needs it', () => {
    vi.useFakeTimers();
    writeCachedMenuSoon(menu('v1'));
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.reservationDishes)).toBeNull();
    vi.runAllTimers();
    expect(readCachedMenu('v1', 'user')).toEqual(menu('v1'));
  });

  it('is cancelled by an order that clears the cached dishes, and by a newer write', () => {
    vi.useFakeTimers();
    writeCachedMenuSoon(menu('v1'));
    clearCachedMenu();
    vi.runAllTimers();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.reservationDishes)).toBeNull();

    writeCachedMenuSoon(menu('v1'));
    writeCachedMenu(menu('v2'));
    vi.runAllTimers();
    expect(readCachedMenu('v2', 'user')).toEqual(menu('v2'));
  });
});
