import type { OrderRow, ReservationLine } from '@comanda/shared-schema';
import { reservationLine } from '@comanda/shared-schema/testing';
import { describe, expect, it } from 'vitest';
import { ownerMutators as mutators } from '../../app/owner-mutators.ts';
import type { OutboxEntry, ServerRow } from '../../data/db.ts';
import { composeEntity } from '../../data/view.ts';

let nextId = 1;
function entry(name: string, body: unknown, status: OutboxEntry['status'] = 'pending'): OutboxEntry {
  return {
    mutationId: nextId++,
    name,
    body,
    status,
    ackVersion: null,
    ackedAt: null,
    error: null,
    errorCode: null,
    attempts: 0,
    createdAt: 0,
  };
}

const order: OrderRow = {
  id: 'o1',
  tableId: 'T1',
  number: 3,
  accettato: 1,
  isCalled: false,
  businessId: 'b',
  status: 1,
};
const delivery: OrderRow = {
  ...order,
  id: 'd1',
  tableId: null,
  deliveryId: 'd1',
  tipo: 'Ritiro',
  number: null,
};

const line = reservationLine;

const rows = (list: Array<OrderRow | ReservationLine>, entity: 'order' | 'line'): ServerRow[] =>
  list.map((data) => ({ entity, entityId: data.id, data }));

function compose<T>(entity: 'order' | 'line', server: ServerRow[], outbox: OutboxEntry[]): T[] {
  return composeEntity<T>(entity, server, outbox, mutators, 1).rows;
}

describe('dashboard mutators', () => {
  const server = [
    ...rows([order, delivery], 'order'),
    ...rows(
      [
        line('a'),
        line('b', { selected_option: 'bar' }),
        line('c', { status: 'owner_deleted' }),
        line('d', { tableId: null, deliveryId: 'd1' }),
      ],
      'line',
    ),
  ];
  const byId = (ls: ReservationLine[]) => new Map(ls.map((l) => [l.id, l]));

  it('applies queued status changes in order, on top of the server rows', () => {
    const ls = byId(
      compose<ReservationLine>('line', server, [
        entry('dashboardStatusSet', { id: 'a', status: 'ready' }),
        entry('dashboardStatusSet', { id: 'a', status: 'completed' }),
        entry('dashboardStatusSet', { id: 'c', status: 'preparation' }),
      ]),
    );
    expect(ls.get('a')?.status).toBe('completed');
    expect(ls.get('c')?.status).toBe('preparation');
  });

  it('leaves out a cycle step on a deleted line (the server refuses it) and refused entries', () => {
    const ls = byId(
      compose<ReservationLine>('line', server, [
        entry('dashboardStatusSet', { id: 'c', status: 'ready' }),
        entry('dashboardStatusSet', { id: 'a', status: 'ready' }, 'refused'),
      ]),
    );
    expect(ls.get('c')?.status).toBe('owner_deleted');
    expect(ls.get('a')?.status).toBe('preparation');
  });

  it('stamps a line with when its change was queued: replayed again, it writes an equal line', () => {
    const queued = {
      ...entry('dashboardStatusSet', { id: 'a', status: 'ready' }),
      createdAt: Date.parse('2026-01-01T12:05:00.000Z'),
    };
    const first = byId(compose<ReservationLine>('line', server, [queued])).get('a');
    expect(first?.lastUpdate).toBe('2026-01-01T12:05:00.000Z');
    // The same entry once the replayer has claimed it.
    const again = byId(compose<ReservationLine>('line', server, [{ ...queued, attempts: 1 }])).get('a');
    expect(again).toEqual(first);
  });

  it('prints only the accepted, unprinted, live lines of the area', () => {
    const ls = byId(
      compose<ReservationLine>('line', server, [
        entry('dashboardTablePrint', { tableId: 'T1', selected_option: 'bar' }),
      ]),
    );
    expect(ls.get('b')?.printed).toBe(1);
    expect(ls.get('a')?.printed).toBe(0);
    const all = byId(
      compose<ReservationLine>('line', server, [
        entry('dashboardTablePrint', { tableId: 'T1', selected_option: 'tutto' }),
      ]),
    );
    expect([
      all.get('a')?.printed,
      all.get('b')?.printed,
      all.get('c')?.printed,
      all.get('d')?.printed,
    ]).toEqual([1, 1, 0, 0]);
  });

  it('with the ticket’s ids, prints only the lines the ticket carried', () => {
    const ls = byId(
      compose<ReservationLine>('line', server, [
        entry('dashboardTablePrint', { tableId: 'T1', selected_option: 'tutto', ids: ['b'] }),
      ]),
    );
    expect([ls.get('a')?.printed, ls.get('b')?.printed]).toEqual([0, 1]);
  });

  it('completing removes the order and its lines only', () => {
    const outbox = [entry('dashboardTableHistory', { id: order.id, seenVersion: 4 })];
    expect(compose<OrderRow>('order', server, outbox).map((o) => o.id)).toEqual(['d1']);
    expect(compose<ReservationLine>('line', server, outbox).map((l) => l.id)).toEqual(['d']);
  });

  it('a completion queued in the spec’s old body (before an update) still removes its order', () => {
    const body = {
      table: { ...order, reservations: [] },
      totaleOrdine: 800,
      costoConsegna: 0,
      totalePagato: 800,
    };
    const outbox = [entry('dashboardTableHistory', body)];
    expect(compose<OrderRow>('order', server, outbox).map((o) => o.id)).toEqual(['d1']);
    expect(compose<ReservationLine>('line', server, outbox).map((l) => l.id)).toEqual(['d']);
  });

  it('deleting a delivery removes it and its lines', () => {
    const outbox = [entry('dashboardTableDelete', { tableId: 'd1', isDelivery: true })];
    expect(compose<OrderRow>('order', server, outbox).map((o) => o.id)).toEqual(['o1']);
    expect(
      compose<ReservationLine>('line', server, outbox)
        .map((l) => l.id)
        .sort(),
    ).toEqual(['a', 'b', 'c']);
  });
});
