import { sortByPosition } from './sorting.ts';

/** A category that a reorder moves, and the position it moves to. */
export interface PositionMove<C> {
  category: C;
  position: number;
}

/**
 * The owner menu's reorder (api/menu-owner.ts ownerCategoryReorder): the categories named take
 * positions 0, 1, 2... in the order named (an id named twice counts once); the others follow in
 * their display order (spec 2.8). Gives only the categories whose position changes, or null when
 * an id names none of `categories` (the server refuses it as not found; the PWA leaves the change
 * out of its view).
 */
export function categoryReorder<C extends { id: string; position: number; name: string }>(
  categories: readonly C[],
  ids: readonly string[],
): PositionMove<C>[] | null {
  const byId = new Map(categories.map((c) => [c.id, c]));
  const named: C[] = [];
  for (const id of new Set(ids)) {
    const category = byId.get(id);
    if (!category) return null;
    named.push(category);
  }
  const rest = sortByPosition(categories).filter((c) => !ids.includes(c.id));
  const moves: PositionMove<C>[] = [];
  [...named, ...rest].forEach((category, position) => {
    if (category.position !== position) moves.push({ category, position });
  });
  return moves;
}
