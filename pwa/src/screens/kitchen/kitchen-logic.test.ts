import type { OrderRow, ReservationLine } from '@comanda/shared-schema';
import { describe, expect, it } from 'vitest';
import { buildKitchenTickets, newlySounding } from './kitchen-logic.ts';

const FIRST = '2025-07-15T17:00:00.000Z';
const SECOND = '2025-07-15T17:20:00.000Z';

function order(over: Partial<OrderRow> & { id: string }): OrderRow {
  return { accettato: 1, isCalled: false, businessId: 'biz', status: 1, createdAt: FIRST, ...over };
}

let n = 0;
function line(over: Partial<ReservationLine>): ReservationLine {
  n += 1;
  return {
    id: `l${n}`,
    tableId: 'T1',
    dishId: null,
    name: `Piatto ${n}`,
    price: 500,
    amount: 1,
    variant: [],
    selected_option: 'cucina',
    status: 'preparation',
    printed: 0,
    accettato: 1,
    lastUpdate: FIRST,
    createdAt: FIRST,
    ...over,
  };
}

const table = order({ id: 'o1', tableId: 'T1', number: 4 });

describe('kitchen tickets', () => {
  it('makes one ticket per round: what the table adds later is a ticket of its own', () => {
    const first = [line({ name: 'Carbonara' }), line({ name: 'Amatriciana' })];
    const later = line({ name: 'Tiramisù', createdAt: SECOND, lastUpdate: SECOND });
    const tickets = buildKitchenTickets([table], [...first, later], 'tutto');
    expect(tickets.map((t) => [t.title, t.round, t.lines.map((l) => l.name)])).toEqual([
      ['Tavolo 4', 1, ['Amatriciana', 'Carbonara']],
      ['Tavolo 4', 2, ['Tiramisù']],
    ]);
    expect(tickets[0]?.startedAt).toBe(Date.parse(FIRST));
    expect(tickets[1]?.startedAt).toBe(Date.parse(SECOND));
    expect(new Set(tickets.map((t) => t.key)).size).toBe(2);
  });

  it('keeps a round while a dish is in preparation and lets it go once none is', () => {
    const a = line({ status: 'ready' });
    const b = line({ status: 'preparation' });
    expect(buildKitchenTickets([table], [a, b], 'tutto')).toHaveLength(1);
    const done = [
      a,
      { ...b, status: 'ready' as const },
      line({ status: 'completed' }),
      line({ status: 'owner_deleted' }),
    ];
    expect(buildKitchenTickets([table], done, 'tutto')).toEqual([]);
  });

  it("shows the screen's area only, and numbers rounds over every area so all screens say 'Giro 2' alike", () => {
    const lines = [
      line({ name: 'Carbonara' }),
      line({ name: 'Spritz', selected_option: 'bar', createdAt: SECOND }),
      line({ name: 'Acqua', selected_option: 'bar', createdAt: SECOND, status: 'ready' }),
    ];
    const bar = buildKitchenTickets([table], lines, 'bar');
    expect(bar.map((t) => [t.round, t.lines.map((l) => l.name)])).toEqual([[2, ['Acqua', 'Spritz']]]);
    // A round with nothing of the area left to prepare is not the area's ticket.
    expect(buildKitchenTickets([table], lines.slice(0, 1), 'bar')).toEqual([]);
  });

  it('leaves out a delivery still awaiting acceptance and its lines', () => {
    const waiting = order({ id: 'd1', deliveryId: 'd1', tipo: 'Ritiro', orario: '20:00', accettato: 0 });
    const lines = [line({ tableId: null, deliveryId: 'd1', accettato: 0 })];
    expect(buildKitchenTickets([waiting], lines, 'tutto')).toEqual([]);
    const accepted = { ...waiting, accettato: 1 as const };
    expect(buildKitchenTickets([accepted], [{ ...lines[0]!, accettato: 1 }], 'tutto')).toHaveLength(1);
  });

  it('puts a delivery by its due time among the tables, not by when it was ordered', () => {
    // Ordered at 17:00Z for 20:00 Rome (18:00Z); a table's round arrived at 17:30Z, another at 18:30Z.
    const pickup = order({ id: 'd1', deliveryId: 'd1', tipo: 'Ritiro', orario: '20:00', nome: 'Lucia' });
    const t2 = order({ id: 'o2', tableId: 'T2', number: 7 });
    const t3 = order({ id: 'o3', tableId: 'T3', number: 9 });
    const lines = [
      line({ tableId: null, deliveryId: 'd1' }),
      line({ tableId: 'T2', createdAt: '2025-07-15T18:30:00.000Z' }),
      line({ tableId: 'T3', createdAt: '2025-07-15T17:30:00.000Z' }),
    ];
    const tickets = buildKitchenTickets([pickup, t2, t3], lines, 'tutto');
    expect(tickets.map((t) => t.title)).toEqual(['Tavolo 9', 'Ritiro 20:00 Lucia', 'Tavolo 7']);
    expect(tickets[1]?.dueAt).toBe(Date.parse('2025-07-15T18:00:00.000Z'));
    expect(tickets[0]?.dueAt).toBeNull();
  });

  it('hands back an unchanged ticket as the same object, and a changed one anew', () => {
    const a = line({});
    const b = line({});
    const before = buildKitchenTickets([table], [a, b], 'tutto');
    const same = buildKitchenTickets([table], [a, b], 'tutto', before);
    expect(same[0]).toBe(before[0]);
    const tapped = buildKitchenTickets([table], [{ ...a, status: 'ready' }, b], 'tutto', before);
    expect(tapped[0]).not.toBe(before[0]);
  });
});

describe('what rings', () => {
  it('rings once per line that rings, never for what was already there, printed, or of another area', () => {
    const rung = new Set<string>();
    const seen = line({});
    newlySounding([seen], 'cucina', rung);
    const fresh = line({});
    const printed = line({ printed: 1 });
    const bar = line({ selected_option: 'bar' });
    expect(newlySounding([seen, fresh, printed, bar], 'cucina', rung)).toEqual([fresh]);
    expect(newlySounding([seen, fresh, printed, bar], 'cucina', rung)).toEqual([]);
  });

  it('rings for a delivery when it is accepted, not before', () => {
    const rung = new Set<string>();
    const waiting = line({ deliveryId: 'd1', tableId: null, accettato: 0 });
    expect(newlySounding([waiting], 'tutto', rung)).toEqual([]);
    const accepted = { ...waiting, accettato: 1 as const };
    expect(newlySounding([accepted], 'tutto', rung)).toEqual([accepted]);
  });
});
