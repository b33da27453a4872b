import { describe, expect, it } from 'vitest';
import { lowestFreeTableNumber } from './table-number.ts';

describe("a new table's number", () => {
  it('is the lowest the venue does not use: a deleted number is given again', () => {
    expect(lowestFreeTableNumber([])).toBe(1);
    expect(lowestFreeTableNumber([1, 2, 3])).toBe(4);
    expect(lowestFreeTableNumber([2, 7])).toBe(1);
    expect(lowestFreeTableNumber([7, 1, 2, 4, 3])).toBe(5);
    expect(lowestFreeTableNumber(new Set([1, 1, 2]))).toBe(3);
  });
});
