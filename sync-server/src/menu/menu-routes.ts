import { AppError, ClientGeneratedId, calls, categoryReorder, t } from '@comanda/shared-schema';
import { and, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { categories, dishes } from '../db/schema.ts';
import { route } from '../http/route.ts';
import { randomId } from '../lib/ids.ts';
import {
  categoryWire,
  listCategories,
  loadDish,
  loadDishes,
  nextCategoryPosition,
  requireCategory,
  requireDish,
} from '../store/menu.ts';
import type { MutationContext } from '../sync/mutation-route.ts';
import { mutationRoute } from '../sync/mutation-route.ts';
import { saveVariants } from './variants.ts';

type Ctx = Pick<MutationContext<typeof calls.ownerDishAdd>, 'db' | 'businessId' | 'change' | 'publish'>;

/** A new category's or dish's id: the client's UUID unless taken, else a fresh random one. */
function newId(ctx: Ctx, kind: 'category' | 'dish', given: string | undefined): string {
  if (given === undefined) return randomId();
  if (!ClientGeneratedId.safeParse(given).success) return randomId();
  const table = kind === 'category' ? categories : dishes;
  const taken = ctx.db.select({ id: table.id }).from(table).where(eq(table.id, given)).get();
  if (taken) throw new AppError('CONFLICT', t.idTaken);
  return given;
}

/** Records the dish as it now is and tells every open menu of the venue. */
function dishChanged(ctx: Ctx, id: string): void {
  ctx.change('dish', id, 'put', loadDish(ctx.db, ctx.businessId, id));
}

/** Every socket of the venue, customers included: their open menus reload (after commit). */
function menuChanged(ctx: Ctx): void {
  ctx.publish('menuChanged', {}, { to: 'all' });
}

/**
 * The owner menu (/owner/menu): categories with their kitchen area and position, dishes with
 * variants and options. Every edit is a mutation of the sync core, writes 'category'/'dish'
 * change rows (a category rename rewrites its dishes' categoryName) and publishes menuChanged.
 */
export async function menuRoutes(app: FastifyInstance): Promise<void> {
  route(app, calls.ownerMenuGet, ({ businessId }) => {
    const { db } = app.store;
    return {
      success: true,
      categories: listCategories(db, businessId).map(categoryWire),
      dishes: loadDishes(db, businessId),
    };
  });

  mutationRoute(app, calls.ownerCategoryAdd, (ctx) => {
    const { body, db, businessId, change } = ctx;
    const id = newId(ctx, 'category', body.id);
    const row = db
      .insert(categories)
      .values({
        id,
        businessId,
        name: body.name,
        area: body.area,
        position: body.position ?? nextCategoryPosition(db, businessId),
      })
      .returning()
      .get();
    change('category', id, 'put', categoryWire(row));
    menuChanged(ctx);
    return { success: true, id };
  });

  mutationRoute(app, calls.ownerCategoryEdit, (ctx) => {
    const { body, db, businessId, change } = ctx;
    const current = requireCategory(db, businessId, body.id);
    const set = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.area !== undefined ? { area: body.area } : {}),
      ...(body.position !== undefined ? { position: body.position } : {}),
    };
    if (Object.keys(set).length === 0) return { success: true };
    const row = db.update(categories).set(set).where(eq(categories.id, current.id)).returning().get();
    if (!row) throw new Error('category vanished inside its transaction');
    change('category', row.id, 'put', categoryWire(row));
    // Dishes carry their category's name on the wire.
    if (row.name !== current.name) {
      for (const dish of loadDishes(db, businessId, { categoryId: row.id }))
        change('dish', dish.id, 'put', dish);
    }
    menuChanged(ctx);
    return { success: true };
  });

  mutationRoute(app, calls.ownerCategoryReorder, (ctx) => {
    const { body, db, businessId, change } = ctx;
    // Named first, the rest after: the rule the tablets' offline reorder follows (shared-schema).
    const moves = categoryReorder(listCategories(db, businessId), body.ids);
    if (!moves) throw new AppError('NOT_FOUND', t.categoryNotFound);
    for (const { category, position } of moves) {
      const row = db
        .update(categories)
        .set({ position })
        .where(eq(categories.id, category.id))
        .returning()
        .get();
      if (row) change('category', row.id, 'put', categoryWire(row));
    }
    menuChanged(ctx);
    return { success: true };
  });

  mutationRoute(app, calls.ownerCategoryDelete, (ctx) => {
    const { body, db, businessId, change } = ctx;
    const category = requireCategory(db, businessId, body.id);
    const inside =
      db.select({ n: count() }).from(dishes).where(eq(dishes.categoryId, category.id)).get()?.n ?? 0;
    if (inside > 0) throw new AppError('CATEGORY_NOT_EMPTY', t.menuCategoryNotEmpty);
    db.delete(categories).where(eq(categories.id, category.id)).run();
    change('category', category.id, 'delete');
    menuChanged(ctx);
    return { success: true };
  });

  mutationRoute(app, calls.ownerDishAdd, (ctx) => {
    const { body, db, businessId } = ctx;
    const category = requireCategory(db, businessId, body.categoryId);
    const id = newId(ctx, 'dish', body.id);
    db.insert(dishes)
      .values({
        id,
        businessId,
        categoryId: category.id,
        name: body.name,
        price: body.price,
        description: body.description ?? '',
        available: body.available ?? true,
      })
      .run();
    saveVariants(db, id, body.variants ?? []);
    dishChanged(ctx, id);
    menuChanged(ctx);
    return { success: true, id };
  });

  mutationRoute(app, calls.ownerDishEdit, (ctx) => {
    const { body, db, businessId } = ctx;
    const dish = requireDish(db, businessId, body.id);
    const categoryId =
      body.categoryId !== undefined ? requireCategory(db, businessId, body.categoryId).id : undefined;
    const set = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.price !== undefined ? { price: body.price } : {}),
      ...(categoryId !== undefined ? { categoryId } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.available !== undefined ? { available: body.available } : {}),
    };
    if (Object.keys(set).length > 0) {
      db.update(dishes)
        .set(set)
        .where(and(eq(dishes.id, dish.id), eq(dishes.businessId, businessId)))
        .run();
    }
    if (body.variants !== undefined) saveVariants(db, dish.id, body.variants);
    dishChanged(ctx, dish.id);
    menuChanged(ctx);
    return { success: true };
  });

  mutationRoute(app, calls.ownerDishDelete, (ctx) => {
    const { body, db, businessId, change } = ctx;
    const dish = requireDish(db, businessId, body.id);
    // Variants and options go with it (cascade); past order lines keep their copy.
    db.delete(dishes).where(eq(dishes.id, dish.id)).run();
    change('dish', dish.id, 'delete');
    menuChanged(ctx);
    return { success: true };
  });
}
