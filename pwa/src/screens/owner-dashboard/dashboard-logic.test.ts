import { TOAST_MAX as MAX_TOASTS, type OrderRow, type ReservationLine } from '@comanda/shared-schema';
import { reservationLine } from '@comanda/shared-schema/testing';
import { describe, expect, it } from 'vitest';
import { pushToast } from '../../components/toasts.tsx';
import { readKitchenFilter, storeKitchenFilter } from '../../data/kitchen-filter.ts';
import {
  ageMinutes,
  ageTone,
  buildTickets,
  nextStatus,
  printedLabel,
  soundingLines,
  ticketTitle,
} from './dashboard-logic.ts';

function order(over: Partial<OrderRow> & { id: string }): OrderRow {
  return { accettato: 1, isCalled: false, businessId: 'biz', status: 1, ...over };
}

let n = 0;
function line(over: Partial<ReservationLine>): ReservationLine {
  n += 1;
  // A line of no table (the dashboard's rules look at the line alone).
  const { tableId: _none, ...row } = reservationLine(`l${n}`, { name: `Piatto ${n}`, price: 500 });
  return { ...row, ...over };
}

describe('status cycle', () => {
  it('goes preparation, ready, completed and back; a deleted line restores to preparation', () => {
    expect(nextStatus('preparation')).toBe('ready');
    expect(nextStatus('ready')).toBe('completed');
    expect(nextStatus('completed')).toBe('preparation');
    expect(nextStatus('owner_deleted')).toBe('preparation');
  });
  it("words the print state apart from the dish status: 'Stampato' or 'Da stampare'", () => {
    expect(printedLabel(1)).toBe('Stampato');
    expect(printedLabel(0)).toBe('Da stampare');
  });
});

describe('tickets', () => {
  const t1 = order({ id: 'o1', tableId: 'T1', number: 4, createdAt: '2026-01-01T12:10:00.000Z' });
  const t2 = order({ id: 'o2', tableId: 'T2', number: 7, createdAt: '2026-01-01T12:00:00.000Z' });
  const d1 = order({
    id: 'd1',
    deliveryId: 'd1',
    tipo: 'Consegna',
    orario: '20:30',
    nome: 'Mario',
    cognome: 'Rossi',
    createdAt: '2026-01-01T12:05:00.000Z',
    costoConsegna: 250,
  });
  const pending = order({ id: 'd2', deliveryId: 'd2', tipo: 'Ritiro', accettato: 0 });
  const lines = [
    line({ tableId: 'T1', selected_option: 'bar', name: 'Spritz' }),
    line({ tableId: 'T1', name: 'Carbonara' }),
    line({ tableId: 'T2', name: 'Amatriciana' }),
    line({ deliveryId: 'd1', name: 'Margherita', amount: 2 }),
    line({ deliveryId: 'd1', name: 'Diavola', status: 'owner_deleted' }),
    line({ deliveryId: 'd2', name: 'Marinara' }),
  ];

  it('orders tickets oldest first and leaves deliveries awaiting acceptance out', () => {
    const tickets = buildTickets([t1, t2, d1, pending], lines, 'tutto');
    expect(tickets.map((t) => t.key)).toEqual(['T2', 'd1', 'T1']);
    expect(tickets[2]?.lines.map((l) => l.name)).toEqual(['Carbonara', 'Spritz']);
  });

  it('keeps only the chosen area, and only tickets that have a line of it', () => {
    const tickets = buildTickets([t1, t2, d1], lines, 'bar');
    expect(tickets.map((t) => t.key)).toEqual(['T1']);
    expect(tickets[0]?.lines.map((l) => l.name)).toEqual(['Spritz']);
  });

  it('gives back, as they were, the tickets whose order and lines did not change', () => {
    const before = buildTickets([t1, t2, d1], lines, 'tutto');
    // A status tap on T1's carbonara: a new line object there, every other object the same.
    const tapped = lines.map((l) => (l.name === 'Carbonara' ? { ...l, status: 'ready' as const } : l));
    const after = buildTickets([t1, t2, d1], tapped, 'tutto', before);
    const byKey = (ts: typeof before, key: string) => ts.find((t) => t.key === key);
    expect(byKey(after, 'T2')).toBe(byKey(before, 'T2'));
    expect(byKey(after, 'd1')).toBe(byKey(before, 'd1'));
    expect(byKey(after, 'T1')).not.toBe(byKey(before, 'T1'));
    expect(byKey(after, 'T1')?.lines.map((l) => [l.name, l.status])).toEqual([
      ['Carbonara', 'ready'],
      ['Spritz', 'preparation'],
    ]);
    // A changed order row, or another filter's lines, rebuild the ticket.
    const renamed = { ...t2, number: 8 };
    expect(byKey(buildTickets([t1, renamed, d1], tapped, 'tutto', after), 'T2')?.order).toBe(renamed);
    expect(buildTickets([t1, t2, d1], tapped, 'bar', after).map((t) => t.lines.length)).toEqual([1]);
  });

  it('names tables and deliveries', () => {
    expect(ticketTitle(t1)).toBe('Tavolo 4');
    expect(ticketTitle(d1)).toBe('Consegna 20:30 Mario Rossi');
  });

  it('rings only for accepted, unprinted, live lines of the filter', () => {
    const ls = [
      line({ selected_option: 'bar' }),
      line({ selected_option: 'bar', printed: 1 }),
      line({ selected_option: 'bar', accettato: 0 }),
      line({ selected_option: 'cucina' }),
      line({ selected_option: 'bar', status: 'owner_deleted' }),
    ];
    expect(soundingLines(ls, 'bar')).toHaveLength(1);
    expect(soundingLines(ls, 'tutto')).toHaveLength(2);
    expect(soundingLines(ls, 'fritti')).toHaveLength(0);
  });
});

describe('ticket age', () => {
  it('counts whole minutes, never negative', () => {
    const at = Date.parse('2026-01-01T12:00:00Z');
    expect(ageMinutes(at, at + 5 * 60_000 + 59_000)).toBe(5);
    expect(ageMinutes(at, at - 60_000)).toBe(0);
  });
  it('turns warn at 5 and late at 8 minutes', () => {
    expect(ageTone(4)).toBe('fresh');
    expect(ageTone(5)).toBe('warn');
    expect(ageTone(7)).toBe('warn');
    expect(ageTone(8)).toBe('late');
    expect(ageTone(3, { warnMinutes: 2, lateMinutes: 3 })).toBe('late');
  });
});

describe('kitchen filter persistence', () => {
  it('remembers the choice and falls back to tutto', () => {
    const data = new Map<string, string>();
    const store = {
      getItem: (k: string) => data.get(k) ?? null,
      setItem: (k: string, v: string) => void data.set(k, v),
    } as unknown as Storage;
    expect(readKitchenFilter(store)).toBe('tutto');
    storeKitchenFilter('bar', store);
    expect(readKitchenFilter(store)).toBe('bar');
    data.set('kitchenFilter', 'nonsense');
    expect(readKitchenFilter(store)).toBe('tutto');
  });
});

describe('toasts', () => {
  it('keeps at most 3, newest last', () => {
    let list = pushToast([], { id: 1, text: 'a', tone: 'info' });
    for (let i = 2; i <= 5; i++) list = pushToast(list, { id: i, text: String(i), tone: 'info' });
    expect(list).toHaveLength(MAX_TOASTS);
    expect(list.map((t) => t.id)).toEqual([3, 4, 5]);
  });
});
