import { calls, type MenuDish, sortByPosition } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client.ts';
import { route } from '../http/route.ts';
import { categoryWire, listCategories, loadDishes } from '../store/menu.ts';
import { linesOfOrder, lineWire, openOrderOfTable } from '../store/orders.ts';
import { checkVenueEcho, closedStatus, requireVenue, requireVenueTable } from '../store/venue.ts';

/** What a person can order: available dishes by name, and the categories that have one, by position. */
async function orderableMenu(db: Db, venueId: string) {
  const data: MenuDish[] = await loadDishes(db, venueId, { availableOnly: true });
  const used = new Set(data.map((d) => d.categoryId));
  const cats = (await listCategories(db, venueId)).filter((c) => used.has(c.id));
  return { success: true as const, data, categories: sortByPosition(cats).map(categoryWire) };
}

/**
 * Spec 7 "Ordering and menu", the reads of the table flow: whether the venue, the table and
 * ordering are there, the menu, and the table's history. Any signed-in session (customer, guest,
 * owner) may ask; a venue or table that does not exist answers the spec's error codes.
 */
export async function customerRoutes(app: FastifyInstance): Promise<void> {
  const { port } = app.store;

  route(app, calls.userIsValidTable, async ({ body }) => {
    const table = await port.read(async (db) =>
      requireVenueTable(db, (await requireVenue(db, body.ownerId)).id, body.tableId),
    );
    return { success: true, number: table.number };
  });

  route(app, calls.userOrderEnabledGet, async ({ body }) => ({
    success: true,
    orderEnabled: (await port.read((db) => requireVenue(db, body.ownerId))).orderEnabled ? 1 : 0,
  }));

  /** is_closed: the owner's flag, or now (Rome) outside the opening hours. */
  route(app, calls.userClosedStatusGet, async ({ body }) => {
    const venue = await port.read((db) => requireVenue(db, body.ownerId));
    return {
      success: true,
      ...closedStatus(venue, app.clock.nowMs()),
      openingTime: venue.openingTime,
      closingTime: venue.closingTime,
    };
  });

  route(app, calls.verifyBusinessId, async ({ body }) => {
    const venue = await port.read((db) => requireVenue(db, body.businessId));
    return { success: true, businessId: venue.id, name: venue.name };
  });

  route(app, calls.userMenuGet, ({ body }) =>
    port.read(async (db) => orderableMenu(db, (await requireVenue(db, body.businessId)).id)),
  );

  /** The owner ordering on a table's behalf: their own venue's menu (a body businessId must match). */
  route(app, calls.ownerMenuOrderGet, ({ body, venueId }) => {
    checkVenueEcho(venueId, body.businessId);
    return port.read((db) => orderableMenu(db, venueId));
  });

  /**
   * The lines of the table's open order, except those the owner deleted, and its discount; []
   * and 0 when none is open.
   */
  route(app, calls.userHistoryGet, ({ body }) =>
    port.read(async (db) => {
      // An unknown venue or table, or another venue's table: history_error.
      const table = await requireVenueTable(db, body.ownerId, body.tableId, 'history_error');
      const order = await openOrderOfTable(db, table.id);
      return {
        success: true,
        history: order ? (await linesOfOrder(db, order.id, false)).map((line) => lineWire(line, order)) : [],
        sconto: order?.sconto ?? 0,
      };
    }),
  );
}
