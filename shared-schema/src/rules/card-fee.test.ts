import { describe, expect, it } from 'vitest';
import { cardCharge, cardFee } from './card-fee.ts';

// Expected totals computed by hand / exact fractions from total = (amount + 0.405) / 0.95535,
// rounded up to the cent.
describe('cardCharge', () => {
  it('charges 10,90 € for a 10,00 € order (10,8913 rounded up)', () => {
    expect(cardCharge(1000)).toEqual({ amount: 1000, fee: 90, total: 1090 });
  });

  it('matches known values', () => {
    expect(cardCharge(1250)).toEqual({ amount: 1250, fee: 101, total: 1351 }); // 13,5081
    expect(cardCharge(2000)).toEqual({ amount: 2000, fee: 136, total: 2136 }); // 21,3587
    expect(cardCharge(10_000)).toEqual({ amount: 10_000, fee: 510, total: 10_510 }); // 105,0976
    expect(cardCharge(50)).toEqual({ amount: 50, fee: 45, total: 95 }); // 0,9473
    expect(cardCharge(1)).toEqual({ amount: 1, fee: 43, total: 44 }); // 0,4344
  });

  it('does not round up an exact total: 95,13 € gives exactly 100,00 €', () => {
    // (95.13 + 0.405) / 0.95535 = 100 exactly.
    expect(cardCharge(9513)).toEqual({ amount: 9513, fee: 487, total: 10_000 });
  });

  it('rounds up one cent past an exact total: 95,14 € gives 100,02 € (100,0105)', () => {
    expect(cardCharge(9514)).toEqual({ amount: 9514, fee: 488, total: 10_002 });
  });

  it('never charges less than the formula', () => {
    for (let amount = 1; amount <= 5000; amount += 7) {
      const { total } = cardCharge(amount);
      const exact = (amount / 100 + 0.405) / 0.95535;
      expect(total / 100).toBeGreaterThanOrEqual(exact - 1e-9);
      expect(total / 100 - exact).toBeLessThan(0.01);
    }
  });

  it('handles the largest amount exactly', () => {
    expect(cardCharge(100_000_000)).toEqual({ amount: 100_000_000, fee: 4_673_723, total: 104_673_723 });
  });

  it('charges no fee on nothing', () => {
    expect(cardCharge(0)).toEqual({ amount: 0, fee: 0, total: 0 });
  });

  it('refuses negative, fractional and oversized amounts', () => {
    expect(() => cardCharge(-1)).toThrow(RangeError);
    expect(() => cardCharge(10.5)).toThrow(RangeError);
    expect(() => cardCharge(100_000_001)).toThrow(RangeError);
  });

  it('cardFee is the difference', () => {
    expect(cardFee(1000)).toBe(90);
  });
});
