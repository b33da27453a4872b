import { AppError, ClientGeneratedId, calls, categoryReorder, t } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { route } from '../http/route.ts';
import { randomId } from '../lib/ids.ts';
import {
  categoryWire,
  deleteCategory,
  deleteDish,
  dishesInCategory,
  insertCategory,
  insertDish,
  listCategories,
  loadDish,
  loadDishes,
  menuIdTaken,
  nextCategoryPosition,
  requireCategory,
  requireDish,
  saveVariants,
  updateCategory,
  updateDish,
} from '../store/menu.ts';
import type { MutationContext } from '../sync/mutation-route.ts';
import { mutationRoute } from '../sync/mutation-route.ts';

type Ctx = Pick<MutationContext<typeof calls.ownerDishAdd>, 'db' | 'venueId' | 'change' | 'publish'>;

/** A new category's or dish's id: the client's UUID unless taken, else a fresh random one. */
async function newId(ctx: Ctx, kind: 'category' | 'dish', given: string | undefined): Promise<string> {
  if (given === undefined) return randomId();
  if (!ClientGeneratedId.safeParse(given).success) return randomId();
  if (await menuIdTaken(ctx.db, kind, given)) throw new AppError('CONFLICT', t.idTaken);
  return given;
}

/** Records the dish as it now is and tells every open menu of the venue. */
async function dishChanged(ctx: Ctx, id: string): Promise<void> {
  ctx.change('dish', id, 'put', await loadDish(ctx.db, ctx.venueId, id));
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
  route(app, calls.ownerMenuGet, ({ venueId }) =>
    app.store.port.read(async (db) => ({
      success: true,
      categories: (await listCategories(db, venueId)).map(categoryWire),
      dishes: await loadDishes(db, venueId),
    })),
  );

  mutationRoute(app, calls.ownerCategoryAdd, async (ctx) => {
    const { body, db, venueId, change } = ctx;
    const id = await newId(ctx, 'category', body.id);
    const row = await insertCategory(db, {
      id,
      venueId,
      name: body.name,
      area: body.area,
      position: body.position ?? (await nextCategoryPosition(db, venueId)),
    });
    change('category', id, 'put', categoryWire(row));
    menuChanged(ctx);
    return { success: true, id };
  });

  mutationRoute(app, calls.ownerCategoryEdit, async (ctx) => {
    const { body, db, venueId, change } = ctx;
    const current = await requireCategory(db, venueId, body.id);
    const set = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.area !== undefined ? { area: body.area } : {}),
      ...(body.position !== undefined ? { position: body.position } : {}),
    };
    if (Object.keys(set).length === 0) return { success: true };
    const row = await updateCategory(db, current.id, set);
    if (!row) throw new Error('category vanished inside its transaction');
    change('category', row.id, 'put', categoryWire(row));
    // Dishes carry their category's name on the wire.
    if (row.name !== current.name) {
      for (const dish of await loadDishes(db, venueId, { categoryId: row.id }))
        change('dish', dish.id, 'put', dish);
    }
    menuChanged(ctx);
    return { success: true };
  });

  mutationRoute(app, calls.ownerCategoryReorder, async (ctx) => {
    const { body, db, venueId, change } = ctx;
    // Named first, the rest after: the rule the tablets' offline reorder follows (shared-schema).
    const moves = categoryReorder(await listCategories(db, venueId), body.ids);
    if (!moves) throw new AppError('NOT_FOUND', t.categoryNotFound);
    for (const { category, position } of moves) {
      const row = await updateCategory(db, category.id, { position });
      if (row) change('category', row.id, 'put', categoryWire(row));
    }
    menuChanged(ctx);
    return { success: true };
  });

  mutationRoute(app, calls.ownerCategoryDelete, async (ctx) => {
    const { body, db, venueId, change } = ctx;
    const category = await requireCategory(db, venueId, body.id);
    if ((await dishesInCategory(db, category.id)) > 0)
      throw new AppError('CATEGORY_NOT_EMPTY', t.menuCategoryNotEmpty);
    await deleteCategory(db, category.id);
    change('category', category.id, 'delete');
    menuChanged(ctx);
    return { success: true };
  });

  mutationRoute(app, calls.ownerDishAdd, async (ctx) => {
    const { body, db, venueId } = ctx;
    const category = await requireCategory(db, venueId, body.categoryId);
    const id = await newId(ctx, 'dish', body.id);
    await insertDish(db, {
      id,
      venueId,
      categoryId: category.id,
      name: body.name,
      price: body.price,
      description: body.description ?? '',
      available: body.available ?? true,
    });
    await saveVariants(db, id, body.variants ?? []);
    await dishChanged(ctx, id);
    menuChanged(ctx);
    return { success: true, id };
  });

  mutationRoute(app, calls.ownerDishEdit, async (ctx) => {
    const { body, db, venueId } = ctx;
    const dish = await requireDish(db, venueId, body.id);
    const categoryId =
      body.categoryId !== undefined ? (await requireCategory(db, venueId, body.categoryId)).id : undefined;
    const set = {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.price !== undefined ? { price: body.price } : {}),
      ...(categoryId !== undefined ? { categoryId } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.available !== undefined ? { available: body.available } : {}),
    };
    if (Object.keys(set).length > 0) await updateDish(db, venueId, dish.id, set);
    if (body.variants !== undefined) await saveVariants(db, dish.id, body.variants);
    await dishChanged(ctx, dish.id);
    menuChanged(ctx);
    return { success: true };
  });

  mutationRoute(app, calls.ownerDishDelete, async (ctx) => {
    const { body, db, venueId, change } = ctx;
    const dish = await requireDish(db, venueId, body.id);
    // Variants and options go with it (cascade); past order lines keep their copy.
    await deleteDish(db, dish.id);
    change('dish', dish.id, 'delete');
    menuChanged(ctx);
    return { success: true };
  });
}
