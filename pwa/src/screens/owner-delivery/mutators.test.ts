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

const pending: OrderRow = {
  id: 'd1',
  tableId: null,
  deliveryId: 'd1',
  tipo: 'Consegna',
  accettato: 0,
  isCalled: false,
  businessId: 'b',
  status: 1,
  paymentIntentId: null,
  statusPay: 0,
};
const accepted: OrderRow = { ...pending, id: 'd2', deliveryId: 'd2', accettato: 1 };
const card: OrderRow = { ...pending, id: 'd3', deliveryId: 'd3', paymentIntentId: 'pi_1' };
const table: OrderRow = {
  id: 'o1',
  tableId: 'T1',
  number: 3,
  accettato: 1,
  isCalled: false,
  businessId: 'b',
  status: 1,
};

function line(id: string, deliveryId: string | null, over: Partial<ReservationLine> = {}): ReservationLine {
  return reservationLine(id, {
    tableId: deliveryId ? null : 'T1',
    deliveryId,
    accettato: deliveryId === 'd1' || deliveryId === 'd3' ? 0 : 1,
    ...over,
  });
}

const server: ServerRow[] = [
  ...[pending, accepted, card, table].map((data) => ({ entity: 'order', entityId: data.id, data })),
  ...[line('a', 'd1'), line('b', 'd1'), line('c', 'd2'), line('e', 'd3'), line('t', null)].map((data) => ({
    entity: 'line',
    entityId: data.id,
    data,
  })),
];

function compose<T>(entity: 'order' | 'line', outbox: OutboxEntry[]) {
  return composeEntity<T>(entity, server, outbox, mutators, 1);
}
const orders = (outbox: OutboxEntry[]) =>
  new Map(compose<OrderRow>('order', outbox).rows.map((o) => [o.id, o]));
const lines = (outbox: OutboxEntry[]) =>
  new Map(compose<ReservationLine>('line', outbox).rows.map((l) => [l.id, l]));

describe('delivery desk mutators', () => {
  it('accept: the order and every one of its lines accepted, nothing else touched', () => {
    const outbox = [entry('deliveryAccept', { deliveryId: 'd1' })];
    expect(orders(outbox).get('d1')?.accettato).toBe(1);
    const after = lines(outbox);
    expect([after.get('a')?.accettato, after.get('b')?.accettato]).toEqual([1, 1]);
    expect(after.get('e')?.accettato).toBe(0);
    expect(after.get('t')).toEqual(line('t', null));
  });

  it('accept twice or of an accepted order is a no-op; of a gone order, left out', () => {
    const twice = [entry('deliveryAccept', { deliveryId: 'd2' })];
    expect(orders(twice).get('d2')).toBe(accepted);
    const gone = compose('order', [entry('deliveryAccept', { deliveryId: 'zz' })]);
    expect(gone.failed).toHaveLength(1);
    // A table's order is not a delivery (the server's NOT_FOUND).
    expect(compose('order', [entry('deliveryAccept', { deliveryId: 'o1' })]).failed).toHaveLength(1);
  });

  it('reject: the order and its lines go; twice is a no-op', () => {
    const outbox = [
      entry('deliveryReject', { deliveryId: 'd1', seenVersion: 5 }),
      entry('deliveryReject', { deliveryId: 'd1' }),
    ];
    const result = compose<OrderRow>('order', outbox);
    expect(result.failed).toEqual([]);
    expect(result.rows.map((o) => o.id)).toEqual(['d2', 'd3', 'o1']);
    expect([...lines(outbox).keys()]).toEqual(['c', 'e', 't']);
  });

  it('reject of an accepted order shows nothing (the server refuses)', () => {
    const result = compose<OrderRow>('order', [entry('deliveryReject', { deliveryId: 'd2' })]);
    expect(result.failed).toHaveLength(1);
    expect(result.rows.map((o) => o.id)).toContain('d2');
  });

  it('reject of a card order takes it off at once: the server refunds before removing it', () => {
    const result = compose<OrderRow>('order', [entry('deliveryReject', { deliveryId: 'd3' })]);
    expect(result.failed).toHaveLength(0);
    expect(result.rows.map((o) => o.id)).not.toContain('d3');
  });

  it("'Blocca mittente' rejects as reject does: the order and its lines go; an accepted one stays", () => {
    const outbox = [entry('deliveryBlockSender', { deliveryId: 'd1', seenVersion: 5 })];
    const result = compose<OrderRow>('order', outbox);
    expect(result.failed).toEqual([]);
    expect(result.rows.map((o) => o.id)).toEqual(['d2', 'd3', 'o1']);
    expect([...lines(outbox).keys()]).toEqual(['c', 'e', 't']);
    const refused = compose<OrderRow>('order', [entry('deliveryBlockSender', { deliveryId: 'd2' })]);
    expect(refused.failed).toHaveLength(1);
    expect(refused.rows.map((o) => o.id)).toContain('d2');
  });

  it('accept after reject is left out, as the server refuses it (ALREADY_DECIDED)', () => {
    const outbox = [
      entry('deliveryReject', { deliveryId: 'd1' }),
      entry('deliveryAccept', { deliveryId: 'd1' }),
    ];
    const result = compose<OrderRow>('order', outbox);
    expect(result.failed).toEqual([outbox[1]?.mutationId]);
    expect(result.rows.find((o) => o.id === 'd1')).toBeUndefined();
  });

  it('payment status: set on the order; the same status is a no-op; a closed order is left out', () => {
    expect(
      orders([entry('deliveryChangeStatusPay', { deliveryId: 'd2', status: 1 })]).get('d2')?.statusPay,
    ).toBe(1);
    expect(orders([entry('deliveryChangeStatusPay', { deliveryId: 'd2', status: 0 })]).get('d2')).toBe(
      accepted,
    );
    expect(
      compose('order', [entry('deliveryChangeStatusPay', { deliveryId: 'zz', status: 1 })]).failed,
    ).toHaveLength(1);
  });

  it('a refused entry shows nothing: the order is back as the server has it', () => {
    const outbox = [entry('deliveryAccept', { deliveryId: 'd1' }, 'refused')];
    expect(orders(outbox).get('d1')).toBe(pending);
    expect(lines(outbox).get('a')?.accettato).toBe(0);
  });
});
