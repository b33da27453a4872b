import { AppError, calls, checkRoomName, type RoomTableView, t } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { route } from '../http/route.ts';
import {
  deleteRoom,
  insertRoom,
  listRooms,
  listTables,
  newId,
  nextRoomPosition,
  renameRoom,
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
  route(app, calls.roomsGet, async ({ venueId }) => ({
    success: true,
    roomsList: (await app.store.port.read((db) => listRooms(db, venueId))).map(roomWire),
  }));

  route(app, calls.roomTablesGet, ({ body, venueId }) =>
    app.store.port.read(async (db) => {
      const room = await requireRoom(db, venueId, body.id);
      const tablesList: RoomTableView[] = [];
      // One after another: a read's statements share its connection.
      for (const row of await listTables(db, venueId, room.id)) tablesList.push(await tableView(db, row));
      return { success: true, tablesList };
    }),
  );

  mutationRoute(app, roomsAdd, async ({ body, db, venueId, now, change, publish }) => {
    const name = validName(body.name);
    const id = await newId(db, 'room', body.id);
    const position = await nextRoomPosition(db, venueId);
    const row = await insertRoom(db, { id, venueId, name, position, createdAt: now });
    change('room', id, 'put', roomWire(row));
    publish('updateRoom', { roomId: id });
    return { success: true, id };
  });

  mutationRoute(app, roomsEdit, async ({ body, db, venueId, change, publish }) => {
    const name = validName(body.name);
    const room = await requireRoom(db, venueId, body.id);
    const row = await renameRoom(db, room.id, name);
    change('room', row.id, 'put', roomWire(row));
    publish('updateRoom', { roomId: row.id });
    return { success: true };
  });

  mutationRoute(app, calls.roomsDelete, async ({ body, db, venueId, change, publish }) => {
    const room = await requireRoom(db, venueId, body.id);
    if ((await tablesInRoom(db, room.id)) > 0) throw new AppError('ROOM_NOT_EMPTY', t.roomNotEmpty);
    await deleteRoom(db, room.id);
    change('room', room.id, 'delete');
    publish('updateRoom', { roomId: room.id });
    return { success: true };
  });
}
