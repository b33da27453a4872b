import { describe, expect, it } from 'vitest';
import { isValidDiscount, orderSubtotal, orderTotals } from './order-totals.ts';

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

describe('isValidDiscount', () => {
  it('steps of 0,50 €, at least 0, below the subtotal', () => {
    expect(isValidDiscount(0, 0)).toBe(true);
    expect(isValidDiscount(50, 2050)).toBe(true);
    expect(isValidDiscount(2000, 2050)).toBe(true);
    expect(isValidDiscount(2050, 2050)).toBe(false);
    expect(isValidDiscount(2100, 2050)).toBe(false);
    expect(isValidDiscount(-50, 2050)).toBe(false);
    expect(isValidDiscount(75, 2050)).toBe(false);
    expect(isValidDiscount(0.5, 2050)).toBe(false);
  });
});
