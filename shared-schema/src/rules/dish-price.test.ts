import { describe, expect, it } from 'vitest';
import { dishUnitPrice, lineTotal, selectedOptions } from './dish-price.ts';

const bacon = { id: 'o1', label: 'bacon', price: 150 };
const egg = { id: 'o2', label: 'uovo', price: 100 };
const large = { id: 'o3', label: 'grande', price: 200 };
const none = { id: 'o4', label: 'no, grazie!', price: 0 };

describe('dishUnitPrice', () => {
  it('is the base price without variants', () => {
    expect(dishUnitPrice({ price: 800 })).toBe(800);
    expect(dishUnitPrice({ price: 800, variants: [] })).toBe(800);
    expect(dishUnitPrice({ price: 800, variants: null })).toBe(800);
  });

  it('adds every option of a multi variant (selected is an array)', () => {
    expect(dishUnitPrice({ price: 800, variants: [{ selected: [bacon, egg] }] })).toBe(1050);
  });

  it('adds the single option of a single-choice variant', () => {
    expect(dishUnitPrice({ price: 800, variants: [{ selected: large }] })).toBe(1000);
  });

  it('mixes shapes and ignores empty or absent selections', () => {
    expect(
      dishUnitPrice({
        price: 800,
        variants: [{ selected: large }, { selected: [bacon, egg] }, { selected: null }, {}, { selected: [] }],
      }),
    ).toBe(1250);
  });

  it("counts a 'no, grazie!' option at its price (0)", () => {
    expect(dishUnitPrice({ price: 500, variants: [{ selected: [none] }] })).toBe(500);
  });
});

describe('lineTotal', () => {
  it('is amount times the unit price', () => {
    expect(lineTotal({ price: 800, amount: 3, variants: [{ selected: [bacon] }] })).toBe(2850);
    expect(lineTotal({ price: 800, amount: 0 })).toBe(0);
  });
});

describe('selectedOptions', () => {
  it('normalises the two shapes', () => {
    expect(selectedOptions({ selected: large })).toEqual([large]);
    expect(selectedOptions({ selected: [bacon, egg] })).toEqual([bacon, egg]);
    expect(selectedOptions({})).toEqual([]);
  });
});
