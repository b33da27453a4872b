import { t, tf } from '@comanda/shared-schema';
import { describe, expect, it } from 'vitest';
import { checkTypedDiscount, checkTypedPrice, DISCOUNT_PERCENTS, percentDiscount } from './money-entry.ts';

describe('a typed price (spec 5: not below 0, two decimals)', () => {
  it('reads the Italian comma, a dot, one decimal and a trailing euro sign', () => {
    expect(checkTypedPrice('12,50')).toEqual({ ok: true, cents: 1250 });
    expect(checkTypedPrice('12,5')).toEqual({ ok: true, cents: 1250 });
    expect(checkTypedPrice('12.5')).toEqual({ ok: true, cents: 1250 });
    expect(checkTypedPrice(' 9 € ')).toEqual({ ok: true, cents: 900 });
    expect(checkTypedPrice('0')).toEqual({ ok: true, cents: 0 });
  });

  it('refuses with a clear Italian message what breaks the rules', () => {
    expect(checkTypedPrice('')).toEqual({ ok: false, error: t.priceEmpty });
    expect(checkTypedPrice('-3')).toEqual({ ok: false, error: t.moneyNegative });
    expect(checkTypedPrice('3,555')).toEqual({ ok: false, error: t.moneyTooPrecise });
    expect(checkTypedPrice('tre euro')).toEqual({ ok: false, error: t.moneyInvalid });
    expect(checkTypedPrice('12,50,1')).toEqual({ ok: false, error: t.moneyInvalid });
    expect(checkTypedPrice('99999999')).toEqual({ ok: false, error: t.moneyTooLarge });
  });
});

describe('a typed discount (spec 5: not below 0, below the subtotal)', () => {
  it('takes any cent below the subtotal; an emptied field removes the discount', () => {
    expect(checkTypedDiscount('10', 5800)).toEqual({ ok: true, cents: 1000 });
    expect(checkTypedDiscount('2,37', 5800)).toEqual({ ok: true, cents: 237 });
    expect(checkTypedDiscount('57,99', 5800)).toEqual({ ok: true, cents: 5799 });
    expect(checkTypedDiscount('', 5800)).toEqual({ ok: true, cents: 0 });
    expect(checkTypedDiscount('0', 0)).toEqual({ ok: true, cents: 0 });
  });

  it('refuses reaching the subtotal, negatives and three decimals', () => {
    expect(checkTypedDiscount('58', 5800)).toEqual({ ok: false, error: tf.discountBelowSubtotal(5800) });
    expect(checkTypedDiscount('60,00', 5800)).toEqual({ ok: false, error: tf.discountBelowSubtotal(5800) });
    expect(checkTypedDiscount('1', 0)).toEqual({ ok: false, error: tf.discountBelowSubtotal(0) });
    expect(checkTypedDiscount('-5', 5800)).toEqual({ ok: false, error: t.moneyNegative });
    expect(checkTypedDiscount('1,005', 5800)).toEqual({ ok: false, error: t.moneyTooPrecise });
    expect(tf.discountBelowSubtotal(5800)).toBe('Lo sconto deve essere inferiore al subtotale (58,00 €)');
  });
});

describe('quick percentage discounts', () => {
  it('offers 5, 10, 15 and 20%', () => {
    expect(DISCOUNT_PERCENTS).toEqual([5, 10, 15, 20]);
  });

  it('rounds to the cent, half up', () => {
    expect(percentDiscount(5800, 10)).toBe(580);
    expect(percentDiscount(2345, 10)).toBe(235);
    expect(percentDiscount(2345, 15)).toBe(352);
    expect(percentDiscount(2345, 5)).toBe(117);
    expect(percentDiscount(999, 20)).toBe(200);
  });

  it('is no choice when it gives nothing or would reach the subtotal', () => {
    expect(percentDiscount(0, 10)).toBeNull();
    expect(percentDiscount(9, 5)).toBeNull();
    expect(percentDiscount(100, 100)).toBeNull();
    expect(percentDiscount(100, 0)).toBeNull();
  });
});
