import type { OrderRow, ReservationLine } from '@comanda/shared-schema';
import { describe, expect, it } from 'vitest';
import { billsByEntry, entryKeyOf } from './order-bills.ts';

const order = (id: string, extra: Partial<OrderRow> = {}): OrderRow => ({
  id,
  tableId: `t-${id}`,
  accettato: 1,
  isCalled: false,
  businessId: 'b1',
  status: 1,
  ...extra,
});

const delivery = (id: string, extra: Partial<OrderRow> = {}): OrderRow =>
  order(id, { tableId: null, deliveryId: id, tipo: 'Consegna', costoConsegna: 250, ...extra });

let seq = 0;
const line = (
  key: { tableId?: string; deliveryId?: string },
  price: number,
  amount: number,
  status = 'preparation',
) =>
  ({
    id: `l${++seq}`,
    tableId: key.tableId ?? null,
    deliveryId: key.deliveryId ?? null,
    dishId: null,
    name: 'Piatto',
    price,
    amount,
    variant: [],
    note: null,
    selected_option: 'cucina',
    status,
    printed: 0,
    accettato: 1,
    lastUpdate: '2025-07-15T18:00:00.000Z',
  }) as ReservationLine;

describe('billsByEntry', () => {
  it('each entry by its key: discount, delivery fee, deleted lines, as the order view shows them', () => {
    const table = order('o1', { sconto: 400 });
    const consegna = delivery('d1', { sconto: 100 });
    const bills = billsByEntry(
      [table, consegna],
      [
        line({ tableId: 't-o1' }, 1450, 4),
        line({ tableId: 't-o1' }, 900, 1, 'owner_deleted'),
        line({ deliveryId: 'd1' }, 600, 2),
      ],
    );
    expect(bills.get(entryKeyOf(table))).toMatchObject({ subtotal: 5800, sconto: 400, newTotal: 5400 });
    expect(bills.get(entryKeyOf(consegna))).toMatchObject({
      subtotal: 1200,
      costoConsegna: 250,
      total: 1450,
      newTotal: 1350,
    });
  });

  it('an entry with no line yet costs its fee alone', () => {
    expect(billsByEntry([delivery('d2')], []).get('d2')).toMatchObject({ subtotal: 0, newTotal: 250 });
  });

  it('gives back the previous object where the figures did not change (memoised tickets stay drawn)', () => {
    const orders = [order('o1'), order('o2')];
    const first = billsByEntry(orders, [
      line({ tableId: 't-o1' }, 500, 1),
      line({ tableId: 't-o2' }, 300, 1),
    ]);
    const lines = [line({ tableId: 't-o1' }, 500, 1), line({ tableId: 't-o2' }, 300, 2)];
    const second = billsByEntry(orders, lines, first);
    expect(second.get('t-o1')).toBe(first.get('t-o1'));
    expect(second.get('t-o2')).not.toBe(first.get('t-o2'));
    expect(second.get('t-o2')?.newTotal).toBe(600);
  });
});
