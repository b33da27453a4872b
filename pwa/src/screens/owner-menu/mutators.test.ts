import type { Category, MenuDish } from '@comanda/shared-schema';
import { describe, expect, it } from 'vitest';
import { ownerMutators as mutators } from '../../app/owner-mutators.ts';
import type { OutboxEntry, ServerRow } from '../../data/db.ts';
import { composeEntity } from '../../data/view.ts';
import { menuMutators, nextCategoryPosition, variantsFromInput } from './mutators.ts';

let nextId = 1;
function pending(name: string, body: unknown): OutboxEntry {
  return {
    mutationId: nextId++,
    name,
    body,
    status: 'pending',
    ackVersion: null,
    ackedAt: null,
    error: null,
    errorCode: null,
    attempts: 0,
    createdAt: 0,
  };
}

const PIZZE = '11111111-1111-4111-8111-111111111111';
const BIBITE = '22222222-2222-4222-8222-222222222222';
const MARGHERITA = '33333333-3333-4333-8333-333333333333';
const NEW_CAT = '44444444-4444-4444-8444-444444444444';
const NEW_DISH = '55555555-5555-4555-8555-555555555555';
const V1 = '66666666-6666-4666-8666-666666666666';
const O1 = '77777777-7777-4777-8777-777777777777';

const margherita: MenuDish = {
  id: MARGHERITA,
  name: 'Margherita',
  price: 650,
  categoryId: PIZZE,
  categoryName: 'Pizze',
  variants: [],
  available: true,
};

const server: ServerRow[] = [
  { entity: 'category', entityId: PIZZE, data: { id: PIZZE, name: 'Pizze', position: 0, area: 'cucina' } },
  { entity: 'category', entityId: BIBITE, data: { id: BIBITE, name: 'Bibite', position: 1, area: 'bar' } },
  { entity: 'dish', entityId: MARGHERITA, data: margherita },
];

function view<T>(entity: 'category' | 'dish', entries: OutboxEntry[]) {
  return composeEntity<T>(entity, server, entries, mutators, 0);
}
const categories = (entries: OutboxEntry[]) => view<Category>('category', entries).rows;
const dishes = (entries: OutboxEntry[]) => view<MenuDish>('dish', entries).rows;

describe('menu mutators', () => {
  it('are registered in the app-wide mutator map', () => {
    for (const name of Object.keys(menuMutators))
      expect(mutators[name]).toBe(menuMutators[name as 'ownerDishAdd']);
  });

  it('ownerCategoryAdd appends the category, trimmed, after the last position', () => {
    const rows = categories([pending('ownerCategoryAdd', { id: NEW_CAT, name: ' Fritti ', area: 'fritti' })]);
    expect(rows).toContainEqual({ id: NEW_CAT, name: 'Fritti', area: 'fritti', position: 2 });
  });

  it('ownerCategoryEdit renames (and renames its dishes), changes area and position', () => {
    const entries = [
      pending('ownerCategoryEdit', { id: PIZZE, name: 'Pizze classiche', area: 'fritti', position: 5 }),
    ];
    expect(categories(entries).find((c) => c.id === PIZZE)).toEqual({
      id: PIZZE,
      name: 'Pizze classiche',
      area: 'fritti',
      position: 5,
    });
    expect(dishes(entries)[0]?.categoryName).toBe('Pizze classiche');
  });

  it('ownerCategoryEdit of a category gone meanwhile shows nothing', () => {
    const result = view('category', [pending('ownerCategoryEdit', { id: NEW_CAT, name: 'X' })]);
    expect(result.rows).toHaveLength(2);
    expect(result.failed).toHaveLength(1);
  });

  it('ownerCategoryReorder numbers the named categories first, the others after in their order', () => {
    const entries = [
      pending('ownerCategoryAdd', { id: NEW_CAT, name: 'Fritti', area: 'fritti' }),
      pending('ownerCategoryReorder', { ids: [NEW_CAT, BIBITE] }),
    ];
    const rows = categories(entries).sort((a, b) => a.position - b.position);
    expect(rows.map((c) => [c.id, c.position])).toEqual([
      [NEW_CAT, 0],
      [BIBITE, 1],
      [PIZZE, 2],
    ]);
    const gone = view('category', [pending('ownerCategoryReorder', { ids: [NEW_CAT] })]);
    expect(gone.failed).toHaveLength(1);
  });

  it('ownerCategoryDelete is left out while the category has dishes, applied once they are gone', () => {
    const refused = view('category', [pending('ownerCategoryDelete', { id: PIZZE })]);
    expect(refused.rows.map((c) => (c as Category).id)).toContain(PIZZE);
    expect(refused.failed).toHaveLength(1);
    const emptied = categories([
      pending('ownerDishDelete', { id: MARGHERITA }),
      pending('ownerCategoryDelete', { id: PIZZE }),
    ]);
    expect(emptied.map((c) => c.id)).toEqual([BIBITE]);
  });

  it('ownerDishAdd puts the dish with its category name, variants and availability', () => {
    const body = {
      id: NEW_DISH,
      name: ' Diavola ',
      price: 800,
      categoryId: PIZZE,
      description: 'Salame piccante',
      variants: [
        {
          id: V1,
          name: 'Impasto',
          multi: 0,
          position: 0,
          options: [{ id: O1, label: 'Integrale', price: 150 }],
        },
      ],
    };
    const added = dishes([pending('ownerDishAdd', body)]).find((d) => d.id === NEW_DISH);
    expect(added).toEqual({
      id: NEW_DISH,
      name: 'Diavola',
      price: 800,
      categoryId: PIZZE,
      categoryName: 'Pizze',
      description: 'Salame piccante',
      available: true,
      variants: [
        {
          id: V1,
          name: 'Impasto',
          multi: 0,
          position: 0,
          options: [{ id: O1, label: 'Integrale', price: 150 }],
        },
      ],
    });
  });

  it('shows a dish added offline into a category added offline', () => {
    const entries = [
      pending('ownerCategoryAdd', { id: NEW_CAT, name: 'Fritti', area: 'fritti' }),
      pending('ownerDishAdd', { id: NEW_DISH, name: 'Crocchè', price: 150, categoryId: NEW_CAT }),
    ];
    expect(dishes(entries).find((d) => d.id === NEW_DISH)).toMatchObject({
      categoryName: 'Fritti',
      variants: [],
    });
  });

  it('ownerDishAdd into a category that does not exist shows nothing', () => {
    const result = view('dish', [
      pending('ownerDishAdd', { id: NEW_DISH, name: 'X', price: 1, categoryId: NEW_CAT }),
    ]);
    expect(result.rows).toHaveLength(1);
    expect(result.failed).toHaveLength(1);
  });

  it('ownerDishEdit changes only the fields given', () => {
    const [dish] = dishes([pending('ownerDishEdit', { id: MARGHERITA, available: false })]);
    expect(dish).toEqual({ ...margherita, available: false });
    const [moved] = dishes([pending('ownerDishEdit', { id: MARGHERITA, categoryId: BIBITE, price: 700 })]);
    expect(moved).toEqual({ ...margherita, categoryId: BIBITE, categoryName: 'Bibite', price: 700 });
  });

  it('ownerDishEdit replaces the variants and clears an emptied description', () => {
    const withDescription = { ...margherita, description: 'Pomodoro' };
    const rows = composeEntity<MenuDish>(
      'dish',
      [...server.slice(0, 2), { entity: 'dish', entityId: MARGHERITA, data: withDescription }],
      [
        pending('ownerDishEdit', {
          id: MARGHERITA,
          description: '  ',
          variants: [{ name: 'Extra', multi: 1, position: 0, options: [{ label: 'Bufala', price: 200 }] }],
        }),
      ],
      mutators,
      0,
    ).rows;
    expect(rows[0]?.description).toBeUndefined();
    expect(rows[0]?.variants).toEqual([
      {
        id: `${MARGHERITA}:v0`,
        name: 'Extra',
        multi: 1,
        position: 0,
        options: [{ id: `${MARGHERITA}:v0:o0`, label: 'Bufala', price: 200 }],
      },
    ]);
  });

  it('ownerDishEdit of a deleted dish shows nothing; ownerDishDelete removes', () => {
    const entries = [
      pending('ownerDishDelete', { id: MARGHERITA }),
      pending('ownerDishEdit', { id: MARGHERITA, price: 1 }),
    ];
    const result = view('dish', entries);
    expect(result.rows).toEqual([]);
    expect(result.failed).toHaveLength(1);
  });

  it('nextCategoryPosition and variantsFromInput', () => {
    expect(nextCategoryPosition([])).toBe(0);
    expect(nextCategoryPosition([{ position: 3 }, { position: 1 }])).toBe(4);
    expect(variantsFromInput('d', [{ id: V1, name: ' A ', multi: 1, position: 2, options: [] }])).toEqual([
      { id: V1, name: 'A', multi: 1, position: 2, options: [] },
    ]);
  });
});
