import type { OrderRow, ReservationLine } from '@comanda/shared-schema';
import { describe, expect, it } from 'vitest';
import { buildGlance } from './glance.ts';

const order = (over: Omit<Partial<OrderRow>, 'businessId'>): OrderRow => ({
  id: 'o',
  businessId: 'b1',
  accettato: 1,
  isCalled: false,
  status: 1,
  ...over,
});
const line = (over: Partial<ReservationLine>): ReservationLine => ({
  id: 'l',
  dishId: null,
  name: 'x',
  price: 500,
  amount: 1,
  variant: [],
  selected_option: 'cucina',
  status: 'preparation',
  printed: 0,
  accettato: 1,
  lastUpdate: '2026-11-22T19:00:00.000Z',
  ...over,
});

describe("the owner's day at a glance", () => {
  it('counts open tables and pending deliveries, and values what is open and accepted', () => {
    const glance = buildGlance(
      [
        order({ id: 'o1', tableId: 'T1' }),
        order({ id: 'o2', tableId: 'T2' }),
        order({ id: 'd1', deliveryId: 'd1', tipo: 'Consegna', accettato: 0 }),
        order({ id: 'd2', deliveryId: 'd2', tipo: 'Ritiro', accettato: 1 }),
      ],
      [
        line({ id: 'a', tableId: 'T1', price: 600, amount: 2 }),
        line({ id: 'b', tableId: 'T2', price: 450, status: 'owner_deleted' }),
        line({ id: 'c', deliveryId: 'd1', price: 900, accettato: 0 }),
        line({ id: 'd', deliveryId: 'd2', price: 750 }),
      ],
    );
    expect(glance).toEqual({ openTables: 2, pendingDeliveries: 1, openValue: 1200 + 750 });
  });

  it('a card checkout not paid yet is neither a pending delivery nor open value', () => {
    const glance = buildGlance(
      [
        order({ id: 'd1', deliveryId: 'd1', tipo: 'Consegna', accettato: 0 }),
        order({
          id: 'd9',
          deliveryId: 'd9',
          tipo: 'Ritiro',
          accettato: 0,
          paymentIntentId: 'pi_9',
          checkoutUntil: '2026-11-22T19:15:00.000Z',
        }),
      ],
      [line({ id: 'c', deliveryId: 'd1', accettato: 0 }), line({ id: 'z', deliveryId: 'd9', accettato: 0 })],
    );
    expect(glance).toEqual({ openTables: 0, pendingDeliveries: 1, openValue: 0 });
  });

  it('values each open order at its real total: the discount out, the delivery fee in', () => {
    const glance = buildGlance(
      [
        // The table: 58,00 € of dishes, a 4,00 € discount.
        order({ id: 'o1', tableId: 'T1', sconto: 400 }),
        // A delivery of 12,00 € with its 2,50 € fee.
        order({ id: 'd1', deliveryId: 'd1', tipo: 'Consegna', costoConsegna: 250 }),
        // A pickup pays no fee, whatever the row holds.
        order({ id: 'd2', deliveryId: 'd2', tipo: 'Ritiro', costoConsegna: 250 }),
      ],
      [
        line({ id: 'a', tableId: 'T1', price: 1450, amount: 4 }),
        line({ id: 'b', deliveryId: 'd1', price: 600, amount: 2 }),
        line({ id: 'c', deliveryId: 'd2', price: 800 }),
      ],
    );
    expect(glance.openValue).toBe(5400 + 1450 + 800);
  });
});
