import { describe, expect, it } from 'vitest';
import { cardCharge } from './card-fee.ts';
import {
  chargedDiscount,
  isValidDiscount,
  orderBill,
  orderCollection,
  orderSubtotal,
  orderTotals,
  withDiscount,
} from './order-totals.ts';

const lines = [
  { price: 800, amount: 2, status: 'preparation' },
  { price: 450, amount: 1, status: 'ready' },
  { price: 1000, amount: 3, status: 'owner_deleted' },
];

describe('order totals', () => {
  it('counts lines deleted by the owner as 0', () => {
    expect(orderSubtotal(lines)).toBe(2050);
  });

  it('adds delivery and service costs, then subtracts the discount', () => {
    expect(orderTotals(lines, { costoConsegna: 250, serviceFee: 101, sconto: 400 })).toEqual({
      subtotal: 2050,
      costoConsegna: 250,
      serviceFee: 101,
      total: 2401,
      sconto: 400,
      newTotal: 2001,
    });
    expect(orderTotals([])).toEqual({
      subtotal: 0,
      costoConsegna: 0,
      serviceFee: 0,
      total: 0,
      sconto: 0,
      newTotal: 0,
    });
  });
});

describe('orderBill: one total for an order, wherever it is shown', () => {
  // The order: 58,00 € of dishes, a 4,00 € discount, a 2,50 € delivery fee.
  const dishes = [
    { price: 1200, amount: 4, status: 'preparation' },
    { price: 500, amount: 2, status: 'completed' },
    { price: 900, amount: 1, status: 'owner_deleted' },
  ];

  it('a delivery: lines, the fee, minus the discount', () => {
    expect(orderBill({ tipo: 'Consegna', costoConsegna: 250, sconto: 400 }, dishes)).toEqual({
      subtotal: 5800,
      costoConsegna: 250,
      serviceFee: 0,
      total: 6050,
      sconto: 400,
      newTotal: 5650,
    });
  });

  it('the delivery fee counts only for Consegna (spec 9): a pickup or a table has none', () => {
    expect(orderBill({ tipo: 'Ritiro', costoConsegna: 250 }, dishes).newTotal).toBe(5800);
    expect(orderBill({ tipo: null, costoConsegna: 250 }, dishes).newTotal).toBe(5800);
    expect(orderBill({ costoConsegna: 250, sconto: 400 }, dishes)).toMatchObject({
      costoConsegna: 0,
      total: 5800,
      newTotal: 5400,
    });
  });

  it('lines the owner deleted count 0, whatever their price', () => {
    const all = dishes.map((l) => ({ ...l, status: 'owner_deleted' }));
    expect(orderBill({ tipo: 'Consegna', costoConsegna: 250 }, all)).toMatchObject({
      subtotal: 0,
      total: 250,
      newTotal: 250,
    });
  });

  it('a card order pays the card fee of spec 9 on lines and delivery fee, rounded up to the cent', () => {
    const bill = orderBill({ tipo: 'Consegna', costoConsegna: 250, paymentIntentId: 'pi_1' }, dishes);
    // (60,50 + 0,305 + 0,1) / 0,95535 = 63,7567... -> 63,76 €: the fee is 3,26 €.
    expect(bill).toMatchObject({ subtotal: 5800, costoConsegna: 250, serviceFee: 326, total: 6376 });
    expect(bill.total).toBe(cardCharge(6050).total);
    // The customer's summary says carta before any intent exists: the same fee.
    expect(orderBill({ tipo: 'Consegna', costoConsegna: 250, card: true }, dishes).serviceFee).toBe(326);
    // Cassa pays none.
    expect(
      orderBill({ tipo: 'Consegna', costoConsegna: 250, paymentIntentId: null }, dishes).serviceFee,
    ).toBe(0);
  });

  it('the card fee as charged (the server keeps it) is taken as it is', () => {
    const bill = orderBill({ tipo: 'Ritiro', paymentIntentId: 'pi_1', serviceFee: 0 }, dishes);
    expect(bill).toMatchObject({ serviceFee: 0, total: 5800 });
    expect(orderBill({ tipo: 'Ritiro', paymentIntentId: 'pi_1', serviceFee: 301 }, dishes).total).toBe(6101);
  });

  it('a discount left above the subtotal (lines deleted after it) is capped: never below the fees', () => {
    const one = [{ price: 300, amount: 1 }];
    expect(orderBill({ tipo: 'Consegna', costoConsegna: 250, sconto: 1000 }, one)).toMatchObject({
      sconto: 300,
      newTotal: 250,
    });
    expect(chargedDiscount(-50, 300)).toBe(0);
    expect(chargedDiscount(250, 300)).toBe(250);
  });

  it('every figure stays in whole cents', () => {
    for (let price = 0; price < 3000; price += 37) {
      const bill = orderBill({ tipo: 'Consegna', costoConsegna: 250, paymentIntentId: 'pi' }, [
        { price, amount: 3 },
      ]);
      for (const value of Object.values(bill)) expect(Number.isInteger(value)).toBe(true);
      expect(bill.total).toBe(bill.subtotal + bill.costoConsegna + bill.serviceFee);
    }
  });
});

describe('withDiscount', () => {
  it('another discount: capped at the subtotal, NUOVO TOTALE recomputed', () => {
    const bill = orderBill({ tipo: 'Consegna', costoConsegna: 250 }, [{ price: 1000, amount: 1 }]);
    expect(withDiscount(bill, 400)).toMatchObject({ total: 1250, sconto: 400, newTotal: 850 });
    expect(withDiscount(bill, 5000)).toMatchObject({ sconto: 1000, newTotal: 250 });
    expect(withDiscount(bill, 0)).toEqual(bill);
  });
});

describe('orderCollection: what Completa collects', () => {
  const card = orderBill({ tipo: 'Consegna', costoConsegna: 250, paymentIntentId: 'pi_1' }, [
    { price: 1000, amount: 2 },
  ]);

  it('cassa: the whole NUOVO TOTALE', () => {
    const bill = orderBill({ sconto: 400 }, [{ price: 1450, amount: 4 }]);
    expect(orderCollection({ paymentIntentId: null }, bill)).toEqual({
      method: 'cassa',
      paid: false,
      due: 5400,
      amount: 5400,
    });
  });

  it('a card payment confirmed: nothing to collect, recorded at what was paid', () => {
    expect(orderCollection({ paymentIntentId: 'pi_1', statusPay: 1 }, card)).toEqual({
      method: 'carta',
      paid: true,
      due: 0,
      amount: card.total,
    });
  });

  it('a card order never paid is paid cassa, without the card fee', () => {
    expect(orderCollection({ paymentIntentId: 'pi_1', statusPay: 0 }, card)).toEqual({
      method: 'cassa',
      paid: false,
      due: 2250,
      amount: 2250,
    });
  });

  it('a cassa order the owner marked paid: nothing left to collect', () => {
    const bill = orderBill({ tipo: 'Ritiro' }, [{ price: 800, amount: 1 }]);
    expect(orderCollection({ paymentIntentId: null, statusPay: 1 }, bill)).toEqual({
      method: 'cassa',
      paid: true,
      due: 0,
      amount: 800,
    });
  });
});

describe('isValidDiscount', () => {
  it('whole cents, at least 0, below the subtotal (typed and percentage discounts fall between steps)', () => {
    expect(isValidDiscount(0, 0)).toBe(true);
    expect(isValidDiscount(50, 2050)).toBe(true);
    expect(isValidDiscount(2000, 2050)).toBe(true);
    expect(isValidDiscount(2049, 2050)).toBe(true);
    expect(isValidDiscount(75, 2050)).toBe(true);
    expect(isValidDiscount(2050, 2050)).toBe(false);
    expect(isValidDiscount(2100, 2050)).toBe(false);
    expect(isValidDiscount(-50, 2050)).toBe(false);
    expect(isValidDiscount(1, 0)).toBe(false);
    expect(isValidDiscount(0.5, 2050)).toBe(false);
  });
});
