import type { OrderRow, ReservationLine, Room, RoomTable } from '@comanda/shared-schema';
import { useMemo } from 'react';
import { buildFloor, type FloorTable } from './floor.ts';
import { useEntities } from './hooks.ts';

export interface FloorData {
  rooms: Room[];
  tables: RoomTable[];
  orders: OrderRow[];
  lines: ReservationLine[];
  floor: FloorTable[];
}

/**
 * Every table of every room with its open order, from the device database (server rows with
 * the outbox on top), so it opens offline and follows live changes as catch-up writes them.
 * Undefined while loading. `statusOf`, when given, must be stable (it is a memo input).
 */
export function useFloor(statusOf?: (table: RoomTable) => boolean): FloorData | undefined {
  const rooms = useEntities('room');
  const tables = useEntities('table');
  const orders = useEntities('order');
  const lines = useEntities('line');
  return useMemo(() => {
    if (!rooms || !tables || !orders || !lines) return undefined;
    return { rooms, tables, orders, lines, floor: buildFloor(rooms, tables, orders, lines, statusOf) };
  }, [rooms, tables, orders, lines, statusOf]);
}
