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

/** Whether a category (or a dish) with this id exists, in any venue. */
export function menuIdTaken(db: Db, kind: 'category' | 'dish', id: string): boolean {
  const table = kind === 'category' ? categories : dishes;
  return db.select({ id: table.id }).from(table).where(eq(table.id, id)).get() !== undefined;
}

export function insertCategory(db: Db, row: CategoryRecord): CategoryRecord {
  return db.insert(categories).values(row).returning().get();
}

/** The category as it now is (undefined: no category with this id). */
export function updateCategory(
  db: Db,
  id: string,
  set: Partial<Pick<CategoryRecord, 'name' | 'area' | 'position'>>,
): CategoryRecord | undefined {
  return db.update(categories).set(set).where(eq(categories.id, id)).returning().get();
}

export function dishesInCategory(db: Db, categoryId: string): number {
  return db.select({ n: count() }).from(dishes).where(eq(dishes.categoryId, categoryId)).get()?.n ?? 0;
}

export function deleteCategory(db: Db, id: string): void {
  db.delete(categories).where(eq(categories.id, id)).run();
}

export function insertDish(db: Db, row: DishRecord): void {
  db.insert(dishes).values(row).run();
}

export function updateDish(
  db: Db,
  businessId: string,
  id: string,
  set: Partial<Pick<DishRecord, 'name' | 'price' | 'categoryId' | 'description' | 'available'>>,
): void {
  db.update(dishes)
    .set(set)
    .where(and(eq(dishes.id, id), eq(dishes.businessId, businessId)))
    .run();
}

/** Deletes the dish; its variants and options go with it (cascade). */
export function deleteDish(db: Db, id: string): void {
  db.delete(dishes).where(eq(dishes.id, id)).run();
}

type VariantsInput = ReadonlyArray<z.output<typeof VariantInput>>;

/**
 * The id a variant or option is stored under. Kept when it already belongs to this dish (carts in
 * customers' phones name option ids, so an edit must not renumber them); a client UUID not used
 * elsewhere is taken as is (created offline); one used elsewhere is a conflict; anything else
 * (an id the server never gave) gets a fresh random id.
 */
function idFor(
  given: string | undefined,
  own: ReadonlySet<string>,
  takenElsewhere: (id: string) => boolean,
  used: Set<string>,
): string {
  if (given !== undefined) {
    if (used.has(given)) throw new AppError('CONFLICT', t.idTaken);
    if (own.has(given) || (ClientGeneratedId.safeParse(given).success && !takenElsewhere(given))) {
      used.add(given);
      return given;
    }
    if (takenElsewhere(given)) throw new AppError('CONFLICT', t.idTaken);
  }
  const id = randomId();
  used.add(id);
  return id;
}

/**
 * Replaces a dish's variants and options with `input` (inside the mutation's transaction):
 * updates the ones it names, inserts the new ones, deletes the rest.
 */
export function saveVariants(db: Db, dishId: string, input: VariantsInput): void {
  const current = db.select().from(variants).where(eq(variants.dishId, dishId)).all();
  const ownVariants = new Set(current.map((v) => v.id));
  const currentOptions =
    current.length === 0
      ? []
      : db
          .select()
          .from(variantOptions)
          .where(inArray(variantOptions.variantId, [...ownVariants]))
          .all();
  const ownOptions = new Set(currentOptions.map((o) => o.id));
  const variantTaken = (id: string) =>
    !ownVariants.has(id) &&
    db.select({ id: variants.id }).from(variants).where(eq(variants.id, id)).get() !== undefined;
  const optionTaken = (id: string) =>
    !ownOptions.has(id) &&
    db.select({ id: variantOptions.id }).from(variantOptions).where(eq(variantOptions.id, id)).get() !==
      undefined;

  const keptVariants = new Set<string>();
  const keptOptions = new Set<string>();
  for (const v of input) {
    const variantId = idFor(v.id, ownVariants, variantTaken, keptVariants);
    const fields = { name: v.name, multi: v.multi === 1, position: v.position };
    if (ownVariants.has(variantId)) db.update(variants).set(fields).where(eq(variants.id, variantId)).run();
    else
      db.insert(variants)
        .values({ id: variantId, dishId, ...fields })
        .run();
    for (const o of v.options) {
      const optionId = idFor(o.id, ownOptions, optionTaken, keptOptions);
      const option = { variantId, label: o.label, price: o.price };
      if (ownOptions.has(optionId))
        db.update(variantOptions).set(option).where(eq(variantOptions.id, optionId)).run();
      else
        db.insert(variantOptions)
          .values({ id: optionId, ...option })
          .run();
    }
  }
  const goneOptions = currentOptions.filter((o) => !keptOptions.has(o.id)).map((o) => o.id);
  if (goneOptions.length > 0) db.delete(variantOptions).where(inArray(variantOptions.id, goneOptions)).run();
  const goneVariants = current.filter((v) => !keptVariants.has(v.id)).map((v) => v.id);
  if (goneVariants.length > 0) db.delete(variants).where(inArray(variants.id, goneVariants)).run();
}
