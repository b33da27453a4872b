import { describe, expect, it } from 'vitest';
import type { FloorTable } from '../../data/floor.ts';
import { arrangeTables, readTablesOrder, searchTables, storeTablesOrder } from './tables-logic.ts';

const table = (number: number, roomIndex: number, extra: Partial<FloorTable> = {}): FloorTable => ({
  id: `t${number}`,
  number,
  roomId: `r${roomIndex}`,
  roomName: roomIndex === 0 ? 'Sala interna' : 'Dehors',
  roomIndex,
  busy: false,
  hasOrder: false,
  called: false,
  total: 0,
  dishes: 0,
  openedAt: null,
  ...extra,
});

const floor = [
  table(1, 0),
  table(12, 0, { busy: true }),
  table(2, 0, { busy: true, called: true }),
  table(21, 1),
  table(3, 1, { busy: true }),
];
const numbers = (list: readonly FloorTable[]) => list.map((t) => t.number);

describe('the tables list', () => {
  it('finds tables by the number as typed, or by room name', () => {
    expect(numbers(searchTables(floor, ''))).toEqual([1, 12, 2, 21, 3]);
    expect(numbers(searchTables(floor, ' 1 '))).toEqual([1, 12]);
    expect(numbers(searchTables(floor, '2'))).toEqual([2, 21]);
    expect(numbers(searchTables(floor, '99'))).toEqual([]);
    expect(numbers(searchTables(floor, 'dEh'))).toEqual([21, 3]);
  });

  it('puts a calling table first, then occupied, then free, each by number', () => {
    const [only] = arrangeTables(floor, 'busy');
    expect(only?.roomId).toBeNull();
    expect(numbers(only?.tables ?? [])).toEqual([2, 3, 12, 1, 21]);
  });

  it('or goes room by room in the rooms’ order', () => {
    const groups = arrangeTables(floor, 'room');
    expect(groups.map((g) => [g.roomName, numbers(g.tables)])).toEqual([
      ['Sala interna', [1, 2, 12]],
      ['Dehors', [3, 21]],
    ]);
  });

  it('remembers the chosen order, occupied first by default', () => {
    const store = new Map<string, string>();
    const storage = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    expect(readTablesOrder(storage)).toBe('busy');
    storeTablesOrder(storage, 'room');
    expect(readTablesOrder(storage)).toBe('room');
    expect(readTablesOrder(null)).toBe('busy');
  });
});
