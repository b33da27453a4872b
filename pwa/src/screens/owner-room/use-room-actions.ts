import { checkRoomName, NEW_TABLE_POSITION, type RoomTable, t } from '@comanda/shared-schema';
import { useCallback, useMemo, useRef } from 'react';
import { errorText } from '../../data/api.ts';
import { useSyncClient } from '../../data/hooks.ts';
import { uuid } from '../../data/uuid.ts';
import type { Point } from './drag.ts';
import { roomHasTables, withReason } from './room-logic.ts';

/** Each action answers the error text to show, or null once the change is queued. */
export interface RoomActions {
  addRoom: (name: string) => Promise<string | null>;
  renameRoom: (id: string, name: string) => Promise<string | null>;
  deleteRoom: (id: string) => Promise<string | null>;
  addTable: (roomId: string) => Promise<string | null>;
  moveTable: (id: string, at: Point) => Promise<string | null>;
  deleteTable: (id: string) => Promise<string | null>;
  toggleOrders: () => Promise<string | null>;
}

/**
 * The room screen's changes, each checked here first (spec 5: an invalid name is not sent; a room
 * with tables is not deleted) and then queued in the outbox: applied on screen at once, sent
 * when the network allows. Stable across renders, so table squares do not re-render for them.
 */
export function useRoomActions(tables: readonly RoomTable[]): RoomActions {
  const sync = useSyncClient();
  const latestTables = useRef(tables);
  latestTables.current = tables;

  const queue = useCallback(async (run: () => Promise<number>, failure: string): Promise<string | null> => {
    try {
      await run();
      return null;
    } catch (err) {
      return withReason(failure, errorText(err));
    }
  }, []);

  const addRoom = useCallback(
    async (name: string) => {
      const check = checkRoomName(name);
      if (!check.ok) return check.error;
      return queue(() => sync.mutate('roomsAdd', { id: uuid(), name: check.value }), t.genericError);
    },
    [sync, queue],
  );

  const renameRoom = useCallback(
    async (id: string, name: string) => {
      const check = checkRoomName(name);
      if (!check.ok) return check.error;
      return queue(() => sync.mutate('roomsEdit', { id, name: check.value }), t.invalidRoomName);
    },
    [sync, queue],
  );

  const deleteRoom = useCallback(
    async (id: string) => {
      if (roomHasTables(latestTables.current, id)) return t.roomNotEmpty;
      return queue(() => sync.mutate('roomsDelete', { id }), t.genericError);
    },
    [sync, queue],
  );

  const addTable = useCallback(
    (roomId: string) =>
      queue(
        () =>
          sync.mutate('tablesAdd', { id: uuid(), roomId, x: NEW_TABLE_POSITION.x, y: NEW_TABLE_POSITION.y }),
        t.genericError,
      ),
    [sync, queue],
  );

  const moveTable = useCallback(
    (id: string, at: Point) =>
      queue(() => sync.mutate('tablesSetCoords', { tableId: id, x: at.x, y: at.y }), t.genericError),
    [sync, queue],
  );

  const deleteTable = useCallback(
    (id: string) => queue(() => sync.mutate('tablesDelete', { id }), t.genericError),
    [sync, queue],
  );

  const toggleOrders = useCallback(
    () => queue(() => sync.mutate('ownerOrderToggle', {}), t.genericError),
    [sync, queue],
  );

  return useMemo(
    () => ({ addRoom, renameRoom, deleteRoom, addTable, moveTable, deleteTable, toggleOrders }),
    [addRoom, renameRoom, deleteRoom, addTable, moveTable, deleteTable, toggleOrders],
  );
}
