import type { FastifyInstance } from 'fastify';
import { listRooms, listTables, roomWire, tableWire } from '../store/rooms.ts';
import { roomsRoutes } from './rooms-routes.ts';
import { tablesRoutes } from './tables-routes.ts';
import { venueFlagsRoutes } from './venue-flags-routes.ts';

/**
 * Rooms and tables (spec 2.4, 2.5, 7): the calls, and the 'room' and 'table' rows the owner's
 * device keeps offline (snapshot; changes are written by each mutation).
 */
export async function roomsPlugin(app: FastifyInstance): Promise<void> {
  app.sync.registerSnapshot('room', async (db, venueId) =>
    (await listRooms(db, venueId)).map((row) => ({ id: row.id, data: roomWire(row) })),
  );
  app.sync.registerSnapshot('table', async (db, venueId) =>
    (await listTables(db, venueId)).map((row) => ({ id: row.id, data: tableWire(row) })),
  );
  await app.register(roomsRoutes);
  await app.register(tablesRoutes);
  await app.register(venueFlagsRoutes);
}
