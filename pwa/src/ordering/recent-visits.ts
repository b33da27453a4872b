import { safeLocalStorage } from '../data/safe-storage.ts';

/**
 * What this phone remembers of the customer's venues (`/user/home`): the tables and
 * delivery pages opened and the orders sent, newest first, kept on the device (a guest has no
 * account to keep them). Capped, and only what the screens already showed: no server call.
 */
export interface RecentVisit {
  ownerId: string;
  venueName: string | null;
  /** A table's page, or the venue's delivery page when null. */
  tableId: string | null;
  tableNumber: number | null;
  at: string;
}

export interface RecentOrder {
  ownerId: string;
  venueName: string | null;
  kind: 'table' | 'consegna' | 'ritiro';
  tableNumber: number | null;
  /** Cents, as the cart showed it. */
  total: number;
  at: string;
}

interface Recent {
  visits: RecentVisit[];
  orders: RecentOrder[];
}

const KEY = 'comandaRecent';
export const RECENT_VISITS_MAX = 8;
export const RECENT_ORDERS_MAX = 10;

export function readRecent(store: Storage | null = safeLocalStorage()): Recent {
  try {
    const parsed = JSON.parse(store?.getItem(KEY) ?? 'null') as Partial<Recent> | null;
    return {
      visits: Array.isArray(parsed?.visits) ? parsed.visits : [],
      orders: Array.isArray(parsed?.orders) ? parsed.orders : [],
    };
  } catch {
    return { visits: [], orders: [] };
  }
}

function write(recent: Recent, store: Storage | null): void {
  try {
    store?.setItem(KEY, JSON.stringify(recent));
  } catch {
    // Full or blocked storage: the home screen just shows less.
  }
}

/** A page opened: moved to the front (one entry per table or delivery page). */
export function rememberVisit(
  visit: Omit<RecentVisit, 'at'>,
  store: Storage | null = safeLocalStorage(),
  now: Date = new Date(),
): void {
  const recent = readRecent(store);
  const same = (v: RecentVisit) => v.ownerId === visit.ownerId && v.tableId === visit.tableId;
  const visits = [{ ...visit, at: now.toISOString() }, ...recent.visits.filter((v) => !same(v))];
  write({ ...recent, visits: visits.slice(0, RECENT_VISITS_MAX) }, store);
}

/** An order the server stored. */
export function rememberOrder(
  order: Omit<RecentOrder, 'at'>,
  store: Storage | null = safeLocalStorage(),
  now: Date = new Date(),
): void {
  const recent = readRecent(store);
  const orders = [{ ...order, at: now.toISOString() }, ...recent.orders];
  write({ ...recent, orders: orders.slice(0, RECENT_ORDERS_MAX) }, store);
}

export function forgetRecent(store: Storage | null = safeLocalStorage()): void {
  store?.removeItem(KEY);
}
