import {
  type CartLine,
  cartLineKey,
  checkNote,
  NOTE_MAX,
  SESSION_STORAGE_KEYS,
  t,
} from '@comanda/shared-schema';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  CartStore,
  cartStoreFor,
  checkCartNote,
  clearAfterOrder,
  eraseOrder,
  forgetKeptCart,
  KEPT_CART_MS,
  resetCartStores,
  tableScope,
} from './cart-store.ts';
import { readCachedMenu, readUserCache, writeCachedMenu } from './session-store.ts';

const scope = tableScope('venue-1', 'table-1');

function line(over: Partial<CartLine> = {}): CartLine {
  return {
    id: 'd1',
    name: 'Margherita',
    price: 600,
    categoryId: 'c1',
    categoryName: 'Pizze',
    variants: [],
    amount: 1,
    ...over,
  };
}

const maxi = {
  id: 'v1',
  name: 'Formato',
  multi: 0 as const,
  position: 0,
  options: [{ id: 'o2', label: 'Maxi', price: 400 }],
  selected: { id: 'o2', label: 'Maxi', price: 400 },
};

function storedCart(): { scope: string; lines: CartLine[]; attempt?: { key: string } | null } | null {
  const raw = sessionStorage.getItem(SESSION_STORAGE_KEYS.cart);
  return raw ? JSON.parse(raw) : null;
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
  resetCartStores();
});

describe('cart store: merging and amounts', () => {
  it('merges identical lines by adding amounts, keeps different variants or notes apart', () => {
    const store = new CartStore(scope);
    store.add(line());
    store.add(line());
    store.add(line({ variants: [maxi] }));
    store.add(line({ note: 'ben cotta' }));
    expect(store.lines.map((l) => l.amount)).toEqual([2, 1, 1]);
  });

  it('minus never goes below 1, plus adds, 0 removes the line', () => {
    const store = new CartStore(scope);
    store.add(line());
    const key = cartLineKey(store.lines[0]!);
    store.decrement(key);
    expect(store.lines[0]?.amount).toBe(1);
    store.increment(key);
    store.increment(key);
    expect(store.lines[0]?.amount).toBe(3);
    store.decrement(key);
    expect(store.lines[0]?.amount).toBe(2);
    store.setAmount(key, 0);
    expect(store.lines).toEqual([]);
  });

  it("'Rimuovi' takes the line out", () => {
    const store = new CartStore(scope);
    store.add(line());
    store.add(line({ id: 'd2', name: 'Marinara' }));
    store.remove(cartLineKey(store.lines[0]!));
    expect(store.lines.map((l) => l.name)).toEqual(['Marinara']);
  });
});

describe('cart store: notes', () => {
  it('accepts 150 characters, refuses 151 and keeps the previous note', () => {
    const store = new CartStore(scope);
    store.add(line());
    const ok = store.setNote(cartLineKey(store.lines[0]!), 'x'.repeat(NOTE_MAX));
    expect(ok.ok).toBe(true);
    const key = cartLineKey(store.lines[0]!);
    const refused = store.setNote(key, 'y'.repeat(NOTE_MAX + 1));
    expect(refused).toEqual({ ok: false, error: t.noteTooLong });
    expect(store.lines[0]?.note).toBe('x'.repeat(NOTE_MAX));
  });

  it('an empty note removes it; a note that makes two lines equal merges them', () => {
    const store = new CartStore(scope);
    store.add(line());
    store.add(line({ note: 'senza sale' }));
    expect(store.lines).toHaveLength(2);
    store.setNote(cartLineKey(store.lines[1]!), '  ');
    expect(store.lines).toHaveLength(1);
    expect(store.lines[0]).toMatchObject({ amount: 2 });
    expect(store.lines[0]?.note).toBeUndefined();
  });
});

describe('cart store: session storage', () => {
  it("keeps the cart under 'cart' with its scope, read back by a new store of the same table", () => {
    cartStoreFor(scope).add(line());
    expect(storedCart()).toMatchObject({ scope, lines: [{ id: 'd1', amount: 1 }] });
    resetCartStores();
    expect(cartStoreFor(scope).lines).toHaveLength(1);
    // Another table starts empty and does not wipe the stored cart until it changes.
    expect(new CartStore(tableScope('venue-1', 'table-2')).lines).toEqual([]);
    expect(storedCart()?.scope).toBe(scope);
  });

  it('drops what is not a cart line and merges duplicates found in storage', () => {
    sessionStorage.setItem(
      SESSION_STORAGE_KEYS.cart,
      JSON.stringify({ scope, lines: [line(), line(), { junk: true }, line({ amount: 0 })] }),
    );
    expect(new CartStore(scope).lines).toEqual([line({ amount: 2 })]);
  });

  it('success clears the cart, the cached dishes (reservationDishes) and the erase-order state', () => {
    const store = cartStoreFor(scope);
    store.add(line());
    writeCachedMenu({ ownerId: 'venue-1', source: 'user', dishes: [], categories: [] });
    eraseOrder(store, 'venue-1');
    expect(readUserCache(scope)?.orderErased).toBe(true);
    expect(store.lines).toEqual([]);
    store.add(line());
    clearAfterOrder(store, 'venue-1');
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.cart)).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEYS.reservationDishes)).toBeNull();
    expect(readCachedMenu('venue-1', 'user')).toBeNull();
    expect(readUserCache(scope)?.orderErased).toBe(false);
    expect(JSON.parse(sessionStorage.getItem(SESSION_STORAGE_KEYS.userCache) ?? '{}')).toMatchObject({
      scope,
    });
  });
});

describe('cart store: send attempts', () => {
  it('reuses one key while the cart is unchanged, even after a reload; a change makes a new one', () => {
    let n = 0;
    const key = () => `key-${++n}-abcdefgh`;
    const store = cartStoreFor(scope);
    store.add(line());
    const first = store.attemptFor((cart) => ({ cart }), key);
    expect(first.body).toEqual({ cart: [line()] });
    expect(store.attemptFor((cart) => ({ cart }), key).key).toBe(first.key);
    resetCartStores();
    const reloaded = cartStoreFor(scope);
    expect(reloaded.getSnapshot().attempt?.key).toBe(first.key);
    expect(reloaded.attemptFor((cart) => ({ cart }), key).key).toBe(first.key);
    reloaded.increment(cartLineKey(reloaded.lines[0]!));
    expect(reloaded.getSnapshot().attempt).toBeNull();
    expect(reloaded.attemptFor((cart) => ({ cart }), key).key).not.toBe(first.key);
  });

  it('a refusal drops the attempt so the next send has a new key', () => {
    const store = cartStoreFor(scope);
    store.add(line());
    const first = store.attemptFor(() => ({}));
    store.dropAttempt();
    expect(store.attemptFor(() => ({})).key).not.toBe(first.key);
  });
});

describe('checkCartNote', () => {
  it('is the shared note rule', () => {
    const cases = [
      '',
      'senza sale',
      'a'.repeat(NOTE_MAX - 1),
      'a'.repeat(NOTE_MAX),
      'a'.repeat(NOTE_MAX + 1),
    ];
    // Counted in UTF-16 units, as `maxLength` counts: an emoji is two.
    cases.push(`${'a'.repeat(NOTE_MAX - 1)}🍕`);
    for (const note of cases) expect(checkCartNote(note)).toEqual(checkNote(note));
  });
});

describe('cart store: the cart kept on the device for a diner who comes back', () => {
  /** Another tab (or the same link opened again later): no session storage, a new store. */
  function newTab(at: number, forScope = scope): CartStore {
    sessionStorage.clear();
    resetCartStores();
    return new CartStore(forScope, () => at);
  }

  it("finds the same table's cart again in a new tab, for the evening only", () => {
    const t0 = Date.parse('2025-07-15T19:00:00Z');
    const first = new CartStore(scope, () => t0);
    first.add(line());
    first.add(line({ id: 'd2', name: 'Coca-Cola', price: 300 }));
    expect(newTab(t0 + 60_000).lines.map((l) => l.name)).toEqual(['Margherita', 'Coca-Cola']);
    expect(newTab(t0 + KEPT_CART_MS - 1).lines).toHaveLength(2);
    expect(newTab(t0 + KEPT_CART_MS).lines).toEqual([]);
  });

  it('never brings it to another table, and forgets it after an order, an erased bill or a logout', () => {
    const t0 = Date.parse('2025-07-15T19:00:00Z');
    new CartStore(scope, () => t0).add(line());
    expect(newTab(t0, tableScope('venue-1', 'table-2')).lines).toEqual([]);

    const again = newTab(t0);
    expect(again.lines).toHaveLength(1);
    clearAfterOrder(again, 'venue-1');
    expect(newTab(t0).lines).toEqual([]);

    new CartStore(scope, () => t0).add(line());
    eraseOrder(newTab(t0), 'venue-1');
    expect(newTab(t0).lines).toEqual([]);

    new CartStore(scope, () => t0).add(line());
    forgetKeptCart();
    expect(newTab(t0).lines).toEqual([]);
  });
});
