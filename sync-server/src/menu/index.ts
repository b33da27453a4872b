import type { FastifyInstance } from 'fastify';
import { categoryWire, listCategories, loadDishes } from '../store/menu.ts';
import { menuRoutes } from './menu-routes.ts';

/**
 * The menu (spec 3 "Menu dish, Variant, Option, Category"; /owner/menu): the owner's calls and
 * the 'category' and 'dish' rows the owner's device keeps offline.
 */
export async function menuPlugin(app: FastifyInstance): Promise<void> {
  app.sync.registerSnapshot('category', async (db, venueId) =>
    (await listCategories(db, venueId)).map((row) => ({ id: row.id, data: categoryWire(row) })),
  );
  app.sync.registerSnapshot('dish', async (db, venueId) =>
    (await loadDishes(db, venueId)).map((dish) => ({ id: dish.id, data: dish })),
  );
  await app.register(menuRoutes);
}
