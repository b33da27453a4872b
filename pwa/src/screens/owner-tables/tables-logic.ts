import type { FloorTable } from '../../data/floor.ts';

/** How the list is ordered: occupied tables first (a calling one on top), or room by room. */
export type TablesOrder = 'busy' | 'room';

const ORDER_KEY = 'comanda-tables-order';

export function readTablesOrder(store: Pick<Storage, 'getItem'> | null): TablesOrder {
  try {
    return store?.getItem(ORDER_KEY) === 'room' ? 'room' : 'busy';
  } catch {
    return 'busy';
  }
}

export function storeTablesOrder(store: Pick<Storage, 'setItem'> | null, order: TablesOrder): void {
  try {
    store?.setItem(ORDER_KEY, order);
  } catch {
    // Not remembered: the list opens occupied-first next time.
  }
}

/**
 * The tables a search keeps. Digits find tables by number as typed (a waiter types '1' and
 * sees 1, 10, 11...; '12' finds 12); anything else finds the tables of rooms whose name holds
 * it. An empty search keeps every table.
 */
export function searchTables(tables: readonly FloorTable[], query: string): FloorTable[] {
  const q = query.trim().toLocaleLowerCase('it');
  if (q === '') return [...tables];
  if (/^\d+$/.test(q)) return tables.filter((table) => String(table.number).startsWith(q));
  return tables.filter((table) => table.roomName.toLocaleLowerCase('it').includes(q));
}

function byNumber(a: FloorTable, b: FloorTable): number {
  return a.number - b.number || a.roomIndex - b.roomIndex || a.id.localeCompare(b.id);
}

/** 0 for a table calling the waiter, 1 occupied, 2 free. */
function urgency(table: FloorTable): number {
  if (table.called) return 0;
  return table.busy ? 1 : 2;
}

export interface TablesGroup {
  /** The room's id, or null for the one group of the occupied-first order. */
  roomId: string | null;
  roomName: string | null;
  tables: FloorTable[];
}

/**
 * The list as drawn. Occupied first: one group, calling tables on top, then occupied, then
 * free, each by number. By room: one group per room in the rooms' order, tables by number.
 */
export function arrangeTables(tables: readonly FloorTable[], order: TablesOrder): TablesGroup[] {
  if (order === 'busy') {
    return [
      {
        roomId: null,
        roomName: null,
        tables: [...tables].sort((a, b) => urgency(a) - urgency(b) || byNumber(a, b)),
      },
    ];
  }
  const groups = new Map<string, TablesGroup>();
  const sorted = [...tables].sort((a, b) => a.roomIndex - b.roomIndex || byNumber(a, b));
  for (const table of sorted) {
    let group = groups.get(table.roomId);
    if (!group) {
      group = { roomId: table.roomId, roomName: table.roomName, tables: [] };
      groups.set(table.roomId, group);
    }
    group.tables.push(table);
  }
  return [...groups.values()];
}
