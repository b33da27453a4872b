import type { OrderRow, ReservationLine } from '@comanda/shared-schema';
import { describe, expect, it } from 'vitest';
import { ownerMutators as mutators } from '../app/owner-mutators.ts';
import type { OutboxEntry } from '../data/db.ts';
import { composeEntity } from '../data/view.ts';
import { orderViewMutators } from './mutators.ts';
import { L1, L2, ORDER, seed, T1, T2 } from './test-harness.tsx';

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

const rows = <T>(entity: string, entries: OutboxEntry[]) =>
  composeEntity<T>(entity, seed, entries, mutators, 0);
const NEW = '66666666-6666-4666-8666-666666666666';

describe('order view mutators', () => {
  it('are registered in the app-wide mutator map', () => {
    for (const name of Object.keys(orderViewMutators)) expect(mutators[name]).toBeDefined();
  });

  it('dashboardTableModify changes only the lines and fields it names', () => {
    const lines = rows<ReservationLine>('line', [
      pending('dashboardTableModify', { tableId: T1, reservations: [{ id: L1, amount: 5 }] }),
    ]).rows;
    expect(lines.find((l) => l.id === L1)).toMatchObject({ amount: 5, price: 800, status: 'preparation' });
    expect(lines.find((l) => l.id === L2)).toMatchObject({ amount: 1, price: 500 });
  });

  it('deletes and restores (a restore comes back in preparation) and sets the discount', () => {
    const entries = [
      pending('dashboardTableModify', { tableId: T1, reservations: [{ id: L2, status: 'owner_deleted' }] }),
      pending('dashboardTableModify', { tableId: T1, reservations: [{ id: L1, price: 950 }], sconto: 150 }),
    ];
    const lines = rows<ReservationLine>('line', entries).rows;
    expect(lines.find((l) => l.id === L2)?.status).toBe('owner_deleted');
    expect(lines.find((l) => l.id === L1)?.price).toBe(950);
    expect(rows<OrderRow>('order', entries).rows.find((o) => o.id === ORDER)?.sconto).toBe(150);
    const restored = rows<ReservationLine>('line', [
      ...entries,
      pending('dashboardTableModify', { tableId: T1, reservations: [{ id: L2, status: 'ready' }] }),
    ]).rows;
    expect(restored.find((l) => l.id === L2)?.status).toBe('preparation');
  });

  it('leaves out an edit of a line that is gone', () => {
    const result = rows('line', [
      pending('dashboardTableModify', { tableId: T1, reservations: [{ id: NEW, amount: 2 }] }),
    ]);
    expect(result.failed).toHaveLength(1);
  });

  it('dashboardTableOutOfMenuAdd adds the line to the open order', () => {
    const body = {
      tableId: T1,
      id: NEW,
      line: { name: ' Caffè corretto ', price: 250, amount: 1, selected_option: 'bar' },
    };
    const lines = rows<ReservationLine>('line', [pending('dashboardTableOutOfMenuAdd', body)]).rows;
    expect(lines.find((l) => l.id === NEW)).toMatchObject({
      id: NEW,
      tableId: T1,
      dishId: null,
      name: 'Caffè corretto',
      price: 250,
      amount: 1,
      note: null,
      selected_option: 'bar',
      status: 'preparation',
      categoryId: 'out_menu',
      categoryName: 'Fuori menu',
    });
  });

  it('gives a free table an order for its out-of-menu line', () => {
    const body = { tableId: T2, id: NEW, line: { name: 'Acqua', price: 100, selected_option: 'bar' } };
    const entries = [pending('dashboardTableOutOfMenuAdd', body)];
    const order = rows<OrderRow>('order', entries).rows.find((o) => o.tableId === T2);
    expect(order).toMatchObject({ number: 7, accettato: 1 });
    expect(rows<ReservationLine>('line', entries).rows.find((l) => l.id === NEW)).toMatchObject({
      tableId: T2,
      amount: 1,
    });
  });
});
