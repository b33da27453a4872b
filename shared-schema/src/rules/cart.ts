import type { VariantOption } from '../entities.ts';
import { lineTotal, selectedOptions } from './dish-price.ts';

/**
 * The cart (spec 2.9, 3, 5): lines with identical dish, variants, note and option are merged by
 * adding amounts; setting an amount to 0 removes the line; only lines with amount above 0 are
 * sent. Functions return new arrays and never mutate their input.
 */

/** Largest amount of one line (the wire schema's bound). */
export const MAX_LINE_AMOUNT = 999;

/** What the cart rules read of a line: a menu dish line or an out-of-menu line. */
export interface CartItem {
  /** The dish id; null for an out-of-menu line. */
  id: string | null;
  name: string;
  /** Base price in cents. */
  price: number;
  amount: number;
  note?: string | null | undefined;
  /** Kitchen area of an out-of-menu line. */
  selected_option?: string | null | undefined;
  variants?:
    | ReadonlyArray<{ id: string; selected?: readonly VariantOption[] | VariantOption | null }>
    | undefined;
}

function normalNote(note: string | null | undefined): string {
  return (note ?? '').trim();
}

/**
 * The identity of a line for merging. Dish lines: dish id; out-of-menu lines (id null): their
 * description and price. Then the kitchen area, the trimmed note, and per variant the ids of the
 * chosen options, in an order-independent form (choosing A then B equals B then A).
 */
export function cartLineKey(line: CartItem): string {
  const dish = line.id === null ? ['out_menu', line.name.trim(), line.price] : ['dish', line.id];
  const variants: [string, string[]][] = [];
  for (const variant of line.variants ?? []) {
    const options = selectedOptions(variant)
      .map((option) => option.id)
      .sort();
    if (options.length > 0) variants.push([variant.id, options]);
  }
  variants.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([dish, line.selected_option ?? null, normalNote(line.note), variants]);
}

export function sameCartLine(a: CartItem, b: CartItem): boolean {
  return cartLineKey(a) === cartLineKey(b);
}

/** Add a line: merged into an identical one (amounts added, capped at 999) or appended. */
export function addToCart<L extends CartItem>(cart: readonly L[], line: L): L[] {
  const key = cartLineKey(line);
  const index = cart.findIndex((existing) => cartLineKey(existing) === key);
  if (index === -1) return [...cart, line];
  return cart.map((existing, i) =>
    i === index
      ? { ...existing, amount: Math.min(MAX_LINE_AMOUNT, existing.amount + line.amount) }
      : existing,
  );
}

/** Merge every identical line of a list (e.g. a cart restored from session storage). */
export function mergeCart<L extends CartItem>(lines: readonly L[]): L[] {
  return lines.reduce<L[]>((cart, line) => addToCart(cart, line), []);
}

/** Set the amount of the line with this key; 0 or less removes it. */
export function setLineAmount<L extends CartItem>(cart: readonly L[], key: string, amount: number): L[] {
  if (!Number.isInteger(amount)) throw new RangeError(`Amount must be an integer: ${amount}`);
  if (amount <= 0) return removeLine(cart, key);
  const capped = Math.min(MAX_LINE_AMOUNT, amount);
  return cart.map((line) => (cartLineKey(line) === key ? { ...line, amount: capped } : line));
}

/** The 'Rimuovi' button. */
export function removeLine<L extends CartItem>(cart: readonly L[], key: string): L[] {
  return cart.filter((line) => cartLineKey(line) !== key);
}

/** Change a line's note; if it now equals another line, the two merge. */
export function setLineNote<L extends CartItem>(
  cart: readonly L[],
  key: string,
  note: string | undefined,
): L[] {
  return mergeCart(cart.map((line) => (cartLineKey(line) === key ? { ...line, note } : line)));
}

/** Only lines with amount above 0 are sent (spec 5). */
export function linesToSend<L extends CartItem>(cart: readonly L[]): L[] {
  return cart.filter((line) => line.amount > 0);
}

/** Total in cents of the lines that would be sent. */
export function cartTotal(cart: readonly CartItem[]): number {
  return linesToSend(cart).reduce((sum, line) => sum + lineTotal(line), 0);
}

/** Number of items, for the 'Visualizza e invia' badge. */
export function cartCount(cart: readonly CartItem[]): number {
  return linesToSend(cart).reduce((sum, line) => sum + line.amount, 0);
}
