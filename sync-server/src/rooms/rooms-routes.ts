import { AppError, calls, checkRoomName, t } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { rooms } from '../db/schema.ts';
import { route } from '../http/route.ts';
import {
  listRooms,
  listTables,
  newId,
  nextRoomPosition,
  requireRoom,
  roomWire,
  tablesInRoom,
  tableView,
} from '../store/rooms.ts';
import { mutationRoute } from '../sync/mutation-route.ts';

/**
 * The name is checked by the handler rather than the body schema, so that an empty or too long
 * name is refused as INVALID_NAME with the spec's text alone ('Nome vuoto o troppo lungo'),
 * which the room screen shows as is. A name that is not a string is still a VALIDATION 400.
 */
const LooseName = z.string();
const roomsAdd = { ...calls.roomsAdd, body: calls.roomsAdd.body.extend({ name: LooseName }) };
const roomsEdit = { ...calls.roomsEdit, body: calls.roomsEdit.body.extend({ name: LooseName }) };

function validName(name: string): string {
  const checked = checkRoomName(name);
  if (!checked.ok) throw new AppError('INVALID_NAME', t.invalidRoomName);
  return checked.value;
}

/** Spec 7 "Rooms and tables": the room calls. */
export async function roomsRoutes(app: FastifyInstance): Promise<void> {
  route(app, calls.roomsGet, ({ businessId }) => ({
    success: true,
    roomsList: listRooms(app.store.db, businessId).map(roomWire),
  }));

  route(app, calls.roomTablesGet, ({ body, businessId }) => {
    const { db } = app.store;
    const room = requireRoom(db, businessId, body.id);
    return {
      success: true,
      tablesList: listTables(db, businessId, room.id).map((row) => tableView(db, row)),
    };
  });

  mutationRoute(app, roomsAdd, ({ body, db, businessId, now, change, publish }) => {
    const name = validName(body.name);
    const id = newId(db, 'room', body.id);
    const row = db
      .insert(rooms)
      .values({ id, businessId, name, position: nextRoomPosition(db, businessId), createdAt: now })
      .returning()
      .get();
    change('room', id, 'put', roomWire(row));
    publish('updateRoom', { roomId: id });
    return { success: true, id };
  });

  mutationRoute(app, roomsEdit, ({ body, db, businessId, change, publish }) => {
    const name = validName(body.name);
    const room = requireRoom(db, businessId, body.id);
    const row = db.update(rooms).set({ name }).where(eq(rooms.id, room.id)).returning().get();
    if (!row) throw new Error('room vanished inside its transaction');
    change('room', row.id, 'put', roomWire(row));
    publish('updateRoom', { roomId: row.id });
    return { success: true };
  });

  mutationRoute(app, calls.roomsDelete, ({ body, db, businessId, change, publish }) => {
    const room = requireRoom(db, businessId, body.id);
    if (tablesInRoom(db, room.id) > 0) throw new AppError('ROOM_NOT_EMPTY', t.roomNotEmpty);
    db.delete(rooms).where(eq(rooms.id, room.id)).run();
    change('room', room.id, 'delete');
    publish('updateRoom', { roomId: room.id });
    return { success: true };
  });
}
