import { NO_THANKS_LABEL } from '../constants.ts';

/**
 * Display orders of spec 2.7 and 2.8. Italian collation, case-insensitive but accent-aware
 * ('pesca' before 'pèsca' only when all else is equal), numbers compared as numbers ('Pizza 2'
 * before 'Pizza 10'). Ties fall back to the id so the order never depends on input order.
 */
let collator: Intl.Collator | null = null;

export function compareNames(a: string, b: string): number {
  // Made on first use, not when the module loads: a browser's first Intl.Collator loads ICU's
  // collation data, about 50 ms of a phone's main thread at 4x slowdown, and a customer's menu
  // comes sorted from the server (`menuSections` in the PWA's ordering/use-menu.ts).
  collator ??= new Intl.Collator('it', { sensitivity: 'accent', numeric: true });
  return collator.compare(a.trim(), b.trim());
}

function byId(a: { id?: string | null }, b: { id?: string | null }): number {
  const x = a.id ?? '';
  const y = b.id ?? '';
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Dishes sorted by name (spec 2.7). */
export function sortDishes<D extends { name: string; id?: string | null }>(dishes: readonly D[]): D[] {
  return [...dishes].sort((a, b) => compareNames(a.name, b.name) || byId(a, b));
}

/** Variants (and categories) sorted by position, then name (spec 2.8). */
export function sortByPosition<V extends { position: number; name: string; id?: string | null }>(
  items: readonly V[],
): V[] {
  return [...items].sort((a, b) => a.position - b.position || compareNames(a.name, b.name) || byId(a, b));
}

/** Variants sorted by position (spec 2.8). */
export const sortVariants = sortByPosition;

/** Is this the 'no, grazie!' option? Tolerates case and surrounding spaces. */
export function isNoThanks(label: string): boolean {
  return label.trim().toLocaleLowerCase('it') === NO_THANKS_LABEL;
}

/** Options: 'no, grazie!' first, then alphabetically by label (spec 2.8). */
export function sortOptions<O extends { label: string; id?: string | null }>(options: readonly O[]): O[] {
  return [...options].sort(
    (a, b) =>
      Number(isNoThanks(b.label)) - Number(isNoThanks(a.label)) ||
      compareNames(a.label, b.label) ||
      byId(a, b),
  );
}
