import { describe, expect, it, vi } from 'vitest';
import { type Room, type RoomTable, testMutators } from '../test/sync-fixture.ts';
import type { OutboxEntry, ServerRow } from './db.ts';
import {
  composeEntity,
  type EntityView,
  isApplied,
  keepEqualRows,
  patchRows,
  sameData,
  shareRows,
  writtenKeys,
} from './view.ts';

function entry(
  mutationId: number,
  name: string,
  body: unknown,
  over: Partial<OutboxEntry> = {},
): OutboxEntry {
  return {
    mutationId,
    name,
    body,
    status: 'pending',
    ackVersion: null,
    ackedAt: null,
    error: null,
    errorCode: null,
    attempts: 0,
    createdAt: 0,
    ...over,
  };
}

const rows: ServerRow[] = [
  { entity: 'room', entityId: 'r1', data: { id: 'r1', name: 'Sala' } },
  { entity: 'table', entityId: 't1', data: { id: 't1', roomId: 'r1' } },
  { entity: 'table', entityId: 't2', data: { id: 't2', roomId: 'r2' } },
];

describe('composeEntity', () => {
  it('applies pending entries in mutation order on top of server rows', () => {
    const out = composeEntity<Room>(
      'room',
      rows,
      [
        entry(2, 'roomRename', { id: 'r1', name: 'Seconda' }),
        entry(1, 'roomRename', { id: 'r1', name: 'Prima' }),
      ],
      testMutators,
      0,
    );
    expect(out.rows).toEqual([{ id: 'r1', name: 'Seconda' }]);
  });

  it('shows acked entries until the version is reached, never refused ones', () => {
    expect(isApplied({ status: 'acked', ackVersion: 5 }, 4)).toBe(true);
    expect(isApplied({ status: 'acked', ackVersion: 5 }, 5)).toBe(false);
    expect(isApplied({ status: 'acked', ackVersion: null }, 99)).toBe(true);
    expect(isApplied({ status: 'refused', ackVersion: null }, 0)).toBe(false);
    const refused = entry(1, 'roomRename', { id: 'r1', name: 'No' }, { status: 'refused' });
    expect(composeEntity<Room>('room', rows, [refused], testMutators, 0).rows).toEqual([
      { id: 'r1', name: 'Sala' },
    ]);
  });

  it('lets a mutator change several declared entities', () => {
    const del = entry(1, 'roomDelete', { id: 'r1' });
    expect(composeEntity('room', rows, [del], testMutators, 0).rows).toEqual([]);
    expect(composeEntity('table', rows, [del], testMutators, 0).rows).toEqual([{ id: 't2', roomId: 'r2' }]);
  });

  it('replays what a mutator reads: a table added to a room created offline does not vanish', () => {
    const mutators = {
      ...testMutators,
      roomOnly: {
        entities: ['room'],
        apply: (view: EntityView, body: unknown) => {
          const b = body as { id: string; name: string };
          view.put('room', b.id, b);
        },
      },
      tableInRoom: {
        entities: ['table', 'room'],
        apply: (view: EntityView, body: unknown) => {
          const b = body as { id: string; roomId: string };
          // Like the real room mutators: a table only goes into a room that exists.
          if (view.get('room', b.roomId)) view.put('table', b.id, b);
        },
      },
    };
    const queued = [
      entry(1, 'roomOnly', { id: 'r9', name: 'Nuova' }),
      entry(2, 'tableInRoom', { id: 't9', roomId: 'r9' }),
    ];
    expect(composeEntity('table', rows, queued, mutators, 0).rows).toContainEqual({ id: 't9', roomId: 'r9' });
  });

  it('leaves out, whole, the effect of a mutator that throws or touches an undeclared entity', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const mutators = {
      ...testMutators,
      sneaky: {
        entities: ['room'],
        apply: (view: { put: (e: string, i: string, d: unknown) => void }) => {
          view.put('room', 'r9', { id: 'r9', name: 'half' });
          view.put('table', 't9', {});
        },
      },
    };
    const out = composeEntity('room', rows, [entry(1, 'sneaky', {})], mutators, 0);
    expect(out.rows).toEqual([{ id: 'r1', name: 'Sala' }]);
    expect(out.failed).toEqual([1]);
    spy.mockRestore();
  });
});

describe('shared objects', () => {
  it('gives back the very server objects no entry touched', () => {
    const out = composeEntity<RoomTable>(
      'table',
      rows,
      [entry(1, 'roomDelete', { id: 'r1' })],
      testMutators,
      0,
    );
    expect(out.rows).toHaveLength(1);
    expect(out.rows[0]).toBe(rows[2]?.data);
  });

  it('shows a mutator its own writes: put, delete and list, in order', () => {
    const mutators = {
      shuffle: {
        entities: ['table'],
        apply: (view: EntityView) => {
          view.delete('table', 't1');
          view.put('table', 't3', { id: 't3', roomId: 'r1' });
          view.put('table', 't2', { id: 't2', roomId: 'moved' });
          const seen = view.list<RoomTable>('table').map((t) => `${t.id}:${t.roomId}`);
          view.put('table', 'seen', { id: 'seen', roomId: seen.join(',') });
          if (view.get('table', 't1') !== undefined) throw new Error('deleted row still read');
        },
      },
    };
    const out = composeEntity<RoomTable>('table', rows, [entry(1, 'shuffle', {})], mutators, 0);
    expect(out.failed).toEqual([]);
    expect(out.rows).toEqual([
      { id: 't2', roomId: 'moved' },
      { id: 't3', roomId: 'r1' },
      { id: 'seen', roomId: 't2:moved,t3:r1' },
    ]);
  });

  it('compares JSON data deeply and keeps the earlier object of an unchanged row', () => {
    expect(sameData({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(sameData({ a: [1, { b: null }] }, { a: [1, { b: 0 }] })).toBe(false);
    expect(sameData({ a: 1 }, { a: 1, b: undefined })).toBe(false);
    expect(sameData([1], { 0: 1 })).toBe(false);
    const next: ServerRow[] = [
      { entity: 'room', entityId: 'r1', data: { id: 'r1', name: 'Sala' } },
      { entity: 'table', entityId: 't1', data: { id: 't1', roomId: 'r9' } },
    ];
    const shared = shareRows(rows, next);
    expect(shared[0]).toBe(rows[0]);
    expect(shared[1]).toBe(next[1]);
  });

  it('gives back the last answer when replaying again changed nothing, and its unchanged rows', () => {
    const first = composeEntity<Room>(
      'room',
      rows,
      [entry(1, 'roomRename', { id: 'r1', name: 'Bis' })],
      testMutators,
      0,
    );
    // The same entry replayed once claimed: equal rows, new objects.
    const again = composeEntity<Room>(
      'room',
      rows,
      [entry(1, 'roomRename', { id: 'r1', name: 'Bis' }, { attempts: 1 })],
      testMutators,
      0,
    );
    expect(again.rows[0]).not.toBe(first.rows[0]);
    expect(keepEqualRows(first, again)).toBe(first);

    const a = { id: 'a', n: 1 };
    const b = { id: 'b', n: 2 };
    const c = { id: 'c', n: 3 };
    const before = { ids: ['a', 'b', 'c'], rows: Object.freeze([a, b, c]) };
    const changed = keepEqualRows(before, {
      ids: ['a', 'b', 'c'],
      rows: Object.freeze([{ ...a }, { id: 'b', n: 9 }, c]),
    });
    expect(changed.rows).toEqual([a, { id: 'b', n: 9 }, c]);
    expect(changed.rows[0]).toBe(a);
    expect(changed.rows[2]).toBe(c);
    expect(Object.isFrozen(changed.rows)).toBe(true);
    // A row added before the others: from there on the rows are the new answer's own.
    const shifted = keepEqualRows(before, {
      ids: ['0', 'a', 'b', 'c'],
      rows: [{ id: '0', n: 0 }, { ...a }, b, c],
    });
    expect(shifted.rows).toEqual([{ id: '0', n: 0 }, a, b, c]);
    expect(shifted.rows[1]).not.toBe(a);
    expect(shifted.rows[2]).toBe(b);
  });
});

describe('written keys', () => {
  it('lists the keys of a write, or null when it names a range', () => {
    const one = { from: ['line', 'b'], to: ['line', 'b'], l: { from: ['line', 'a'], to: ['line', 'a'] } };
    expect(writtenKeys(one)).toEqual([
      ['line', 'b'],
      ['line', 'a'],
    ]);
    expect(writtenKeys({})).toEqual([]);
    expect(writtenKeys({ from: ['line', 'a'], to: ['line', 'z'] })).toBeNull();
    expect(writtenKeys({ from: -Infinity, to: [[]] })).toBeNull();
  });

  it('patches re-read rows in place, drops gone ones and files new ones in key order', () => {
    const base: ServerRow[] = [
      { entity: 'room', entityId: 'b', data: { id: 'b' } },
      { entity: 'room', entityId: 'd', data: { id: 'd' } },
    ];
    const out = patchRows(
      base,
      new Map([
        ['d', undefined],
        ['c', { entity: 'room', entityId: 'c', data: { id: 'c' } }],
        ['a', { entity: 'room', entityId: 'a', data: { id: 'a' } }],
        ['b', { entity: 'room', entityId: 'b', data: { id: 'b' } }],
      ]),
    );
    expect(out.map((r) => r.entityId)).toEqual(['a', 'b', 'c']);
    expect(out[1]).toBe(base[0]);
  });
});
