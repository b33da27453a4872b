import {
  dueInstant,
  isCardCheckout,
  isDeliveryOrder,
  lineKey,
  type OrderRow,
  orderBill,
  type ReservationLine,
  type Room,
  type RoomTable,
  type Tipo,
} from '@comanda/shared-schema';

/**
 * The venue's floor as the owner reads it (the tables list `/owner/tables` and the room screen's
 * panels, spec 2.4): every table with its room, whether it is occupied, what its open order is
 * worth and since when it is open, and the evening's deliveries and pickups by time. Pure: the
 * screens read the rows from the device database (`use-floor.ts`) and call these.
 */

const collator = new Intl.Collator('it', { numeric: true, sensitivity: 'base' });
const positionOf = (room: Room) => room.position ?? Number.MAX_SAFE_INTEGER;

/**
 * Rooms in the order every tablet agrees on: by the server's position, then name, then id (the
 * local store keeps rows by id, which alone would put rooms in random order).
 */
export function sortRooms(rooms: readonly Room[]): Room[] {
  return [...rooms].sort(
    (a, b) => positionOf(a) - positionOf(b) || collator.compare(a.name, b.name) || a.id.localeCompare(b.id),
  );
}

function parseInstant(value: string | null | undefined): number | null {
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : null;
}

/** The open lines of each entry (a table's id, a delivery's id). */
function linesByEntry(lines: readonly ReservationLine[]): Map<string, ReservationLine[]> {
  const byKey = new Map<string, ReservationLine[]>();
  for (const line of lines) {
    const key = lineKey(line);
    if (key === null) continue;
    const list = byKey.get(key);
    if (list) list.push(line);
    else byKey.set(key, [line]);
  }
  return byKey;
}

/**
 * When the oldest line of an order arrived: the earliest line's `createdAt`, else the order's
 * own start (which is its first send). Null when neither is known.
 */
export function oldestLineAt(
  order: Pick<OrderRow, 'createdAt'> | undefined,
  lines: readonly ReservationLine[],
) {
  let oldest: number | null = null;
  for (const line of lines) {
    if (line.status === 'owner_deleted') continue;
    const at = parseInstant(line.createdAt);
    if (at !== null && (oldest === null || at < oldest)) oldest = at;
  }
  return oldest ?? parseInstant(order?.createdAt);
}

export interface FloorTable {
  id: string;
  number: number;
  roomId: string;
  roomName: string;
  /** Position of its room among the rooms, for grouping in the rooms' order. */
  roomIndex: number;
  /** Occupied (spec 2.5 red): the owner's status flag, or an open order the device holds. */
  busy: boolean;
  /** An open order exists: 'Visualizza' has something to show. */
  hasOrder: boolean;
  /** A customer called the waiter and nobody has answered yet (spec 4 "Table call"). */
  called: boolean;
  /** Cents: the open order's total as every screen shows it (NUOVO TOTALE); 0 when free. */
  total: number;
  /** Dishes on the open order (amounts of the lines not deleted). */
  dishes: number;
  /** Epoch ms the oldest line of the open order arrived; null without an order. */
  openedAt: number | null;
}

/**
 * Every table of every room, rooms in their order and tables by number. `statusOf` gives the
 * status to draw (the room screen's server-confirmed toggle); by default the row's.
 */
export function buildFloor(
  rooms: readonly Room[],
  tables: readonly RoomTable[],
  orders: readonly OrderRow[],
  lines: readonly ReservationLine[],
  statusOf: (table: RoomTable) => boolean = (table) => table.status,
): FloorTable[] {
  const ordered = sortRooms(rooms);
  const roomIndex = new Map(ordered.map((room, i) => [room.id, i]));
  const roomName = new Map(ordered.map((room) => [room.id, room.name]));
  const orderOf = new Map<string, OrderRow>();
  for (const order of orders) {
    if (!isDeliveryOrder(order) && order.tableId) orderOf.set(order.tableId, order);
  }
  const byEntry = linesByEntry(lines);
  const floor: FloorTable[] = [];
  for (const table of tables) {
    // A table whose room is gone (deleted on another tablet, not caught up yet) is not drawn.
    const index = roomIndex.get(table.roomId);
    if (index === undefined) continue;
    const order = orderOf.get(table.id);
    const own = order ? (byEntry.get(table.id) ?? []) : [];
    floor.push({
      id: table.id,
      number: table.number,
      roomId: table.roomId,
      roomName: roomName.get(table.roomId) ?? '',
      roomIndex: index,
      busy: statusOf(table) || order !== undefined,
      hasOrder: order !== undefined,
      called: table.called === true,
      total: order ? orderBill(order, own).newTotal : 0,
      dishes: own.reduce((n, line) => (line.status === 'owner_deleted' ? n : n + line.amount), 0),
      openedAt: order ? oldestLineAt(order, own) : null,
    });
  }
  return floor.sort((a, b) => a.roomIndex - b.roomIndex || a.number - b.number || a.id.localeCompare(b.id));
}

/** One room at a glance (the room screen's version 1/3 panel). */
export interface RoomGlance {
  tables: number;
  busy: number;
  /** Cents: the open orders of the room, as their tables show them. */
  openTotal: number;
  /** The occupied table open the longest, if any. */
  longest: FloorTable | null;
  calls: number;
}

export function roomGlance(floor: readonly FloorTable[], roomId: string): RoomGlance {
  const glance: RoomGlance = { tables: 0, busy: 0, openTotal: 0, longest: null, calls: 0 };
  for (const table of floor) {
    if (table.roomId !== roomId) continue;
    glance.tables++;
    if (table.called) glance.calls++;
    if (!table.busy) continue;
    glance.busy++;
    glance.openTotal += table.total;
    if (table.openedAt !== null && (glance.longest?.openedAt ?? Number.POSITIVE_INFINITY) > table.openedAt) {
      glance.longest = table;
    }
  }
  return glance;
}

/** One delivery or pickup of the evening (the room screen's version 2/3 panel). */
export interface EveningOrder {
  id: string;
  tipo: Tipo;
  /** 'HH:MM', or null for a 'Prima possibile' with no slot known. */
  orario: string | null;
  /** When it is due (epoch ms), for ordering; null when unknown (sorts first: do it now). */
  dueAt: number | null;
  name: string;
  comune: string | null;
  /** Cents: what the customer pays (NUOVO TOTALE). */
  total: number;
  /** Still waiting for the owner's decision (accettato 0). */
  toAccept: boolean;
}

/**
 * The open deliveries and pickups, by the time they are due: past midnight after the evening
 * (spec 9), since the due instant is read on Rome's clock from when each was placed.
 */
export function eveningOrders(
  orders: readonly OrderRow[],
  lines: readonly ReservationLine[],
): EveningOrder[] {
  const byEntry = linesByEntry(lines);
  const out: EveningOrder[] = [];
  for (const order of orders) {
    // A card checkout not paid yet is no order of the evening (spec 4): it may never be one.
    if (!isDeliveryOrder(order) || isCardCheckout(order)) continue;
    const placedAt = parseInstant(order.createdAt);
    out.push({
      id: order.id,
      tipo: order.tipo ?? 'Consegna',
      orario: order.orario ?? null,
      dueAt: order.orario && placedAt !== null ? dueInstant(order.orario, placedAt) : placedAt,
      name: [order.nome, order.cognome].filter(Boolean).join(' '),
      comune: order.tipo === 'Consegna' ? (order.comune ?? null) : null,
      total: orderBill(order, byEntry.get(order.id) ?? []).newTotal,
      toAccept: order.accettato === 0,
    });
  }
  return out.sort((a, b) => (a.dueAt ?? 0) - (b.dueAt ?? 0) || a.id.localeCompare(b.id));
}
