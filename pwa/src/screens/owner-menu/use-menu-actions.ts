import { type Category, type KitchenArea, type MenuDish, t } from '@comanda/shared-schema';
import { useCallback, useMemo, useRef } from 'react';
import { errorText } from '../../data/api.ts';
import { useSyncClient } from '../../data/hooks.ts';
import { uuid } from '../../data/uuid.ts';
import { type DishValue, dishAddBody, dishEditBody } from './dish-form.ts';
import { checkCategoryName, reorderIds, withReason } from './menu-logic.ts';

/** Each action answers the error text to show, or null once the change is queued. */
export interface MenuActions {
  addCategory: (name: string, area: KitchenArea) => Promise<string | null>;
  /** `original`: the category as the dialog opened it. */
  editCategory: (original: Category, name: string, area: KitchenArea) => Promise<string | null>;
  deleteCategory: (id: string) => Promise<string | null>;
  moveCategory: (id: string, delta: -1 | 1) => Promise<string | null>;
  addDish: (value: DishValue) => Promise<string | null>;
  /** `original`: the dish as the editor opened it, so only what the owner changed is sent. */
  editDish: (original: MenuDish, value: DishValue) => Promise<string | null>;
  setAvailable: (id: string, available: boolean) => Promise<string | null>;
  deleteDish: (id: string) => Promise<string | null>;
}

/**
 * The menu screen's changes, each checked here first (an invalid name is not sent; a category
 * with dishes is not deleted) and then queued in the outbox: applied on screen at once, sent when
 * the network allows. Stable across renders, so memoized rows do not re-render for them.
 */
export function useMenuActions(categories: readonly Category[], dishes: readonly MenuDish[]): MenuActions {
  const sync = useSyncClient();
  const latest = useRef({ categories, dishes });
  latest.current = { categories, dishes };

  const queue = useCallback(async (run: () => Promise<unknown>): Promise<string | null> => {
    try {
      await run();
      return null;
    } catch (err) {
      return withReason(t.genericError, errorText(err));
    }
  }, []);

  const addCategory = useCallback(
    async (name: string, area: KitchenArea) => {
      const check = checkCategoryName(name, latest.current.categories);
      if (!check.ok) return check.error;
      return queue(() => sync.mutate('ownerCategoryAdd', { id: uuid(), name: check.value, area }));
    },
    [sync, queue],
  );

  const editCategory = useCallback(
    async (original: Category, name: string, area: KitchenArea) => {
      const check = checkCategoryName(name, latest.current.categories, original.id);
      if (!check.ok) return check.error;
      const body = {
        id: original.id,
        ...(original.name !== check.value ? { name: check.value } : {}),
        ...(original.area !== area ? { area } : {}),
      };
      if (Object.keys(body).length === 1) return null;
      return queue(() => sync.mutate('ownerCategoryEdit', body));
    },
    [sync, queue],
  );

  const deleteCategory = useCallback(
    async (id: string) => {
      if (latest.current.dishes.some((d) => d.categoryId === id)) return t.menuCategoryNotEmpty;
      return queue(() => sync.mutate('ownerCategoryDelete', { id }));
    },
    [sync, queue],
  );

  const moveCategory = useCallback(
    (id: string, delta: -1 | 1) =>
      queue(async () => {
        const ids = reorderIds(latest.current.categories, id, delta);
        if (ids) await sync.mutate('ownerCategoryReorder', { ids });
      }),
    [sync, queue],
  );

  const addDish = useCallback(
    (value: DishValue) => queue(() => sync.mutate('ownerDishAdd', dishAddBody(uuid(), value))),
    [sync, queue],
  );

  const editDish = useCallback(
    async (original: MenuDish, value: DishValue) => {
      const body = dishEditBody(original, value);
      return body ? queue(() => sync.mutate('ownerDishEdit', body)) : null;
    },
    [sync, queue],
  );

  const setAvailable = useCallback(
    (id: string, available: boolean) => queue(() => sync.mutate('ownerDishEdit', { id, available })),
    [sync, queue],
  );

  const deleteDish = useCallback(
    (id: string) => queue(() => sync.mutate('ownerDishDelete', { id })),
    [sync, queue],
  );

  return useMemo(
    () => ({
      addCategory,
      editCategory,
      deleteCategory,
      moveCategory,
      addDish,
      editDish,
      setAvailable,
      deleteDish,
    }),
    [addCategory, editCategory, deleteCategory, moveCategory, addDish, editDish, setAvailable, deleteDish],
  );
}
