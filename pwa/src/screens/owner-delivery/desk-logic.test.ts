import { deskTitle, type OrderRow, type ReservationLine, timeLabel } from '@comanda/shared-schema';
import { describe, expect, it } from 'vitest';
import { buildDesk, paymentMethodLabel, serviceDay } from './desk-logic.ts';

const base: OrderRow = {
  id: 'd1',
  deliveryId: 'd1',
  tipo: 'Ritiro',
  nome: 'Mario',
  accettato: 0,
  isCalled: false,
  businessId: 'b',
  status: 1,
};

describe('desk logic', () => {
  it("service day: the small hours belong to the evening before, on Rome's clock", () => {
    expect(serviceDay('2026-03-10T19:30:00Z')).toBe('2026-03-10'); // 20:30 Rome
    expect(serviceDay('2026-03-10T23:30:00Z')).toBe('2026-03-10'); // 00:30 Rome, next calendar day
    expect(serviceDay('2026-03-11T02:30:00Z')).toBe('2026-03-10'); // 03:30 Rome
    expect(serviceDay('2026-03-11T04:30:00Z')).toBe('2026-03-11'); // 05:30 Rome
  });

  it("splits pending and today's accepted, oldest first, with fee only for consegna", () => {
    const now = Date.parse('2026-03-10T20:00:00Z');
    const orders: OrderRow[] = [
      { ...base, id: 'late', deliveryId: 'late', createdAt: '2026-03-10T19:50:00Z' },
      { ...base, id: 'early', deliveryId: 'early', createdAt: '2026-03-10T19:10:00Z' },
      {
        ...base,
        id: 'acc',
        deliveryId: 'acc',
        accettato: null,
        tipo: 'Consegna',
        costoConsegna: 250,
        createdAt: '2026-03-10T18:00:00Z',
      },
      { ...base, id: 'old', deliveryId: 'old', accettato: 1, createdAt: '2026-03-08T18:00:00Z' },
      { ...base, id: 't', deliveryId: null, tipo: null, tableId: 'T1', accettato: 1 },
    ];
    const line: Omit<ReservationLine, 'id' | 'name' | 'price' | 'amount'> = {
      tableId: null,
      dishId: null,
      variant: [],
      selected_option: 'cucina',
      status: 'preparation',
      printed: 0,
      accettato: 1,
      lastUpdate: '',
    };
    const desk = buildDesk(
      orders,
      [
        { ...line, id: 'l1', deliveryId: 'acc', name: 'Pizza', price: 800, amount: 2 },
        {
          ...line,
          id: 'l2',
          deliveryId: 'acc',
          name: 'Tolta',
          price: 500,
          amount: 1,
          status: 'owner_deleted',
        },
      ],
      now,
    );
    expect(desk.pending.map((e) => e.key)).toEqual(['early', 'late']);
    expect(
      desk.accepted.map((e) => [e.key, e.totals.subtotal, e.totals.costoConsegna, e.totals.total]),
    ).toEqual([['acc', 1600, 250, 1850]]);
  });

  it('totals by the rule of the order view: a discount leads to NUOVO TOTALE', () => {
    const order: OrderRow = { ...base, accettato: 1, tipo: 'Consegna', costoConsegna: 250, sconto: 400 };
    const pizza: ReservationLine = {
      id: 'l1',
      deliveryId: 'd1',
      tableId: null,
      dishId: null,
      name: 'Pizza',
      price: 1000,
      amount: 1,
      variant: [],
      selected_option: 'cucina',
      status: 'preparation',
      printed: 0,
      accettato: 1,
      lastUpdate: '',
    };
    const [entry] = buildDesk([order], [pizza], Date.now()).accepted;
    expect(entry?.totals).toEqual({
      subtotal: 1000,
      costoConsegna: 250,
      serviceFee: 0,
      total: 1250,
      sconto: 400,
      newTotal: 850,
    });
  });

  it('labels: time, payment method, title', () => {
    expect(timeLabel({ orario: '20:15', primaPossibile: true })).toBe('Prima possibile (20:15)');
    expect(timeLabel({ orario: '20:15', primaPossibile: false })).toBe('20:15');
    expect(timeLabel({ orario: null })).toBe('Prima possibile');
    expect(paymentMethodLabel({ paymentIntentId: 'pi_1' })).toBe('Carta, online');
    expect(paymentMethodLabel({ paymentIntentId: null })).toBe('Alla cassa o alla consegna');
    expect(deskTitle({ ...base, orario: '21:00', cognome: 'Rossi' })).toBe('Ritiro 21:00 Mario Rossi');
  });
});
