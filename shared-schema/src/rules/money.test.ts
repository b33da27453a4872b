import { describe, expect, it } from 'vitest';
import { centsToEuro, euroToCents, formatAmount, formatEuro, parsePrice } from './money.ts';

describe('formatEuro', () => {
  it('writes two decimals, a decimal comma, a plain space and the euro sign', () => {
    expect(formatEuro(1250)).toBe('12,50 €');
    expect(formatEuro(1250)).not.toContain('\u00a0');
  });

  it('pads cents and whole euros', () => {
    expect(formatEuro(0)).toBe('0,00 €');
    expect(formatEuro(5)).toBe('0,05 €');
    expect(formatEuro(50)).toBe('0,50 €');
    expect(formatEuro(100)).toBe('1,00 €');
    expect(formatEuro(99)).toBe('0,99 €');
    expect(formatEuro(1001)).toBe('10,01 €');
  });

  it('groups thousands with a dot from 1.000,00 on', () => {
    expect(formatEuro(99_999)).toBe('999,99 €');
    expect(formatEuro(100_000)).toBe('1.000,00 €');
    expect(formatEuro(123_456)).toBe('1.234,56 €');
    expect(formatEuro(100_000_000)).toBe('1.000.000,00 €');
    expect(formatEuro(1_234_567_890)).toBe('12.345.678,90 €');
  });

  it('puts the minus sign first for negative amounts', () => {
    expect(formatEuro(-300)).toBe('-3,00 €');
    expect(formatEuro(-5)).toBe('-0,05 €');
    expect(formatEuro(-123_456)).toBe('-1.234,56 €');
  });

  it('refuses non-integer cents instead of printing garbage', () => {
    expect(() => formatEuro(12.5)).toThrow(RangeError);
    expect(() => formatEuro(Number.NaN)).toThrow(RangeError);
    expect(() => formatEuro(Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });

  it('formatAmount is the number part alone', () => {
    expect(formatAmount(1250)).toBe('12,50');
    expect(formatAmount(0)).toBe('0,00');
  });
});

describe('parsePrice', () => {
  it('accepts comma or dot, one or two decimals', () => {
    expect(parsePrice('12,5')).toEqual({ ok: true, cents: 1250 });
    expect(parsePrice('12.50')).toEqual({ ok: true, cents: 1250 });
    expect(parsePrice('12')).toEqual({ ok: true, cents: 1200 });
    expect(parsePrice('0,05')).toEqual({ ok: true, cents: 5 });
    expect(parsePrice('0')).toEqual({ ok: true, cents: 0 });
    expect(parsePrice('007,10')).toEqual({ ok: true, cents: 710 });
  });

  it('tolerates spaces and a trailing euro sign', () => {
    expect(parsePrice('  12,50 € ')).toEqual({ ok: true, cents: 1250 });
    expect(parsePrice('3€')).toEqual({ ok: true, cents: 300 });
  });

  it('reports an empty price', () => {
    expect(parsePrice('')).toEqual({ ok: false, error: 'empty' });
    expect(parsePrice('   ')).toEqual({ ok: false, error: 'empty' });
    expect(parsePrice(' € ')).toEqual({ ok: false, error: 'empty' });
  });

  it('reports negative, over-precise and malformed prices', () => {
    expect(parsePrice('-1')).toEqual({ ok: false, error: 'negative' });
    expect(parsePrice('-0,50')).toEqual({ ok: false, error: 'negative' });
    expect(parsePrice('12,345')).toEqual({ ok: false, error: 'too_precise' });
    expect(parsePrice('1.234')).toEqual({ ok: false, error: 'too_precise' });
    for (const bad of ['12,', ',5', '1,2,3', '1.234,50', 'abc', '12 50', '+5', '1e3', '--1', '12,5a']) {
      expect(parsePrice(bad), bad).toEqual({ ok: false, error: 'invalid' });
    }
  });

  it('refuses amounts above 1.000.000,00 €', () => {
    expect(parsePrice('1000000')).toEqual({ ok: true, cents: 100_000_000 });
    expect(parsePrice('1000000,01')).toEqual({ ok: false, error: 'too_large' });
    expect(parsePrice('99999999999999999999999')).toEqual({ ok: false, error: 'too_large' });
  });
});

describe('euroToCents / centsToEuro', () => {
  it('converts number inputs as typed, half away from zero', () => {
    expect(euroToCents(12.5)).toBe(1250);
    expect(euroToCents(0.29)).toBe(29);
    expect(euroToCents(1.005)).toBe(101);
    expect(euroToCents(1.004)).toBe(100);
    expect(euroToCents(-2.5)).toBe(-250);
    expect(euroToCents(0)).toBe(0);
    expect(euroToCents(-0.001)).toBe(0);
  });

  it('refuses non-finite numbers', () => {
    expect(() => euroToCents(Number.NaN)).toThrow(RangeError);
  });

  it('turns cents into a euro number for step inputs', () => {
    expect(centsToEuro(1250)).toBe(12.5);
    expect(() => centsToEuro(1.5)).toThrow(RangeError);
  });
});
