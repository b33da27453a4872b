import { type Category, type MenuDish, sortByPosition, sortDishes } from '@comanda/shared-schema';
import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../data/api.ts';
import { type CachedMenu, type MenuSource, readCachedMenu, writeCachedMenu } from './session-store.ts';

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
 */
export function menuSections(menu: Pick<CachedMenu, 'dishes' | 'categories'>): MenuSection[] {
  const byCategory = new Map<string, MenuDish[]>();
  for (const dish of menu.dishes) {
    if (dish.available === false) continue;
    byCategory.set(dish.categoryId, [...(byCategory.get(dish.categoryId) ?? []), dish]);
  }
  const sections: MenuSection[] = [];
  for (const category of sortByPosition<Category>(menu.categories)) {
    const dishes = byCategory.get(category.id);
    if (!dishes) continue;
    sections.push({ id: category.id, name: category.name, dishes: sortDishes(dishes) });
    byCategory.delete(category.id);
  }
  for (const [id, dishes] of byCategory) {
    sections.push({ id, name: dishes[0]?.categoryName ?? '', dishes: sortDishes(dishes) });
  }
  return sections;
}

/**
 * The menu to order from: `/api/menu/user/get` for customers, `/api/menu/owner/order/get` for an
 * owner ordering for a table. The copy in session storage (`reservationDishes`) shows at once on
 * a revisit and stands in while the network is down; every load refreshes it.
 */
export function useMenu(ownerId: string, source: MenuSource): MenuState {
  const [menu, setMenu] = useState<CachedMenu | null>(() => readCachedMenu(ownerId, source));
  const [error, setError] = useState<unknown>(null);
  const [loading, setLoading] = useState(true);
  const [round, setRound] = useState(0);
  const hasMenu = useRef(menu !== null);
  hasMenu.current = menu !== null;

  useEffect(() => {
    // `round` is read so that reload() starts a new load.
    void round;
    const controller = new AbortController();
    setLoading(true);
    const load =
      source === 'owner'
        ? call('ownerMenuOrderGet', { businessId: ownerId }, { signal: controller.signal })
        : call('userMenuGet', { businessId: ownerId }, { signal: controller.signal });
    load
      .then((answer) => {
        const fresh: CachedMenu = { ownerId, source, dishes: answer.data, categories: answer.categories };
        writeCachedMenu(fresh);
        setMenu(fresh);
        setError(null);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        // A cached menu keeps the screen usable; the error shows only when there is nothing.
        if (!hasMenu.current) setError(err);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [ownerId, source, round]);

  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { menu, error, loading, reload };
}
