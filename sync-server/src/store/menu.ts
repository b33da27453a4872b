import {
  AppError,
  type Category,
  type MenuDish,
  sortByPosition,
  sortDishes,
  sortOptions,
  t,
  type Variant,
} from '@comanda/shared-schema';
import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import {
  type CategoryRecord,
  categories,
  type DishRecord,
  dishes,
  type VariantOptionRecord,
  type VariantRecord,
  variantOptions,
  variants,
} from '../db/schema.ts';

const flag = (on: boolean): 0 | 1 => (on ? 1 : 0);

/** A category as it travels (menus, snapshot, 'category' changes): shared-schema's `Category`. */
export function categoryWire(row: CategoryRecord): Category {
  return { id: row.id, name: row.name, position: row.position, area: row.area };
}

/**
 * A dish as it travels (menus, snapshot, 'dish' changes): shared-schema's `MenuDish` with its
 * variants by position and each variant's options 'no, grazie!' first, then by label.
 * `description` only when there is one, as the owner menu's optimistic rows have it.
 */
export function dishWire(
  row: DishRecord,
  categoryName: string,
  dishVariants: readonly VariantRecord[],
  optionsOf: (variantId: string) => readonly VariantOptionRecord[],
): MenuDish {
  const wired: Variant[] = dishVariants.map((v) => ({
    id: v.id,
    name: v.name,
    multi: flag(v.multi),
    position: v.position,
    options: sortOptions(optionsOf(v.id)).map((o) => ({ id: o.id, label: o.label, price: o.price })),
  }));
  return {
    id: row.id,
    name: row.name,
    price: row.price,
    categoryId: row.categoryId,
    categoryName,
    variants: sortByPosition(wired),
    ...(row.description ? { description: row.description } : {}),
    available: row.available,
  };
}

export interface MenuQuery {
  /** Only dishes a customer may order. */
  availableOnly?: boolean;
  /** Only these dishes (an order's cart). */
  dishIds?: readonly string[];
  /** Only the dishes of this category. */
  categoryId?: string;
}

/**
 * A venue's dishes with categories, variants and options in four queries, whatever the menu's
 * size. Dishes sorted by name (spec 2.7).
 */
export function loadDishes(db: Db, businessId: string, query: MenuQuery = {}): MenuDish[] {
  if (query.dishIds && query.dishIds.length === 0) return [];
  const conditions = [eq(dishes.businessId, businessId)];
  if (query.availableOnly) conditions.push(eq(dishes.available, true));
  if (query.dishIds) conditions.push(inArray(dishes.id, [...query.dishIds]));
  if (query.categoryId) conditions.push(eq(dishes.categoryId, query.categoryId));
  const rows = db
    .select({ dish: dishes, categoryName: categories.name })
    .from(dishes)
    .innerJoin(categories, eq(categories.id, dishes.categoryId))
    .where(and(...conditions))
    .all();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.dish.id);
  const variantRows = db.select().from(variants).where(inArray(variants.dishId, ids)).all();
  const optionRows =
    variantRows.length === 0
      ? []
      : db
          .select()
          .from(variantOptions)
          .where(
            inArray(
              variantOptions.variantId,
              variantRows.map((v) => v.id),
            ),
          )
          .all();
  const variantsByDish = groupBy(variantRows, (v) => v.dishId);
  const optionsByVariant = groupBy(optionRows, (o) => o.variantId);
  return sortDishes(
    rows.map((r) =>
      dishWire(
        r.dish,
        r.categoryName,
        variantsByDish.get(r.dish.id) ?? [],
        (id) => optionsByVariant.get(id) ?? [],
      ),
    ),
  );
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = map.get(k);
    if (list) list.push(item);
    else map.set(k, [item]);
  }
  return map;
}

/** A venue's categories in display order: position, then name. */
export function listCategories(db: Db, businessId: string): CategoryRecord[] {
  const rows = db
    .select()
    .from(categories)
    .where(eq(categories.businessId, businessId))
    .orderBy(asc(categories.position), asc(categories.id))
    .all();
  return sortByPosition(rows);
}

/** The venue's category, or 404 (another venue's id is "not found in yours"). */
export function requireCategory(db: Db, businessId: string, id: string): CategoryRecord {
  const row = db
    .select()
    .from(categories)
    .where(and(eq(categories.id, id), eq(categories.businessId, businessId)))
    .get();
  if (!row) throw new AppError('NOT_FOUND', t.categoryNotFound);
  return row;
}

export function requireDish(db: Db, businessId: string, id: string): DishRecord {
  const row = db
    .select()
    .from(dishes)
    .where(and(eq(dishes.id, id), eq(dishes.businessId, businessId)))
    .get();
  if (!row) throw new AppError('NOT_FOUND', t.dishNotFound);
  return row;
}

/** One dish as it travels, read back after a write. */
export function loadDish(db: Db, businessId: string, id: string): MenuDish {
  const [dish] = loadDishes(db, businessId, { dishIds: [id] });
  if (!dish) throw new Error(`dish ${id} vanished inside its transaction`);
  return dish;
}

export function nextCategoryPosition(db: Db, businessId: string): number {
  const row = db
    .select({ top: max(categories.position) })
    .from(categories)
    .where(eq(categories.businessId, businessId))
    .get();
  return row?.top === null || row?.top === undefined ? 0 : row.top + 1;
}
