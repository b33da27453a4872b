import { AppError, calls, t } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { reputOpenOrder } from '../store/orders.ts';
import {
  deleteTable,
  insertTable,
  newId,
  nextTableNumber,
  placeCoord,
  requireRoom,
  requireTable,
  type TableRecord,
  tableHasOrders,
  tableWire,
  updateTable,
} from '../store/rooms.ts';
import { checkVenueEcho } from '../store/venue.ts';
import { type MutationContext, mutationRoute } from '../sync/mutation-route.ts';

/** Writes a table's new state: its change row, returned for the answer and the events. */
async function saveTable(
  ctx: Pick<MutationContext<typeof calls.tablesSetCoords>, 'db' | 'change'>,
  id: string,
  set: Partial<Pick<TableRecord, 'x' | 'y' | 'status'>>,
): Promise<TableRecord> {
  const row = await updateTable(ctx.db, id, set);
  ctx.change('table', row.id, 'put', tableWire(row));
  await reputOpenOrder(ctx.db, row, ctx.change);
  return row;
}

/** Spec 7 "Rooms and tables": the table calls. Every one is a mutation of the sync core. */
export async function tablesRoutes(app: FastifyInstance): Promise<void> {
  mutationRoute(app, calls.tablesAdd, async ({ body, db, venueId, now, change, publish }) => {
    const room = await requireRoom(db, venueId, body.roomId);
    const id = await newId(db, 'table', body.id);
    const number = await nextTableNumber(db, venueId);
    const row = await insertTable(db, {
      id,
      venueId,
      roomId: room.id,
      number,
      // Absent coordinates (if a client ever omits them) land at the spec's x 10, y 70.
      x: placeCoord(body.x as number | undefined, 'x'),
      y: placeCoord(body.y as number | undefined, 'y'),
      createdAt: now,
    });
    change('table', id, 'put', tableWire(row));
    publish('updateRoom', { roomId: room.id });
    return { success: true, id, businessId: venueId, number: row.number };
  });

  mutationRoute(app, calls.tablesSetCoords, async (ctx) => {
    const { body, db, venueId, publish } = ctx;
    checkVenueEcho(venueId, body.businessId);
    // The room screen sends tableId, the order view id (spec 7); the schema ensures one is there.
    const table = await requireTable(db, venueId, body.tableId ?? body.id ?? '');
    const row = await saveTable(ctx, table.id, { x: placeCoord(body.x, 'x'), y: placeCoord(body.y, 'y') });
    publish('updateRoom', { roomId: row.roomId });
    return { success: true };
  });

  mutationRoute(app, calls.tablesSetStatus, async (ctx) => {
    const { body, db, venueId, publish } = ctx;
    checkVenueEcho(venueId, body.businessId);
    const table = await requireTable(db, venueId, body.id);
    const row = await saveTable(ctx, table.id, { status: body.status });
    publish('switchTableStatus', { id: row.id, status: row.status });
    return { success: true };
  });

  mutationRoute(app, calls.tablesDelete, async ({ body, db, venueId, change, publish }) => {
    checkVenueEcho(venueId, body.businessId);
    const table = await requireTable(db, venueId, body.id);
    // Spec 2.5: a table with orders cannot be deleted. Checked inside the venue's lock
    // (writeVenue), so an order sent at the same moment is either here already (refused) or
    // comes after the table is gone (and is refused itself).
    if (await tableHasOrders(db, table)) throw new AppError('CONFLICT', t.tableHasOrders);
    await deleteTable(db, table.id);
    change('table', table.id, 'delete');
    publish('updateRoom', { roomId: table.roomId });
    return { success: true };
  });
}
