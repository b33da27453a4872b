import { describe, expect, it } from 'vitest';
import {
  addToCart,
  type CartItem,
  cartCount,
  cartLineKey,
  cartTotal,
  linesToSend,
  MAX_LINE_AMOUNT,
  mergeCart,
  removeLine,
  sameCartLine,
  setLineAmount,
  setLineNote,
} from './cart.ts';

const bacon = { id: 'o1', label: 'bacon', price: 150 };
const egg = { id: 'o2', label: 'uovo', price: 100 };
const large = { id: 'o3', label: 'grande', price: 200 };

function pizza(extra: Partial<CartItem> = {}): CartItem {
  return { id: 'd1', name: 'Margherita', price: 800, amount: 1, variants: [], ...extra };
}

describe('cart merging', () => {
  it('adds amounts of identical lines', () => {
    const cart = addToCart(addToCart([], pizza()), pizza({ amount: 2 }));
    expect(cart).toHaveLength(1);
    expect(cart[0]?.amount).toBe(3);
  });

  it('does not mutate the input cart', () => {
    const first = [pizza()];
    const next = addToCart(first, pizza());
    expect(first[0]?.amount).toBe(1);
    expect(next[0]?.amount).toBe(2);
  });

  it('keeps lines apart when dish, note, variants or option differ', () => {
    let cart = addToCart([], pizza());
    cart = addToCart(cart, pizza({ id: 'd2' }));
    cart = addToCart(cart, pizza({ note: 'ben cotta' }));
    cart = addToCart(cart, pizza({ variants: [{ id: 'v1', selected: [bacon] }] }));
    cart = addToCart(cart, pizza({ variants: [{ id: 'v1', selected: [egg] }] }));
    cart = addToCart(cart, pizza({ variants: [{ id: 'v2', selected: [bacon] }] }));
    expect(cart).toHaveLength(6);
  });

  it('treats option order, empty variants and note spacing as the same line', () => {
    const a = pizza({
      note: 'senza sale',
      variants: [
        { id: 'v1', selected: [bacon, egg] },
        { id: 'v2', selected: large },
      ],
    });
    const b = pizza({
      note: '  senza sale ',
      variants: [
        { id: 'v2', selected: [large] },
        { id: 'v3', selected: [] },
        { id: 'v1', selected: [egg, bacon] },
      ],
    });
    expect(sameCartLine(a, b)).toBe(true);
    expect(sameCartLine(pizza({ note: undefined }), pizza({ note: '' }))).toBe(true);
    expect(sameCartLine(pizza({ note: null }), pizza({ note: ' ' }))).toBe(true);
  });

  it('merges out-of-menu lines only with the same description, price, area and note', () => {
    const water: CartItem = {
      id: null,
      name: 'Acqua frizzante',
      price: 200,
      amount: 1,
      selected_option: 'bar',
    };
    let cart = addToCart([], water);
    cart = addToCart(cart, { ...water, amount: 2 });
    cart = addToCart(cart, { ...water, price: 250 });
    cart = addToCart(cart, { ...water, selected_option: 'cucina' });
    cart = addToCart(cart, { ...water, name: 'Acqua naturale' });
    expect(cart.map((l) => l.amount)).toEqual([3, 1, 1, 1]);
  });

  it('never confuses a dish with an out-of-menu line of the same name', () => {
    expect(sameCartLine(pizza(), { ...pizza(), id: null })).toBe(false);
  });

  it('caps a merged amount at the maximum', () => {
    const cart = addToCart([pizza({ amount: MAX_LINE_AMOUNT - 1 })], pizza({ amount: 5 }));
    expect(cart[0]?.amount).toBe(MAX_LINE_AMOUNT);
  });

  it('mergeCart collapses a restored list', () => {
    const cart = mergeCart([pizza(), pizza({ id: 'd2' }), pizza({ amount: 4 })]);
    expect(cart.map((l) => [l.id, l.amount])).toEqual([
      ['d1', 5],
      ['d2', 1],
    ]);
  });
});

describe('amounts, notes, removal', () => {
  it('sets an amount and removes the line at 0 or below', () => {
    const cart = [pizza(), pizza({ id: 'd2' })];
    const key = cartLineKey(pizza());
    expect(setLineAmount(cart, key, 4)[0]?.amount).toBe(4);
    expect(setLineAmount(cart, key, 0).map((l) => l.id)).toEqual(['d2']);
    expect(setLineAmount(cart, key, -1).map((l) => l.id)).toEqual(['d2']);
    expect(() => setLineAmount(cart, key, 1.5)).toThrow(RangeError);
  });

  it("'Rimuovi' removes only that line", () => {
    const cart = [pizza(), pizza({ note: 'x' })];
    expect(removeLine(cart, cartLineKey(pizza({ note: 'x' })))).toEqual([pizza()]);
  });

  it('merges two lines once a note makes them identical', () => {
    const cart = [pizza({ note: 'piccante', amount: 2 }), pizza({ amount: 1 })];
    const next = setLineNote(cart, cartLineKey(pizza({ note: 'piccante' })), undefined);
    expect(next).toHaveLength(1);
    expect(next[0]?.amount).toBe(3);
  });
});

describe('totals', () => {
  it('sums amount times unit price with options', () => {
    const cart = [
      pizza({ amount: 2 }), // 16,00
      pizza({ id: 'd2', price: 1000, variants: [{ id: 'v', selected: [bacon, egg] }] }), // 12,50
    ];
    expect(cartTotal(cart)).toBe(2850);
    expect(cartCount(cart)).toBe(3);
  });

  it('sends and counts only lines with amount above 0', () => {
    const cart = [pizza({ amount: 0 }), pizza({ id: 'd2', amount: 2 })];
    expect(linesToSend(cart).map((l) => l.id)).toEqual(['d2']);
    expect(cartTotal(cart)).toBe(1600);
    expect(cartCount(cart)).toBe(2);
    expect(cartTotal([])).toBe(0);
  });
});
