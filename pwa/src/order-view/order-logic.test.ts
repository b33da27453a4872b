import { describe, expect, it } from 'vitest';
import {
  amountMinusDisabled,
  discountMinusDisabled,
  discountPlusDisabled,
  discountVisible,
  parseMobileAmount,
  priceMinusDisabled,
  stepAmount,
  stepDiscount,
  stepPrice,
  viewTotals,
} from './order-logic.ts';

describe('quantity limits (spec 5)', () => {
  it('disables the owner minus at 1 or less and never goes under 1', () => {
    expect(amountMinusDisabled(1)).toBe(true);
    expect(amountMinusDisabled(0)).toBe(true);
    expect(amountMinusDisabled(2)).toBe(false);
    expect(stepAmount(1, -1)).toBe(1);
    expect(stepAmount(2, -1)).toBe(1);
    expect(stepAmount(999, 1)).toBe(999);
  });

  it("resets a mobile input with '-' or a zero to 1", () => {
    expect(parseMobileAmount('-3')).toBe(1);
    expect(parseMobileAmount('-')).toBe(1);
    expect(parseMobileAmount('0')).toBe(1);
    expect(parseMobileAmount('00')).toBe(1);
    expect(parseMobileAmount('4')).toBe(4);
    expect(parseMobileAmount('10')).toBe(10);
  });
});

describe('price limits (spec 5)', () => {
  it('steps by 0,50 € and never below 0; minus disabled at 0', () => {
    expect(stepPrice(1000, 1)).toBe(1050);
    expect(stepPrice(1000, -1)).toBe(950);
    expect(stepPrice(30, -1)).toBe(0);
    expect(stepPrice(0, -1)).toBe(0);
    expect(priceMinusDisabled(0)).toBe(true);
    expect(priceMinusDisabled(50)).toBe(false);
  });
});

describe('discount limits (spec 5)', () => {
  it('steps by 0,50 €, never below 0 nor reaching the subtotal', () => {
    expect(stepDiscount(0, -1, 1000)).toBe(0);
    expect(stepDiscount(0, 1, 1000)).toBe(50);
    expect(stepDiscount(900, 1, 1000)).toBe(950);
    expect(stepDiscount(950, 1, 1000)).toBe(950);
    expect(stepDiscount(0, 1, 50)).toBe(0);
    expect(discountMinusDisabled(0)).toBe(true);
    expect(discountPlusDisabled(950, 1000)).toBe(true);
    expect(discountPlusDisabled(900, 1000)).toBe(false);
  });

  it('is hidden with a payment intent or before acceptance (null counts as accepted)', () => {
    expect(discountVisible({ paymentIntentId: null, accettato: 1 })).toBe(true);
    expect(discountVisible({ paymentIntentId: null, accettato: null })).toBe(true);
    expect(discountVisible({ paymentIntentId: 'pi_1', accettato: 1 })).toBe(false);
    expect(discountVisible({ paymentIntentId: null, accettato: 0 })).toBe(false);
  });
});

describe('view totals (spec 2.12)', () => {
  const lines = [
    { price: 800, amount: 2, status: 'preparation' as const },
    { price: 500, amount: 1, status: 'owner_deleted' as const },
  ];
  it('leaves owner_deleted lines out and adds the delivery fee only for Consegna', () => {
    expect(viewTotals({ tipo: 'Consegna', costoConsegna: 200, sconto: 100 }, lines)).toEqual({
      subtotal: 1600,
      costoConsegna: 200,
      serviceFee: 0,
      total: 1800,
      sconto: 100,
      newTotal: 1700,
    });
    expect(viewTotals({ tipo: 'Ritiro', costoConsegna: 200 }, lines).costoConsegna).toBe(0);
  });

  it('adds the card service fee when a payment intent exists', () => {
    expect(viewTotals({ tipo: null, paymentIntentId: 'pi_1' }, lines).serviceFee).toBeGreaterThan(0);
  });
});
