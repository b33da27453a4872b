import {
  AppError,
  type Category,
  ClientGeneratedId,
  type MenuDish,
  sortByPosition,
  sortDishes,
  sortOptions,
  t,
  type Variant,
  type VariantInput,
} from '@comanda/shared-schema';
import { and, asc, count, eq, inArray, max } from 'drizzle-orm';
import type { z } from 'zod';
import { type Db, first } from '../db/client.ts';
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
import { randomId } from '../lib/ids.ts';

/*
 * A venue's menu (spec 3 "Menu dish, Variant, Option, Category"): categories, dishes with their
 * variants and options; how they are read, written and how they travel (the 'category' and
 * 'dish' wire shapes of the change log and the snapshot).
 */

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
export async function loadDishes(db: Db, venueId: string, query: MenuQuery = {}): Promise<MenuDish[]> {
  if (query.dishIds && query.dishIds.length === 0) return [];
  const conditions = [eq(dishes.venueId, venueId)];
  if (query.availableOnly) conditions.push(eq(dishes.available, true));
  if (query.dishIds) conditions.push(inArray(dishes.id, [...query.dishIds]));
  if (query.categoryId) conditions.push(eq(dishes.categoryId, query.categoryId));
  const rows = await db
    .select({ dish: dishes, categoryName: categories.name })
    .from(dishes)
    .innerJoin(categories, eq(categories.id, dishes.categoryId))
    .where(and(...conditions));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.dish.id);
  const variantRows = await db.select().from(variants).where(inArray(variants.dishId, ids));
  const optionRows =
    variantRows.length === 0
      ? []
      : await db
          .select()
          .from(variantOptions)
          .where(
            inArray(
              variantOptions.variantId,
              variantRows.map((v) => v.id),
            ),
          );
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
export async function listCategories(db: Db, venueId: string): Promise<CategoryRecord[]> {
  const rows = await db
    .select()
    .from(categories)
    .where(eq(categories.venueId, venueId))
    .orderBy(asc(categories.position), asc(categories.id));
  return sortByPosition(rows);
}

/** The venue's category, or 404 (another venue's id is "not found in yours"). */
export async function requireCategory(db: Db, venueId: string, id: string): Promise<CategoryRecord> {
  const row = await first(
    db
      .select()
      .from(categories)
      .where(and(eq(categories.id, id), eq(categories.venueId, venueId))),
  );
  if (!row) throw new AppError('NOT_FOUND', t.categoryNotFound);
  return row;
}

export async function requireDish(db: Db, venueId: string, id: string): Promise<DishRecord> {
  const row = await first(
    db
      .select()
      .from(dishes)
      .where(and(eq(dishes.id, id), eq(dishes.venueId, venueId))),
  );
  if (!row) throw new AppError('NOT_FOUND', t.dishNotFound);
  return row;
}

/** One dish as it travels, read back after a write. */
export async function loadDish(db: Db, venueId: string, id: string): Promise<MenuDish> {
  const [dish] = await loadDishes(db, venueId, { dishIds: [id] });
  if (!dish) throw new Error(`dish ${id} vanished inside its transaction`);
  return dish;
}

export async function nextCategoryPosition(db: Db, venueId: string): Promise<number> {
  const row = await first(
    db
      .select({ top: max(categories.position) })
      .from(categories)
      .where(eq(categories.venueId, venueId)),
  );
  return row?.top === null || row?.top === undefined ? 0 : row.top + 1;
}

/** Whether a category (or a dish) with this id exists, in any venue. */
export async function menuIdTaken(db: Db, kind: 'category' | 'dish', id: string): Promise<boolean> {
  const table = kind === 'category' ? categories : dishes;
  return (await first(db.select({ id: table.id }).from(table).where(eq(table.id, id)))) !== undefined;
}

export async function insertCategory(db: Db, row: CategoryRecord): Promise<CategoryRecord> {
  const inserted = await first(db.insert(categories).values(row).returning());
  if (!inserted) throw new Error(`category ${row.id} not stored`);
  return inserted;
}

/** The category as it now is (undefined: no category with this id). */
export async function updateCategory(
  db: Db,
  id: string,
  set: Partial<Pick<CategoryRecord, 'name' | 'area' | 'position'>>,
): Promise<CategoryRecord | undefined> {
  return await first(db.update(categories).set(set).where(eq(categories.id, id)).returning());
}

export async function dishesInCategory(db: Db, categoryId: string): Promise<number> {
  const row = await first(db.select({ n: count() }).from(dishes).where(eq(dishes.categoryId, categoryId)));
  return row?.n ?? 0;
}

export async function deleteCategory(db: Db, id: string): Promise<void> {
  await db.delete(categories).where(eq(categories.id, id));
}

export async function insertDish(db: Db, row: DishRecord): Promise<void> {
  await db.insert(dishes).values(row);
}

export async function updateDish(
  db: Db,
  venueId: string,
  id: string,
  set: Partial<Pick<DishRecord, 'name' | 'price' | 'categoryId' | 'description' | 'available'>>,
): Promise<void> {
  await db
    .update(dishes)
    .set(set)
    .where(and(eq(dishes.id, id), eq(dishes.venueId, venueId)));
}

/** Deletes the dish; its variants and options go with it (cascade). */
export async function deleteDish(db: Db, id: string): Promise<void> {
  await db.delete(dishes).where(eq(dishes.id, id));
}

type VariantsInput = ReadonlyArray<z.output<typeof VariantInput>>;

/**
 * The id a variant or option is stored under. Kept when it already belongs to this dish (carts in
 * customers' phones name option ids, so an edit must not renumber them); a client UUID not used
 * elsewhere is taken as is (created offline); one used elsewhere is a conflict; anything else
 * (an id the server never gave) gets a fresh random id.
 */
async function idFor(
  given: string | undefined,
  own: ReadonlySet<string>,
  takenElsewhere: (id: string) => Promise<boolean>,
  used: Set<string>,
): Promise<string> {
  if (given !== undefined) {
    if (used.has(given)) throw new AppError('CONFLICT', t.idTaken);
    if (own.has(given) || (ClientGeneratedId.safeParse(given).success && !(await takenElsewhere(given)))) {
      used.add(given);
      return given;
    }
    if (await takenElsewhere(given)) throw new AppError('CONFLICT', t.idTaken);
  }
  const id = randomId();
  used.add(id);
  return id;
}

/**
 * Replaces a dish's variants and options with `input` (inside the mutation's transaction):
 * updates the ones it names, inserts the new ones, deletes the rest.
 */
export async function saveVariants(db: Db, dishId: string, input: VariantsInput): Promise<void> {
  const current = await db.select().from(variants).where(eq(variants.dishId, dishId));
  const ownVariants = new Set(current.map((v) => v.id));
  const currentOptions =
    current.length === 0
      ? []
      : await db
          .select()
          .from(variantOptions)
          .where(inArray(variantOptions.variantId, [...ownVariants]));
  const ownOptions = new Set(currentOptions.map((o) => o.id));
  const variantTaken = async (id: string) =>
    !ownVariants.has(id) &&
    (await first(db.select({ id: variants.id }).from(variants).where(eq(variants.id, id)))) !== undefined;
  const optionTaken = async (id: string) =>
    !ownOptions.has(id) &&
    (await first(
      db.select({ id: variantOptions.id }).from(variantOptions).where(eq(variantOptions.id, id)),
    )) !== undefined;

  const keptVariants = new Set<string>();
  const keptOptions = new Set<string>();
  for (const v of input) {
    const variantId = await idFor(v.id, ownVariants, variantTaken, keptVariants);
    const fields = { name: v.name, multi: v.multi === 1, position: v.position };
    if (ownVariants.has(variantId)) await db.update(variants).set(fields).where(eq(variants.id, variantId));
    else await db.insert(variants).values({ id: variantId, dishId, ...fields });
    for (const o of v.options) {
      const optionId = await idFor(o.id, ownOptions, optionTaken, keptOptions);
      const option = { variantId, label: o.label, price: o.price };
      if (ownOptions.has(optionId))
        await db.update(variantOptions).set(option).where(eq(variantOptions.id, optionId));
      else await db.insert(variantOptions).values({ id: optionId, ...option });
    }
  }
  const goneOptions = currentOptions.filter((o) => !keptOptions.has(o.id)).map((o) => o.id);
  if (goneOptions.length > 0) await db.delete(variantOptions).where(inArray(variantOptions.id, goneOptions));
  const goneVariants = current.filter((v) => !keptVariants.has(v.id)).map((v) => v.id);
  if (goneVariants.length > 0) await db.delete(variants).where(inArray(variants.id, goneVariants));
}

/** The kitchen areas of these dishes of the venue (each once; another venue's dish adds none). */
export async function areasOfDishes(
  db: Db,
  venueId: string,
  dishIds: readonly string[],
): Promise<Array<CategoryRecord['area']>> {
  const rows = await db
    .selectDistinct({ area: categories.area })
    .from(dishes)
    .innerJoin(categories, eq(categories.id, dishes.categoryId))
    .where(and(eq(dishes.venueId, venueId), inArray(dishes.id, [...new Set(dishIds)])));
  return rows.map((row) => row.area);
}
