import { type OrderRow, type Room, type RoomTable, t } from '@comanda/shared-schema';
import type { OutboxEntry } from '../../data/db.ts';

/** A table as the room screen draws it: the entity plus whether it has orders (spec 2.5). */
export interface TableView extends RoomTable {
  hasOrders: boolean;
}

/**
 * The room shown: the one the owner picked while it exists; otherwise the first room (first load,
 * or the current room was deleted here or on another tablet). Null without rooms.
 */
export function pickCurrentRoom(rooms: readonly Room[], selected: string | null): string | null {
  if (selected && rooms.some((r) => r.id === selected)) return selected;
  return rooms[0]?.id ?? null;
}

/**
 * Tables of one room with their order state. Red means the table has orders: its status flag
 * (spec 3: set when a table has orders) or an open order the dashboard holds for it.
 */
export function tablesOfRoom(
  tables: readonly RoomTable[],
  roomId: string | null,
  orders: readonly Pick<OrderRow, 'tableId'>[] = [],
  statusOf: (table: RoomTable) => boolean = (table) => table.status,
): TableView[] {
  if (!roomId) return [];
  const withOrders = new Set(orders.map((o) => o.tableId).filter(Boolean));
  return tables
    .filter((table) => table.roomId === roomId)
    .map((table) => {
      const status = statusOf(table);
      return { ...table, status, hasOrders: status || withOrders.has(table.id) };
    });
}

export function byNumber<T extends { number: number; id: string }>(tables: readonly T[]): T[] {
  return [...tables].sort((a, b) => a.number - b.number || a.id.localeCompare(b.id));
}

/** Whether a room may be deleted here: the server refuses one with tables (ROOM_NOT_EMPTY). */
export function roomHasTables(tables: readonly Pick<RoomTable, 'roomId'>[], roomId: string): boolean {
  return tables.some((table) => table.roomId === roomId);
}

/** `text: reason`, or just the text when the server's reason says the same. */
export function withReason(text: string, reason: string | null | undefined): string {
  return reason && reason !== text ? `${text}: ${reason}` : text;
}

/**
 * What the room screen says about a change the server refused (spec 8): ROOM_NOT_EMPTY on a
 * room delete, 'Nome vuoto o troppo lungo' for a failed rename, 'Si è verificato un errore' for
 * the others, each with the server's reason.
 */
export function refusalText(entry: Pick<OutboxEntry, 'name' | 'errorCode' | 'error'>): string {
  if (entry.name === 'roomsDelete' && entry.errorCode === 'ROOM_NOT_EMPTY') return t.roomNotEmpty;
  if (entry.name === 'roomsEdit') return withReason(t.invalidRoomName, entry.error);
  return withReason(t.genericError, entry.error);
}
