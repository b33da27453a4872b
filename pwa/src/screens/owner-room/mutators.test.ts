import type { BusinessRow, Room, RoomTable } from '@comanda/shared-schema';
import { describe, expect, it } from 'vitest';
import { ownerMutators as mutators } from '../../app/owner-mutators.ts';
import type { OutboxEntry, ServerRow } from '../../data/db.ts';
import { composeEntity } from '../../data/view.ts';
import { provisionalNumber, roomMutators } from './mutators.ts';

let nextId = 1;
function pending(name: string, body: unknown): OutboxEntry {
  return {
    mutationId: nextId++,
    name,
    body,
    status: 'pending',
    ackVersion: null,
    ackedAt: null,
    error: null,
    errorCode: null,
    attempts: 0,
    createdAt: 0,
  };
}

const R1 = '11111111-1111-4111-8111-111111111111';
const R2 = '22222222-2222-4222-8222-222222222222';
const T1 = '33333333-3333-4333-8333-333333333333';
const T2 = '44444444-4444-4444-8444-444444444444';
const NEW = '55555555-5555-4555-8555-555555555555';

const business: BusinessRow = {
  id: 'biz',
  name: 'Trattoria',
  costoConsegna: 0,
  openingTime: '10:00',
  closingTime: '23:00',
  openConsegna: '18:00',
  closeConsegna: '22:00',
  abilitaConsegna: 1,
  orderEnabled: 1,
  chatEnabled: 0,
  is_closed: 0,
  messaggioChiusura: null,
};

function table(id: string, roomId: string, number: number, x = 0, y = 0): RoomTable {
  return { id, businessId: 'biz', roomId, number, x, y, status: false };
}

const server: ServerRow[] = [
  { entity: 'business', entityId: 'biz', data: business },
  { entity: 'room', entityId: R1, data: { id: R1, name: 'Sala', position: 1 } },
  { entity: 'room', entityId: R2, data: { id: R2, name: 'Terrazza', position: 2 } },
  { entity: 'table', entityId: T1, data: table(T1, R1, 1, 100, 100) },
  { entity: 'table', entityId: T2, data: table(T2, R1, 4, 200, 100) },
];

function view<T>(entity: string, entries: OutboxEntry[]): T[] {
  return composeEntity<T>(entity, server, entries, mutators, 0).rows;
}

describe('room mutators', () => {
  it('are registered in the app-wide mutator map', () => {
    for (const name of Object.keys(roomMutators)) expect(mutators[name]).toBeDefined();
  });

  it('roomsAdd puts the room with its client id, trimmed, as the last tab', () => {
    const rooms = view<Room>('room', [pending('roomsAdd', { id: NEW, name: '  Giardino ' })]);
    expect(rooms).toContainEqual({ id: NEW, name: 'Giardino', position: 3 });
  });

  it('roomsEdit renames; a rename of a room deleted meanwhile shows nothing', () => {
    expect(view<Room>('room', [pending('roomsEdit', { id: R2, name: 'Dehors' })])).toContainEqual({
      id: R2,
      name: 'Dehors',
      position: 2,
    });
    const gone = composeEntity('room', server, [pending('roomsEdit', { id: NEW, name: 'X' })], mutators, 0);
    expect(gone.rows).toHaveLength(2);
    expect(gone.failed).toHaveLength(1);
  });

  it('roomsDelete removes the room', () => {
    expect(view<Room>('room', [pending('roomsDelete', { id: R2 })]).map((r) => r.id)).toEqual([R1]);
  });

  it('tablesAdd puts a free table at the given place with the number the server will give (the lowest free one)', () => {
    const tables = view<RoomTable>('table', [pending('tablesAdd', { id: NEW, roomId: R2, x: 10, y: 70 })]);
    expect(tables).toContainEqual({
      id: NEW,
      businessId: 'biz',
      roomId: R2,
      number: 2,
      x: 10,
      y: 70,
      status: false,
    });
  });

  it('tablesAdd without coordinates uses the default place', () => {
    const added = view<RoomTable>('table', [pending('tablesAdd', { id: NEW, roomId: R2 })]);
    expect(added.find((t) => t.id === NEW)).toMatchObject({ x: 10, y: 70 });
  });

  it('shows tables added offline into a room added offline, and their moves', () => {
    const entries = [
      pending('roomsAdd', { id: NEW, name: 'Giardino' }),
      pending('tablesAdd', { id: T1.replace('3333', '6666'), roomId: NEW, x: 10, y: 70 }),
      pending('tablesSetCoords', { tableId: T1.replace('3333', '6666'), x: 500, y: 600 }),
    ];
    expect(view<Room>('room', entries).map((r) => r.id)).toContain(NEW);
    expect(view<RoomTable>('table', entries).find((t) => t.roomId === NEW)).toMatchObject({ x: 500, y: 600 });
  });

  it('tablesSetCoords moves by tableId or id, the later move winning', () => {
    const tables = view<RoomTable>('table', [
      pending('tablesSetCoords', { tableId: T1, x: 300, y: 400 }),
      pending('tablesSetCoords', { id: T1, x: 310, y: 410 }),
    ]);
    expect(tables.find((t) => t.id === T1)).toMatchObject({ x: 310, y: 410 });
  });

  it('tablesDelete removes the table; a move of a deleted table shows nothing', () => {
    const entries = [
      pending('tablesDelete', { id: T1 }),
      pending('tablesSetCoords', { tableId: T1, x: 1, y: 1 }),
    ];
    expect(view<RoomTable>('table', entries).map((t) => t.id)).toEqual([T2]);
  });

  it('ownerOrderToggle flips the business flag, twice back', () => {
    const once = view<BusinessRow>('business', [pending('ownerOrderToggle', {})]);
    expect(once[0]?.orderEnabled).toBe(0);
    const twice = view<BusinessRow>('business', [
      pending('ownerOrderToggle', {}),
      pending('ownerOrderToggle', {}),
    ]);
    expect(twice[0]?.orderEnabled).toBe(1);
  });

  it("numbers a table added offline as the server will: the venue's lowest free number", () => {
    expect(provisionalNumber([])).toBe(1);
    expect(provisionalNumber([{ number: 1 }, { number: 2 }])).toBe(3);
    expect(provisionalNumber([{ number: 2 }, { number: 7 }])).toBe(1);
  });
});
