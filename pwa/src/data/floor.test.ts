import type { OrderRow, ReservationLine, RoomTable } from '@comanda/shared-schema';
import { describe, expect, it } from 'vitest';
import { buildFloor, eveningOrders, oldestLineAt, roomGlance, sortRooms } from './floor.ts';

const BIZ = 'b';
const at = (iso: string) => Date.parse(iso);

const rooms = [
  { id: 'r2', name: 'Dehors', position: 2 },
  { id: 'r1', name: 'Sala', position: 1 },
];
const table = (n: number, roomId: string, extra: Partial<RoomTable> = {}): RoomTable => ({
  id: `t${n}`,
  businessId: BIZ,
  roomId,
  number: n,
  x: 0,
  y: 0,
  status: false,
  ...extra,
});
const order = (id: string, extra: Partial<OrderRow>): OrderRow => ({
  id,
  accettato: 1,
  isCalled: false,
  businessId: BIZ,
  status: 1,
  ...extra,
});
const line = (
  id: string,
  key: { tableId?: string; deliveryId?: string },
  price: number,
  amount: number,
  extra: Partial<ReservationLine> = {},
): ReservationLine => ({
  id,
  ...key,
  dishId: null,
  name: id,
  price,
  amount,
  variant: [],
  selected_option: 'cucina',
  status: 'preparation',
  printed: 0,
  accettato: 1,
  lastUpdate: '2026-03-01T20:00:00+01:00',
  ...extra,
});

describe('rooms', () => {
  it('sort by position, then name, rooms without one last', () => {
    expect(sortRooms([...rooms, { id: 'r0', name: 'Nuova' }]).map((r) => r.id)).toEqual(['r1', 'r2', 'r0']);
  });
});

describe('the floor', () => {
  const tables = [
    table(3, 'r2'),
    table(1, 'r1'),
    table(2, 'r1', { status: true, called: true }),
    table(9, 'gone'),
  ];
  const orders = [
    order('o1', { tableId: 't1', createdAt: '2026-03-01T20:10:00+01:00', sconto: 100 }),
    order('d1', { deliveryId: 'd1', tipo: 'Consegna', orario: '21:00', costoConsegna: 250 }),
  ];
  const lines = [
    line('a', { tableId: 't1' }, 800, 2, { createdAt: '2026-03-01T20:05:00+01:00' }),
    line('b', { tableId: 't1' }, 500, 1, { status: 'owner_deleted', createdAt: '2026-03-01T19:00:00+01:00' }),
    line('c', { deliveryId: 'd1' }, 1000, 1),
  ];

  it('lists every table in room order and by number, with state, total and age', () => {
    const floor = buildFloor(rooms, tables, orders, lines);
    expect(floor.map((f) => [f.number, f.roomName, f.busy, f.hasOrder, f.called])).toEqual([
      [1, 'Sala', true, true, false],
      [2, 'Sala', true, false, true],
      [3, 'Dehors', false, false, false],
    ]);
    // 16,00 € less 1,00 €: a deleted line counts 0 and its instant does not age the table.
    expect(floor[0]?.total).toBe(1500);
    expect(floor[0]?.dishes).toBe(2);
    expect(floor[0]?.openedAt).toBe(at('2026-03-01T20:05:00+01:00'));
    expect(floor[1]?.total).toBe(0);
    expect(floor[1]?.openedAt).toBeNull();
  });

  it("takes the status to draw from the caller (the room screen's confirmed toggle)", () => {
    const floor = buildFloor(rooms, tables, [], [], (t) => t.id === 't3');
    expect(floor.map((f) => f.busy)).toEqual([false, false, true]);
  });

  it('ages an order without line instants from its own start', () => {
    expect(
      oldestLineAt({ createdAt: '2026-03-01T20:10:00+01:00' }, [line('x', { tableId: 't1' }, 1, 1)]),
    ).toBe(at('2026-03-01T20:10:00+01:00'));
    expect(oldestLineAt(undefined, [])).toBeNull();
  });

  it('sums a room at a glance', () => {
    const floor = buildFloor(rooms, tables, orders, lines);
    expect(roomGlance(floor, 'r1')).toMatchObject({ tables: 2, busy: 2, openTotal: 1500, calls: 1 });
    expect(roomGlance(floor, 'r1').longest?.number).toBe(1);
    expect(roomGlance(floor, 'r2')).toEqual({ tables: 1, busy: 0, openTotal: 0, longest: null, calls: 0 });
  });
});

describe("the evening's deliveries and pickups", () => {
  it('come by due time, past midnight after the evening, with what the customer pays', () => {
    const placed = '2026-03-01T19:30:00+01:00';
    const orders = [
      order('late', { deliveryId: 'late', tipo: 'Ritiro', orario: '00:15', createdAt: placed, nome: 'Eva' }),
      order('d1', {
        deliveryId: 'd1',
        tipo: 'Consegna',
        orario: '21:00',
        createdAt: placed,
        nome: 'Anna',
        cognome: 'Rossi',
        comune: 'Avella',
        costoConsegna: 250,
      }),
      order('p1', { deliveryId: 'p1', tipo: 'Ritiro', orario: '20:30', createdAt: placed, accettato: 0 }),
      order('t1', { tableId: 't1' }),
    ];
    const lines = [line('a', { deliveryId: 'd1' }, 1000, 1), line('b', { deliveryId: 'p1' }, 600, 2)];
    const evening = eveningOrders(orders, lines);
    expect(evening.map((e) => [e.orario, e.tipo, e.name, e.comune, e.total, e.toAccept])).toEqual([
      ['20:30', 'Ritiro', '', null, 1200, true],
      ['21:00', 'Consegna', 'Anna Rossi', 'Avella', 1250, false],
      ['00:15', 'Ritiro', 'Eva', null, 0, false],
    ]);
  });

  it('leave out a card checkout not paid yet: it may never become an order', () => {
    const checkout = order('c1', {
      deliveryId: 'c1',
      tipo: 'Consegna',
      orario: '20:45',
      accettato: 0,
      paymentIntentId: 'pi_1',
      checkoutUntil: '2026-03-01T19:45:00+01:00',
    });
    const paid = order('c2', { deliveryId: 'c2', tipo: 'Ritiro', orario: '21:15', accettato: 0 });
    expect(eveningOrders([checkout, paid], []).map((e) => e.id)).toEqual(['c2']);
  });
});
