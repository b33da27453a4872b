import type { Category, MenuDish } from '@comanda/shared-schema';
import { t } from '@comanda/shared-schema';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../data/db.ts';
import {
  checkCategoryName,
  filterMenu,
  indexMenu,
  menuRefusals,
  moveItem,
  normalizeSearch,
  refusalText,
  reorderIds,
} from './menu-logic.ts';

const cat = (id: string, name: string, position: number): Category => ({
  id,
  name,
  position,
  area: 'cucina',
});
const dish = (id: string, name: string, categoryId: string): MenuDish => ({
  id,
  name,
  price: 100,
  categoryId,
  categoryName: '',
  variants: [],
});

describe('moveItem', () => {
  it('moves up and down, and leaves the ends alone', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a'], -1, 1)).toEqual(['a']);
  });
});

describe('reorderIds', () => {
  const cats = [cat('c', 'Dolci', 2), cat('a', 'Antipasti', 0), cat('b', 'Pizze', 1), cat('d', 'Vini', 3)];

  it('names the categories from the first to the last one that moves, in the new order', () => {
    expect(reorderIds(cats, 'b', -1)).toEqual(['b', 'a']);
    expect(reorderIds(cats, 'b', 1)).toEqual(['a', 'c', 'b']);
    expect(reorderIds(cats, 'c', 1)).toEqual(['a', 'b', 'd', 'c']);
  });

  it('does nothing at the ends or for an unknown id', () => {
    expect(reorderIds(cats, 'a', -1)).toBeNull();
    expect(reorderIds(cats, 'd', 1)).toBeNull();
    expect(reorderIds(cats, 'x', 1)).toBeNull();
  });

  it('follows the displayed order when positions collide', () => {
    // Two devices added 'Bibite' and 'Birre' offline: both at 3, shown by name.
    const messy = [cat('a', 'Antipasti', 0), cat('y', 'Birre', 3), cat('x', 'Bibite', 3)];
    expect(reorderIds(messy, 'y', -1)).toEqual(['a', 'y', 'x']);
  });
});

describe('checkCategoryName', () => {
  const cats = [cat('p', 'Pizze', 0)];
  it('trims, requires 1 to 100 characters and refuses a name the venue has', () => {
    expect(checkCategoryName('  Dolci ', cats)).toEqual({ ok: true, value: 'Dolci' });
    expect(checkCategoryName('   ', cats)).toEqual({ ok: false, error: t.requiredField });
    expect(checkCategoryName('x'.repeat(101), cats)).toEqual({ ok: false, error: t.menuNameTooLong });
    expect(checkCategoryName(' pizze', cats)).toEqual({ ok: false, error: t.menuDuplicateCategory });
    // Renaming a category to its own name (another case) is fine.
    expect(checkCategoryName('PIZZE', cats, 'p')).toEqual({ ok: true, value: 'PIZZE' });
  });
});

describe('search and sections', () => {
  const cats = [cat('b', 'Bevande', 1), cat('p', 'Pizze', 0), cat('e', 'Vuota', 2)];
  const dishes = [
    dish('1', 'Marinara', 'p'),
    dish('2', 'Caffè', 'b'),
    dish('3', 'Capricciosa', 'p'),
    dish('4', 'Acqua', 'b'),
  ];
  const index = indexMenu(cats, dishes);

  it('normalizes case, accents and spaces', () => {
    expect(normalizeSearch('  CAFFÈ   Latte ')).toBe('caffe latte');
  });

  it('lists every category by position with dishes by name', () => {
    const sections = filterMenu(index, '');
    expect(sections.map((s) => s.category.id)).toEqual(['p', 'b', 'e']);
    expect(sections[0]?.dishes.map((d) => d.name)).toEqual(['Capricciosa', 'Marinara']);
    expect(sections[2]).toMatchObject({ dishes: [], total: 0 });
  });

  it('while searching keeps only categories with a matching dish, accent-insensitive', () => {
    const sections = filterMenu(index, 'caffe');
    expect(sections).toHaveLength(1);
    expect(sections[0]).toMatchObject({ total: 2, dishes: [{ name: 'Caffè' }] });
    expect(filterMenu(index, 'CAP').map((s) => s.dishes.map((d) => d.name))).toEqual([['Capricciosa']]);
    expect(filterMenu(index, 'zzz')).toEqual([]);
  });
});

describe('refusals', () => {
  const entry = (name: string, body: unknown, errorCode: string | null, error: string | null) =>
    ({ mutationId: Math.random(), name, body, errorCode, error }) as unknown as OutboxEntry;

  it('explains CATEGORY_NOT_EMPTY, and the rest with the server reason', () => {
    expect(refusalText({ name: 'ownerCategoryDelete', errorCode: 'CATEGORY_NOT_EMPTY', error: 'x' })).toBe(
      t.menuCategoryNotEmpty,
    );
    expect(refusalText({ name: 'ownerDishEdit', errorCode: 'VALIDATION', error: 'Prezzo non valido' })).toBe(
      `${t.genericError}: Prezzo non valido`,
    );
  });

  it('puts refusals beside items still on screen, the others in the screen list; ignores other features', () => {
    const { byId, loose } = menuRefusals(
      [
        entry('ownerCategoryDelete', { id: 'p' }, 'CATEGORY_NOT_EMPTY', 'no'),
        entry('ownerDishAdd', { id: 'gone', name: 'X' }, 'VALIDATION', 'bad'),
        entry('roomsAdd', { id: 'r' }, 'VALIDATION', 'bad'),
      ],
      (id) => id === 'p',
    );
    expect([...byId]).toEqual([['p', t.menuCategoryNotEmpty]]);
    expect(loose.map((l) => l.text)).toEqual([`${t.genericError}: bad`]);
  });
});
