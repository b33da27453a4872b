import { type RoomTable, t } from '@comanda/shared-schema';
import { describe, expect, it } from 'vitest';
import { sortRooms } from '../../data/floor.ts';
import { byNumber, pickCurrentRoom, refusalText, tablesOfRoom } from './room-logic.ts';

const rooms = sortRooms([
  { id: 'b', name: 'Terrazza', position: 2 },
  { id: 'a', name: 'Sala', position: 1 },
  { id: 'c', name: 'Nuova' },
]);

describe('current room', () => {
  it('orders rooms by position, rooms without one last', () => {
    expect(rooms.map((r) => r.id)).toEqual(['a', 'b', 'c']);
  });

  it('selects the first room after rooms load', () => {
    expect(pickCurrentRoom([], null)).toBeNull();
    expect(pickCurrentRoom(rooms, null)).toBe('a');
  });

  it('keeps the chosen room while it exists', () => {
    expect(pickCurrentRoom(rooms, 'b')).toBe('b');
  });

  it('falls back to the first remaining room when the current one is deleted', () => {
    const afterDelete = rooms.filter((r) => r.id !== 'b');
    expect(pickCurrentRoom(afterDelete, 'b')).toBe('a');
    expect(
      pickCurrentRoom(
        rooms.filter((r) => r.id !== 'a'),
        'a',
      ),
    ).toBe('b');
    expect(pickCurrentRoom([], 'a')).toBeNull();
  });
});

describe('tables of a room', () => {
  const base = { businessId: 'biz', x: 0, y: 0 };
  const tables: RoomTable[] = [
    { ...base, id: 't3', roomId: 'a', number: 3, status: false },
    { ...base, id: 't1', roomId: 'a', number: 1, status: true },
    { ...base, id: 't2', roomId: 'b', number: 2, status: false },
  ];

  it('keeps the room, marks orders from the status flag or an open order', () => {
    const view = tablesOfRoom(tables, 'a', [{ tableId: 't3' }]);
    expect(byNumber(view).map((v) => [v.id, v.hasOrders])).toEqual([
      ['t1', true],
      ['t3', true],
    ]);
    expect(tablesOfRoom(tables, 'a').find((v) => v.id === 't3')?.hasOrders).toBe(false);
  });

  it('draws the status the server just confirmed', () => {
    const view = tablesOfRoom(tables, 'a', [], (table) => table.id === 't3');
    expect(view.find((v) => v.id === 't3')).toMatchObject({ status: true, hasOrders: true });
    expect(view.find((v) => v.id === 't1')).toMatchObject({ status: false, hasOrders: false });
  });
});

describe('texts and links', () => {
  it('explains refusals as the spec says', () => {
    expect(refusalText({ name: 'roomsDelete', errorCode: 'ROOM_NOT_EMPTY', error: 'x' })).toBe(
      t.roomNotEmpty,
    );
    expect(refusalText({ name: 'roomsEdit', errorCode: 'VALIDATION', error: t.invalidRoomName })).toBe(
      t.invalidRoomName,
    );
    expect(refusalText({ name: 'tablesAdd', errorCode: 'NOT_FOUND', error: 'Sala non trovata' })).toBe(
      `${t.genericError}: Sala non trovata`,
    );
  });
});
