import { type Category, type MenuDish, sortByPosition, sortDishes, t } from '@comanda/shared-schema';
import type { OutboxEntry } from '../../data/db.ts';
import { MENU_MUTATION_NAMES } from './mutators.ts';

/** `list` with the item at `index` moved by `delta` places; the same list when it cannot move. */
export function moveItem<T>(list: readonly T[], index: number, delta: number): T[] {
  const to = index + delta;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length || delta === 0) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** Categories in the order every device shows them: position, then name, then id. */
export const sortCategories = (categories: readonly Category[]): Category[] => sortByPosition(categories);

/**
 * Moving a category up (-1) or down (+1): the ids to send to `ownerCategoryReorder`, in their new
 * order, from the first category up to the last one that moves. The server numbers them 0, 1,
 * 2... and keeps the rest after them, so duplicate positions (two devices adding offline)
 * straighten out, and a category deleted elsewhere further down cannot spoil the move. Null
 * when nothing moves.
 */
export function reorderIds(categories: readonly Category[], id: string, delta: -1 | 1): string[] | null {
  const sorted = sortCategories(categories);
  const index = sorted.findIndex((c) => c.id === id);
  const to = index + delta;
  if (index < 0 || to < 0 || to >= sorted.length) return null;
  return moveItem(sorted, index, delta)
    .slice(0, Math.max(index, to) + 1)
    .map((c) => c.id);
}

/** Longest name of a category, dish, variant or option (menu-owner.ts). */
export const MENU_NAME_MAX = 100;

/**
 * A category name as the calls take it: trimmed, 1 to 100 characters; and not one the venue
 * already has (two 'Pizze' tabs would puzzle customers). `selfId`: the category being renamed.
 */
export function checkCategoryName(
  name: string,
  categories: readonly Category[],
  selfId?: string,
): { ok: true; value: string } | { ok: false; error: string } {
  const value = name.trim();
  if (!value) return { ok: false, error: t.requiredField };
  if (value.length > MENU_NAME_MAX) return { ok: false, error: t.menuNameTooLong };
  const key = value.toLocaleLowerCase('it');
  if (categories.some((c) => c.id !== selfId && c.name.trim().toLocaleLowerCase('it') === key)) {
    return { ok: false, error: t.menuDuplicateCategory };
  }
  return { ok: true, value };
}

/** Lower case, no accents, single spaces: 'Caffè  Latte' and 'caffe latte' match. */
export function normalizeSearch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('it')
    .replace(/\s+/g, ' ')
    .trim();
}

export interface MenuIndex {
  categories: Category[];
  /** Dishes of each category, sorted by name, each with its name ready for search. */
  dishes: Map<string, Array<{ dish: MenuDish; key: string }>>;
}

/** Sorted once per data change, so a search keystroke only filters. */
export function indexMenu(categories: readonly Category[], dishes: readonly MenuDish[]): MenuIndex {
  const byCategory = new Map<string, Array<{ dish: MenuDish; key: string }>>();
  for (const dish of sortDishes(dishes)) {
    const list = byCategory.get(dish.categoryId) ?? [];
    list.push({ dish, key: normalizeSearch(dish.name) });
    byCategory.set(dish.categoryId, list);
  }
  return { categories: sortCategories(categories), dishes: byCategory };
}

export interface MenuSection {
  category: Category;
  dishes: MenuDish[];
  /** Dishes of the category before the search filter (deleting needs it empty). */
  total: number;
}

/** The sections to draw: every category, or while searching only those with a matching dish. */
export function filterMenu(index: MenuIndex, query: string): MenuSection[] {
  const needle = normalizeSearch(query);
  const sections: MenuSection[] = [];
  for (const category of index.categories) {
    const all = index.dishes.get(category.id) ?? [];
    const dishes = needle ? all.filter((d) => d.key.includes(needle)) : all;
    if (needle && dishes.length === 0) continue;
    sections.push({ category, dishes: dishes.map((d) => d.dish), total: all.length });
  }
  return sections;
}

/** `text: reason`, or just the text when the server's reason says the same. */
export function withReason(text: string, reason: string | null | undefined): string {
  return reason && reason !== text ? `${text}: ${reason}` : text;
}

/** What the menu screen says about a menu change the server refused. */
export function refusalText(entry: Pick<OutboxEntry, 'name' | 'errorCode' | 'error'>): string {
  if (entry.errorCode === 'CATEGORY_NOT_EMPTY') return t.menuCategoryNotEmpty;
  return withReason(t.genericError, entry.error);
}

function targetId(body: unknown): string | null {
  if (typeof body !== 'object' || body === null) return null;
  const id = (body as { id?: unknown }).id;
  return typeof id === 'string' ? id : null;
}

/**
 * Refused menu changes, split into those shown beside their category or dish (it is still on
 * screen) and the rest (a refused add: its item vanished with its optimistic effect).
 */
export function menuRefusals(
  refused: readonly OutboxEntry[],
  onScreen: (id: string) => boolean,
): { byId: Map<string, string>; loose: Array<{ mutationId: number; text: string }> } {
  const byId = new Map<string, string>();
  const loose: Array<{ mutationId: number; text: string }> = [];
  for (const entry of refused) {
    if (!MENU_MUTATION_NAMES.has(entry.name)) continue;
    const id = targetId(entry.body);
    const text = refusalText(entry);
    if (id && onScreen(id)) byId.set(id, text);
    else loose.push({ mutationId: entry.mutationId, text });
  }
  return { byId, loose };
}
