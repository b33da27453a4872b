import { type Category, type MenuDish, SESSION_STORAGE_KEYS } from '@comanda/shared-schema';

/**
 * Session storage of the ordering screens (spec 9 keys): `cart` (cart-store.ts), the menu the
 * customer loaded (`reservationDishes`) and the table context (`userCache`). `precUrl` belongs to
 * the session module (session/session.ts). Session storage, not local: a cart belongs to one visit of one
 * tab, and a phone handed to a friend must not carry it into another table's order. (The cart
 * alone has a short-lived mirror on the device for a diner who reopens the same table's link,
 * see `KEPT_CART_KEY` in cart-store.ts.)
 * Every access tolerates a browser without storage (private mode): the app then works from memory.
 */

const memory = new Map<string, string>();

function storage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> {
  try {
    const s = globalThis.sessionStorage;
    if (s) return s;
  } catch {
    // Access itself throws when storage is disabled.
  }
  return {
    getItem: (k) => memory.get(k) ?? null,
    setItem: (k, v) => void memory.set(k, v),
    removeItem: (k) => void memory.delete(k),
  };
}

export function readJson<T>(key: string): T | null {
  try {
    const raw = storage().getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function writeJson(key: string, value: unknown): void {
  const text = JSON.stringify(value);
  try {
    storage().setItem(key, text);
  } catch {
    // Quota or disabled storage: keep it for this page's life at least.
    memory.set(key, text);
  }
}

export function removeKey(key: string): void {
  memory.delete(key);
  try {
    storage().removeItem(key);
  } catch {
    // Nothing stored.
  }
}

/** Route parameters are URL-decoded (spec 2.2); react-router decodes once, a QR link may be encoded twice. */
export function decodeParam(value: string | undefined): string {
  if (!value) return '';
  try {
    return /%[0-9a-f]{2}/i.test(value) ? decodeURIComponent(value) : value;
  } catch {
    return value;
  }
}

// ---------------------------------------------------------------- reservationDishes

/** Where a menu came from: the customer menu or the owner's ordering menu (all dishes). */
export type MenuSource = 'user' | 'owner';

export interface CachedMenu {
  ownerId: string;
  source: MenuSource;
  dishes: MenuDish[];
  categories: Category[];
}

export function readCachedMenu(ownerId: string, source: MenuSource): CachedMenu | null {
  const cached = readJson<CachedMenu>(SESSION_STORAGE_KEYS.reservationDishes);
  if (!cached || cached.ownerId !== ownerId || cached.source !== source) return null;
  if (!Array.isArray(cached.dishes) || !Array.isArray(cached.categories)) return null;
  return cached;
}

export function writeCachedMenu(menu: CachedMenu): void {
  cancelPendingMenuWrite();
  writeJson(SESSION_STORAGE_KEYS.reservationDishes, menu);
}

let pendingMenuWrite: (() => void) | null = null;

function cancelPendingMenuWrite(): void {
  pendingMenuWrite?.();
  pendingMenuWrite = null;
}

/**
 * `writeCachedMenu` once the browser is idle: serialising a menu of hundreds of dishes into
 * session storage takes several milliseconds on a slow phone, which the menu's first render need
 * not wait for. A newer write or `clearCachedMenu` (an order sent) cancels a pending one.
 */
export function writeCachedMenuSoon(menu: CachedMenu): void {
  cancelPendingMenuWrite();
  const write = () => {
    pendingMenuWrite = null;
    writeJson(SESSION_STORAGE_KEYS.reservationDishes, menu);
  };
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(write, { timeout: 2_000 });
    pendingMenuWrite = () => cancelIdleCallback(handle);
  } else {
    const handle = setTimeout(write, 0);
    pendingMenuWrite = () => clearTimeout(handle);
  }
}

export function clearCachedMenu(): void {
  cancelPendingMenuWrite();
  removeKey(SESSION_STORAGE_KEYS.reservationDishes);
}

// ---------------------------------------------------------------- userCache

/** The scope of a table's cart and `userCache`: `table:{ownerId}:{tableId}`. */
export function tableScope(ownerId: string, tableId: string): string {
  return `table:${ownerId}:${tableId}`;
}

/**
 * The table (or delivery) the customer is ordering for, as the checks confirmed it, so the cart
 * route and a reload while the venue's Wi-Fi is down can still title the screen. `orderErased` is
 * the erase-order state: set when the venue closed the table's bill (live `eraseOrder`), shown
 * once, cleared by the next successful order.
 */
export interface UserCache {
  scope: string;
  ownerId: string;
  tableId?: string;
  tableNumber?: number;
  venueName?: string;
  orderErased?: boolean;
}

export function readUserCache(scope: string): UserCache | null {
  const cached = readJson<UserCache>(SESSION_STORAGE_KEYS.userCache);
  return cached?.scope === scope ? cached : null;
}

export function patchUserCache(scope: string, ownerId: string, patch: Partial<UserCache>): UserCache {
  const next: UserCache = { ...(readUserCache(scope) ?? { scope, ownerId }), ...patch, scope, ownerId };
  writeJson(SESSION_STORAGE_KEYS.userCache, next);
  return next;
}
