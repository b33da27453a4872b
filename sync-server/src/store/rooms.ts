import {
  AppError,
  lowestFreeTableNumber,
  NEW_TABLE_POSITION,
  ROOM_CANVAS_SIZE,
  type Room,
  type RoomTable,
  type RoomTableView,
  TABLE_SQUARE_PX,
  t,
} from '@comanda/shared-schema';
import { and, asc, count, eq, isNull, max } from 'drizzle-orm';
import { type Db, first } from '../db/client.ts';
import { diningTables, orderLines, orders, rooms } from '../db/schema.ts';
import { randomId } from '../lib/ids.ts';

/*
 * Rooms and their tables (spec 2.4, 7 "Rooms and tables"): how they are read, written, numbered
 * and placed on the canvas, and how they travel ('room' and 'table' wire shapes).
 */

type RoomRecord = typeof rooms.$inferSelect;
export type TableRecord = typeof diningTables.$inferSelect;

/** A room as it travels (roomsList, snapshot and 'room' changes): shared-schema's `Room`. */
export function roomWire(row: RoomRecord): Room {
  return { id: row.id, name: row.name, position: row.position };
}

/** A table as it travels (snapshot and 'table' changes): shared-schema's `RoomTable`. */
export function tableWire(row: TableRecord): RoomTable {
  return {
    id: row.id,
    businessId: row.venueId,
    roomId: row.roomId,
    number: row.number,
    x: row.x,
    y: row.y,
    status: row.status,
    called: row.called,
  };
}

/**
 * Whether a table has open orders (red square, no 'Elimina', delete refused): the spec's
 * `status` flag ("set when a table has orders", also the owner's switch), or an open order with
 * lines (completing the order closes it).
 */
export async function tableHasOrders(db: Db, table: TableRecord): Promise<boolean> {
  if (table.status) return true;
  const open = await first(
    db
      .select({ id: orderLines.id })
      .from(orders)
      .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
      .where(and(eq(orders.tableId, table.id), isNull(orders.closedAt)))
      .limit(1),
  );
  return open !== undefined;
}

export async function tableView(db: Db, row: TableRecord): Promise<RoomTableView> {
  return { ...tableWire(row), hasOrders: await tableHasOrders(db, row) };
}

/** Rooms of a venue in tab order: position, then creation. */
export async function listRooms(db: Db, venueId: string): Promise<RoomRecord[]> {
  return await db
    .select()
    .from(rooms)
    .where(eq(rooms.venueId, venueId))
    .orderBy(asc(rooms.position), asc(rooms.createdAt), asc(rooms.id));
}

/** Tables of a venue (or of one of its rooms), by number. */
export async function listTables(db: Db, venueId: string, roomId?: string): Promise<TableRecord[]> {
  const where = roomId
    ? and(eq(diningTables.venueId, venueId), eq(diningTables.roomId, roomId))
    : eq(diningTables.venueId, venueId);
  return await db.select().from(diningTables).where(where).orderBy(asc(diningTables.number));
}

/** The venue's room, or 404: another venue's room id is "not found in yours", never 403. */
export async function requireRoom(db: Db, venueId: string, id: string): Promise<RoomRecord> {
  const row = await first(
    db
      .select()
      .from(rooms)
      .where(and(eq(rooms.id, id), eq(rooms.venueId, venueId))),
  );
  if (!row) throw new AppError('NOT_FOUND', t.roomNotFound);
  return row;
}

/** The venue's table, or 404. */
export async function requireTable(db: Db, venueId: string, id: string): Promise<TableRecord> {
  const row = await findVenueTable(db, venueId, id);
  if (!row) throw new AppError('NOT_FOUND', t.tableNotFound);
  return row;
}

export async function tablesInRoom(db: Db, roomId: string): Promise<number> {
  const row = await first(
    db.select({ n: count() }).from(diningTables).where(eq(diningTables.roomId, roomId)),
  );
  return row?.n ?? 0;
}

export async function nextRoomPosition(db: Db, venueId: string): Promise<number> {
  const row = await first(
    db
      .select({ top: max(rooms.position) })
      .from(rooms)
      .where(eq(rooms.venueId, venueId)),
  );
  return row?.top === null || row?.top === undefined ? 0 : row.top + 1;
}

/**
 * The number a new table gets (shared-schema `lowestFreeTableNumber`, the rule the owner's device
 * shows too). Read inside the mutation's write transaction, so two tablets adding at once cannot
 * get the same number.
 */
export async function nextTableNumber(db: Db, venueId: string): Promise<number> {
  const used = await db
    .select({ number: diningTables.number })
    .from(diningTables)
    .where(eq(diningTables.venueId, venueId));
  return lowestFreeTableNumber(used.map((row) => row.number));
}

/** Largest coordinate: a 50 px square placed there still fits the 2000-unit canvas. */
export const COORD_MAX = ROOM_CANVAS_SIZE - TABLE_SQUARE_PX;

/**
 * A coordinate as stored: whole units, kept on the canvas (0..1950). The schema already refuses
 * negative or beyond-canvas values; a drop at 1990 lands at the edge instead of being refused.
 */
export function placeCoord(value: number | undefined, axis: 'x' | 'y'): number {
  if (value === undefined) return NEW_TABLE_POSITION[axis];
  return Math.min(COORD_MAX, Math.max(0, Math.round(value)));
}

/**
 * The id of a new room or table: the client's (an offline-created entity keeps the id its device
 * gave it) unless it names an existing row, else a fresh random one.
 */
export async function newId(db: Db, kind: 'room' | 'table', clientId: string | undefined): Promise<string> {
  if (clientId === undefined) return randomId();
  const taken =
    kind === 'room'
      ? await first(db.select({ id: rooms.id }).from(rooms).where(eq(rooms.id, clientId)))
      : await first(
          db.select({ id: diningTables.id }).from(diningTables).where(eq(diningTables.id, clientId)),
        );
  if (taken) throw new AppError('CONFLICT', t.idTaken);
  return clientId;
}

/** A new room, as stored. */
export async function insertRoom(
  db: Db,
  room: { id: string; venueId: string; name: string; position: number; createdAt: number },
): Promise<RoomRecord> {
  const row = await first(db.insert(rooms).values(room).returning());
  if (!row) throw new Error('room insert returned no row');
  return row;
}

/** Renames a room: the room as it now is. */
export async function renameRoom(db: Db, id: string, name: string): Promise<RoomRecord> {
  const row = await first(db.update(rooms).set({ name }).where(eq(rooms.id, id)).returning());
  if (!row) throw new Error('room vanished inside its transaction');
  return row;
}

export async function deleteRoom(db: Db, id: string): Promise<void> {
  await db.delete(rooms).where(eq(rooms.id, id));
}

/** A new table, as stored. */
export async function insertTable(
  db: Db,
  table: {
    id: string;
    venueId: string;
    roomId: string;
    number: number;
    x: number;
    y: number;
    createdAt: number;
  },
): Promise<TableRecord> {
  const row = await first(db.insert(diningTables).values(table).returning());
  if (!row) throw new Error('table insert returned no row');
  return row;
}

/** Writes a table's coordinates or status flag: the table as it now is. */
export async function updateTable(
  db: Db,
  id: string,
  set: Partial<Pick<TableRecord, 'x' | 'y' | 'status'>>,
): Promise<TableRecord> {
  const row = await first(db.update(diningTables).set(set).where(eq(diningTables.id, id)).returning());
  if (!row) throw new Error('table vanished inside its transaction');
  return row;
}

export async function deleteTable(db: Db, id: string): Promise<void> {
  await db.delete(diningTables).where(eq(diningTables.id, id));
}

/** The venue's table with this id, undefined when none (another venue's: undefined). */
export async function findVenueTable(db: Db, venueId: string, id: string): Promise<TableRecord | undefined> {
  return await first(
    db
      .select()
      .from(diningTables)
      .where(and(eq(diningTables.id, id), eq(diningTables.venueId, venueId))),
  );
}
