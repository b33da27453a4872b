import {
  type BusinessRow,
  lowestFreeTableNumber,
  NEW_TABLE_POSITION,
  type Room,
  type RoomTable,
} from '@comanda/shared-schema';
import type { MutatorsFor } from '../../data/view.ts';

/** Thrown by a mutator whose effect the server will refuse: the view leaves it out whole. */
export class LocalRefusal extends Error {
  override readonly name = 'LocalRefusal';
}

/**
 * The number a table added on this device shows until the server's answer arrives: the server's
 * own rule (the lowest free number), so it keeps its number when it syncs unless another device
 * took that number meanwhile.
 */
export function provisionalNumber(tables: readonly Pick<RoomTable, 'number'>[]): number {
  return lowestFreeTableNumber(tables.map((table) => table.number));
}

/**
 * The local effect of the room screen's mutations (spec 7 "Rooms and tables" and the owner
 * order toggle), replayed on top of the server rows until the server's state replaces them.
 * Each one mirrors what the server does and reads only the entities it writes, so it sees every
 * queued change before it; one whose target is gone throws, and the view leaves it out.
 */
export const roomMutators = {
  roomsAdd: {
    entities: ['room'],
    apply: (view, body) => {
      // Always sent with a client id (the screen makes one); without it there is nothing to show.
      if (!body.id) return;
      // Last tab until the server's own position arrives.
      const position = view.list<Room>('room').reduce((max, r) => Math.max(max, r.position ?? 0), 0) + 1;
      view.put('room', body.id, { id: body.id, name: body.name.trim(), position } satisfies Room);
    },
  },
  roomsEdit: {
    entities: ['room'],
    apply: (view, body) => {
      const room = view.get<Room>('room', body.id);
      if (!room) throw new LocalRefusal('room gone');
      view.put('room', body.id, { ...room, name: body.name.trim() } satisfies Room);
    },
  },
  roomsDelete: {
    // The screen refuses a room with tables before queueing (and the server with ROOM_NOT_EMPTY).
    // Not re-checked here: while rooms are composed, the view replays only entries that declare
    // 'room', so a table read here could miss queued table changes.
    entities: ['room'],
    apply: (view, body) => {
      view.delete('room', body.id);
    },
  },
  tablesAdd: {
    // Reads only its own entity (and the venue id, which never changes): a room added offline just
    // before is not in this view (see roomsDelete), and the server judges the room anyway.
    entities: ['table', 'business'],
    apply: (view, body) => {
      if (!body.id) return;
      const tables = view.list<RoomTable>('table');
      const businessId = view.list<BusinessRow>('business')[0]?.id ?? tables[0]?.businessId ?? '';
      view.put('table', body.id, {
        id: body.id,
        businessId,
        roomId: body.roomId,
        number: provisionalNumber(tables),
        // Omitted coordinates: the server puts the table where spec 9 says new tables go.
        x: body.x ?? NEW_TABLE_POSITION.x,
        y: body.y ?? NEW_TABLE_POSITION.y,
        status: false,
      } satisfies RoomTable);
    },
  },
  tablesSetCoords: {
    entities: ['table'],
    apply: (view, body) => {
      const id = body.tableId ?? body.id;
      const table = id ? view.get<RoomTable>('table', id) : undefined;
      if (!id || !table) throw new LocalRefusal('table gone');
      view.put('table', id, { ...table, x: body.x, y: body.y } satisfies RoomTable);
    },
  },
  tablesDelete: {
    entities: ['table'],
    apply: (view, body) => {
      view.delete('table', body.id);
    },
  },
  ownerOrderToggle: {
    entities: ['business'],
    apply: (view) => {
      // No payload (spec 7): the toggle flips whatever the venue's flag is by then.
      for (const b of view.list<BusinessRow>('business')) {
        view.put('business', b.id, {
          ...b,
          orderEnabled: b.orderEnabled === 1 ? 0 : 1,
        } satisfies BusinessRow);
      }
    },
  },
} satisfies MutatorsFor;

/** The calls whose refusals the room screen explains. */
export const ROOM_MUTATION_NAMES: ReadonlySet<string> = new Set([...Object.keys(roomMutators)]);
