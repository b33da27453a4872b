import type { MenuDish } from '@comanda/shared-schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { menuReadKey, peekEarlyRead, takeEarlyRead } from './early-reads.ts';
import { type CachedMenu, type MenuSource, readCachedMenu } from './session-store.ts';
import { fetchMenu } from './table-reads.ts';

export interface MenuSection {
  id: string;
  name: string;
  dishes: MenuDish[];
}

export interface MenuState {
  menu: CachedMenu | null;
  /** The last load failed and nothing is cached (spec 8 `dish_error`). */
  error: unknown;
  loading: boolean;
  reload: () => void;
}

/**
 * Categories in position order, each with its dishes sorted by name (spec 2.7). A dish whose
 * category is not listed still shows, under its own categoryName; empty categories are left out.
 *
 * Both orders are the server's: both menu calls answer categories by position and dishes by name
 * (`sortByPosition` and `sortDishes` of the contract, in the server's `loadDishes`; held by its
 * customer-reads tests), and grouping keeps them. Not sorted again here: comparing names needs an
 * Italian `Intl.Collator`, whose first making costs a phone's first visit about 50 ms at 4x
 * slowdown (`npm run bench -- menu300`).
 */
export function menuSections(menu: Pick<CachedMenu, 'dishes' | 'categories'>): MenuSection[] {
  const byCategory = new Map<string, MenuDish[]>();
  for (const dish of menu.dishes) {
    if (dish.available === false) continue;
    const list = byCategory.get(dish.categoryId);
    if (list) list.push(dish);
    else byCategory.set(dish.categoryId, [dish]);
  }
  const sections: MenuSection[] = [];
  for (const category of menu.categories) {
    const dishes = byCategory.get(category.id);
    if (!dishes) continue;
    sections.push({ id: category.id, name: category.name, dishes });
    byCategory.delete(category.id);
  }
  for (const [id, dishes] of byCategory) {
    sections.push({ id, name: dishes[0]?.categoryName ?? '', dishes });
  }
  return sections;
}

/**
 * The menu to order from: `/api/menu/user/get` for customers, `/api/menu/owner/order/get` for an
 * owner ordering for a table. The copy in session storage (`reservationDishes`) shows at once on
 * a revisit and stands in while the network is down; every load refreshes it. The first load
 * uses the early read the route's loader started (`early-reads.ts`), if there is one.
 */
export function useMenu(ownerId: string, source: MenuSource): MenuState {
  const key = menuReadKey(source, ownerId);
  const [initial] = useState(() => {
    const early = peekEarlyRead<CachedMenu>(key);
    return { menu: early ?? readCachedMenu(ownerId, source), loadedKey: early ? key : null };
  });
  const [menu, setMenu] = useState<CachedMenu | null>(initial.menu);
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(initial.loadedKey === null);
  const [round, setRound] = useState(0);
  const hasMenu = useRef(menu !== null);
  hasMenu.current = menu !== null;

  useEffect(() => {
    const early = round === 0 ? takeEarlyRead<CachedMenu>(key) : null;
    // The first render already had the early answer: that was this key's first load.
    if (round === 0 && initial.loadedKey === key) return;
    const controller = new AbortController();
    const { signal } = controller;
    setLoading(true);
    const fresh = () => fetchMenu(ownerId, source, signal);
    // An early read that failed (before the session was confirmed, say) is simply read again.
    (early ? early.catch(fresh) : fresh())
      .then((loaded) => {
        if (signal.aborted) return;
        setMenu(loaded);
        setError(null);
      })
      .catch((err: unknown) => {
        if (signal.aborted) return;
        // A cached menu keeps the screen usable; the error shows only when there is nothing.
        if (!hasMenu.current) setError(err);
      })
      .finally(() => {
        if (!signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [key, ownerId, source, round, initial]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { menu, error, loading, reload };
}
