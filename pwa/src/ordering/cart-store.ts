import {
  addToCart,
  type CartLine,
  type Check,
  cartLineKey,
  linesToSend,
  MAX_LINE_AMOUNT,
  mergeCart,
  NOTE_MAX,
  removeLine,
  SESSION_STORAGE_KEYS,
  setLineAmount,
  setLineNote,
  t,
} from '@comanda/shared-schema';
import { safeLocalStorage } from '../data/safe-storage.ts';
import { uuid } from '../data/uuid.ts';
import {
  clearCachedMenu,
  patchUserCache,
  readJson,
  removeKey,
  tableScope,
  writeJson,
} from './session-store.ts';

/**
 * One send attempt of a cart: the Idempotency-Key and the exact body, frozen when the customer
 * first pressed 'Ordina'. Retries (automatic or the retry button, even after a reload) resend
 * these bytes with this key, so the server stores the order once. A changed cart is a new order:
 * its fingerprint no longer matches and the next send makes a new attempt.
 */
export interface SendAttempt<B = unknown> {
  key: string;
  fingerprint: string;
  body: B;
}

/** What session storage `cart` holds: the lines of one scope and the pending attempt. */
interface StoredCart {
  scope: string;
  lines: CartLine[];
  attempt?: SendAttempt | null;
}

export interface CartSnapshot {
  lines: CartLine[];
  attempt: SendAttempt | null;
}

/** `table:{ownerId}:{tableId}` (kept with the session keys) or, for a delivery, `delivery:{ownerId}`. */
export { tableScope };

export function deliveryScope(ownerId: string): string {
  return `delivery:${ownerId}`;
}

/**
 * The note rule of spec 5, exactly shared-schema's `checkNote` (`cart-store.test.ts` holds the two
 * equal). Not imported: `checkNote` sits in the shared validation module, which loads zod for the
 * owner's forms, and the cart is part of the customer's first load, which must not.
 */
export function checkCartNote(note: string): Check<string> {
  return note.length > NOTE_MAX ? { ok: false, error: t.noteTooLong } : { ok: true, value: note };
}

/** The lines a send would carry, in a form that changes whenever the order would change. */
export function cartFingerprint(lines: readonly CartLine[]): string {
  return JSON.stringify(linesToSend(lines).map((line) => [cartLineKey(line), line.amount]));
}

function sanitize(lines: unknown): CartLine[] {
  if (!Array.isArray(lines)) return [];
  const valid = lines.filter(
    (l): l is CartLine =>
      typeof l === 'object' &&
      l !== null &&
      typeof (l as CartLine).id === 'string' &&
      typeof (l as CartLine).name === 'string' &&
      Number.isInteger((l as CartLine).price) &&
      Number.isInteger((l as CartLine).amount),
  );
  return mergeCart(valid).filter((l) => l.amount > 0);
}

/**
 * The cart kept on the device beyond the tab (local storage `comandaKeptCart`): a diner who
 * closes the tab, or whose phone opens the QR code in a new one, finds the cart again on the same
 * table's (or venue's delivery) page. Spec 9's session storage `cart` stays the working copy;
 * this mirror holds the last scope's lines only, and only for KEPT_CART_MS (one evening), so a
 * cart never waits for the next day's visitor. Cleared by an order, an erased bill and a logout.
 */
export const KEPT_CART_KEY = 'comandaKeptCart';
export const KEPT_CART_MS = 6 * 60 * 60_000;

interface KeptCart {
  scope: string;
  lines: CartLine[];
  savedAt: number;
}

function keptLines(scope: string, now: number): CartLine[] {
  try {
    const kept = JSON.parse(safeLocalStorage()?.getItem(KEPT_CART_KEY) ?? 'null') as KeptCart | null;
    if (!kept || kept.scope !== scope || !(now - kept.savedAt < KEPT_CART_MS)) return [];
    return sanitize(kept.lines);
  } catch {
    return [];
  }
}

function keepLines(scope: string, lines: readonly CartLine[], now: number): void {
  try {
    const storage = safeLocalStorage();
    if (lines.length > 0) storage?.setItem(KEPT_CART_KEY, JSON.stringify({ scope, lines, savedAt: now }));
    else if (keptScope() === scope) storage?.removeItem(KEPT_CART_KEY);
  } catch {
    // Full or blocked storage: the cart lasts for this tab, as spec 9 has it.
  }
}

function keptScope(): string | null {
  try {
    return (
      (JSON.parse(safeLocalStorage()?.getItem(KEPT_CART_KEY) ?? 'null') as KeptCart | null)?.scope ?? null
    );
  } catch {
    return null;
  }
}

/** A logout: nothing of this person's carts stays on the phone. */
export function forgetKeptCart(): void {
  try {
    safeLocalStorage()?.removeItem(KEPT_CART_KEY);
  } catch {
    // Nothing stored.
  }
}

/**
 * The cart of one table (or delivery): the shared cart rules over session storage, observable
 * for `useSyncExternalStore`. One instance per scope per tab (see `cartStoreFor`), so the menu
 * route and the cart route edit the same lines.
 */
export class CartStore {
  private snapshot: CartSnapshot;
  private readonly listeners = new Set<() => void>();

  constructor(
    readonly scope: string,
    private readonly now: () => number = Date.now,
  ) {
    const stored = readJson<StoredCart>(SESSION_STORAGE_KEYS.cart);
    // A cart of another table stays untouched until this one changes: the customer may go back.
    // Nothing for this scope in the tab: the cart kept on the device, if this scope's and recent.
    this.snapshot =
      stored?.scope === scope
        ? { lines: sanitize(stored.lines), attempt: stored.attempt ?? null }
        : { lines: keptLines(scope, now()), attempt: null };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): CartSnapshot => this.snapshot;

  get lines(): CartLine[] {
    return this.snapshot.lines;
  }

  private commit(lines: CartLine[], attempt: SendAttempt | null = this.snapshot.attempt): void {
    // An attempt describes one exact cart; once the cart differs it can never be resent.
    const keep = attempt && attempt.fingerprint === cartFingerprint(lines) ? attempt : null;
    this.snapshot = { lines, attempt: keep };
    if (lines.length === 0 && !keep) removeKey(SESSION_STORAGE_KEYS.cart);
    else
      writeJson(SESSION_STORAGE_KEYS.cart, { scope: this.scope, lines, attempt: keep } satisfies StoredCart);
    keepLines(this.scope, lines, this.now());
    for (const listener of this.listeners) listener();
  }

  /** Add a line (merged with an identical one). */
  add(line: CartLine): void {
    this.commit(addToCart(this.lines, { ...line, amount: Math.max(1, line.amount) }));
  }

  /** Set a line's amount; 0 removes it (spec 5). */
  setAmount(key: string, amount: number): void {
    this.commit(setLineAmount(this.lines, key, Math.max(0, Math.min(MAX_LINE_AMOUNT, Math.trunc(amount)))));
  }

  increment(key: string): void {
    const line = this.lines.find((l) => cartLineKey(l) === key);
    if (line) this.setAmount(key, line.amount + 1);
  }

  /** The minus button: never below 1 (spec 5 'minus is disabled below 2'). */
  decrement(key: string): void {
    const line = this.lines.find((l) => cartLineKey(l) === key);
    if (line && line.amount >= 2) this.setAmount(key, line.amount - 1);
  }

  remove(key: string): void {
    this.commit(removeLine(this.lines, key));
  }

  /**
   * Save a line's note. Beyond 150 characters the note is refused and the line keeps its
   * previous note (spec 5). An empty note removes it. Returns the check for the message.
   */
  setNote(key: string, note: string | undefined): Check<string> {
    const text = (note ?? '').trim();
    const check = checkCartNote(text);
    if (!check.ok) return check;
    this.commit(setLineNote(this.lines, key, text === '' ? undefined : text));
    return check;
  }

  clear(): void {
    this.commit([], null);
  }

  /**
   * The attempt to send now: the pending one while the cart is unchanged (a retry), else a new
   * key with the body `makeBody` builds from the lines above 0.
   */
  attemptFor<B>(makeBody: (lines: CartLine[]) => B, newKey: () => string = uuid): SendAttempt<B> {
    const fingerprint = cartFingerprint(this.lines);
    const pending = this.snapshot.attempt;
    if (pending && pending.fingerprint === fingerprint) return pending as SendAttempt<B>;
    const attempt: SendAttempt<B> = { key: newKey(), fingerprint, body: makeBody(linesToSend(this.lines)) };
    this.commit(this.lines, attempt);
    return attempt;
  }

  /** After a definitive refusal: the server stored it under this key, a resend needs a new one. */
  dropAttempt(): void {
    if (this.snapshot.attempt) this.commit(this.lines, null);
  }
}

const stores = new Map<string, CartStore>();

export function cartStoreFor(scope: string): CartStore {
  let store = stores.get(scope);
  if (!store) {
    store = new CartStore(scope);
    stores.set(scope, store);
  }
  return store;
}

/** Tests: forget the per-scope instances (session storage is cleared separately). */
export function resetCartStores(): void {
  stores.clear();
}

/** Spec 4: on success the cart, the cached dishes and the erase-order state are cleared. */
export function clearAfterOrder(store: CartStore, ownerId: string): void {
  store.clear();
  clearCachedMenu();
  patchUserCache(store.scope, ownerId, { orderErased: false });
}

/** Live `eraseOrder`: the venue closed the table's bill; the cart goes and the notice shows. */
export function eraseOrder(store: CartStore, ownerId: string): void {
  store.clear();
  patchUserCache(store.scope, ownerId, { orderErased: true });
}
