import { randomUUID } from 'node:crypto';
import { calls, entitySchemas, NO_THANKS_LABEL, t } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ownerMenu, type SeededMenu, seedMenu, sendOk } from '../../test-support/kits/menu.ts';
import { changeLog, type Device, device } from '../../test-support/kits/rooms.ts';
import {
  createOwner,
  createTestApp,
  type Owner,
  post,
  rowCounts,
  type TestApp,
} from '../../test-support/test-app.ts';

let app: TestApp;
let owner: Owner;
let tablet: Device;
let menu: SeededMenu;

beforeEach(async () => {
  app = await createTestApp();
  owner = await createOwner(app);
  tablet = device(app, owner);
  menu = await seedMenu(app, tablet, owner.cookie);
});
afterEach(async () => {
  await app.close();
});

/** Refused with this code (and text), and not a row nor a change-log entry written. */
async function expectRefused(path: string, body: unknown, status: number, code: string, error?: string) {
  const before = {
    rows: await rowCounts(app.app),
    menu: await ownerMenu(app, owner.cookie),
    log: await changeLog(app, owner.venueId),
  };
  const res = await tablet.send(path, body);
  expect(res.statusCode, `${path} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
  expect(res.json()).toMatchObject({ success: false, code, ...(error ? { error } : {}) });
  const after = await rowCounts(app.app);
  // The refusal itself is stored (the outbox moves past it); nothing else is written.
  expect({ ...after, mutation_answers: 0 }).toEqual({ ...before.rows, mutation_answers: 0 });
  expect(await ownerMenu(app, owner.cookie)).toEqual(before.menu);
  expect(await changeLog(app, owner.venueId)).toEqual(before.log);
  return res.json() as { error: string; issues?: Array<{ path: string; message: string }> };
}

describe('owner menu', () => {
  it('reads categories by position and dishes by name, variants by position, options no-thanks first', async () => {
    const read = await ownerMenu(app, owner.cookie);
    expect(read.categories).toEqual([
      { id: menu.pizze, name: 'Pizze', position: 0, area: 'cucina' },
      { id: menu.bevande, name: 'Bevande', position: 1, area: 'bar' },
    ]);
    expect(read.dishes.map((d) => d.name)).toEqual(['Birra', 'Capricciosa', 'Esaurito', 'Margherita']);
    expect(menu.capricciosa.variants[0]?.options.map((o) => o.label)).toEqual([
      NO_THANKS_LABEL,
      'Funghi',
      'Mozzarella extra',
    ]);
    expect(menu.margherita).toMatchObject({ price: 600, categoryName: 'Pizze', available: true });
    expect(menu.esaurito.available).toBe(false);
  });

  it("writes 'category' and 'dish' change rows in their wire shape; the snapshot has them too", async () => {
    const log = await changeLog(app, owner.venueId);
    const dishRows = log.filter((c) => c.entity === 'dish');
    expect(dishRows.map((c) => c.entityId).sort()).toEqual(
      [menu.margherita.id, menu.capricciosa.id, menu.birra.id, menu.esaurito.id].sort(),
    );
    for (const row of log) {
      const schema = entitySchemas[row.entity as 'dish' | 'category'];
      expect(schema.safeParse(row.data).success, JSON.stringify(row)).toBe(true);
    }
    expect(dishRows.find((c) => c.entityId === menu.margherita.id)?.data).toEqual(menu.margherita);

    const snapshot = (
      await app.app.inject({ method: 'GET', url: '/api/sync/snapshot', headers: { cookie: owner.cookie } })
    ).json();
    const rows = snapshot.rows as Array<{ entity: string; entityId: string; data: unknown }>;
    expect(rows.filter((r) => r.entity === 'category').map((r) => r.entityId)).toEqual([
      menu.pizze,
      menu.bevande,
    ]);
    expect(rows.find((r) => r.entityId === menu.margherita.id)?.data).toEqual(menu.margherita);
  });

  it('edits a category; a rename rewrites its dishes categoryName in the change log', async () => {
    await sendOk(tablet, calls.ownerCategoryEdit.path, {
      id: menu.pizze,
      name: 'Pizze al forno',
      area: 'fritti',
    });
    const log = await changeLog(app, owner.venueId);
    const last = log.filter((c) => c.version === log.at(-1)?.version);
    expect(last.map((c) => [c.entity, c.entityId]).sort()).toEqual(
      [
        ['category', menu.pizze],
        ['dish', menu.capricciosa.id],
        ['dish', menu.margherita.id],
      ].sort(),
    );
    expect(last.find((c) => c.entityId === menu.margherita.id)?.data).toMatchObject({
      categoryName: 'Pizze al forno',
    });
    const read = await ownerMenu(app, owner.cookie);
    expect(read.categories[0]).toEqual({
      id: menu.pizze,
      name: 'Pizze al forno',
      position: 0,
      area: 'fritti',
    });
  });

  it('reorders categories in one mutation; unknown ids are refused', async () => {
    const third = String(
      (await sendOk(tablet, calls.ownerCategoryAdd.path, { name: 'Dolci', area: 'cucina' })).id,
    );
    await sendOk(tablet, calls.ownerCategoryReorder.path, { ids: [third, menu.pizze] });
    expect((await ownerMenu(app, owner.cookie)).categories.map((c) => [c.name, c.position])).toEqual([
      ['Dolci', 0],
      ['Pizze', 1],
      ['Bevande', 2],
    ]);
    await expectRefused(
      calls.ownerCategoryReorder.path,
      { ids: [menu.pizze, 'nope'] },
      404,
      'NOT_FOUND',
      t.categoryNotFound,
    );
  });

  it('refuses deleting a category with dishes (CATEGORY_NOT_EMPTY); deletes it once empty', async () => {
    await expectRefused(
      calls.ownerCategoryDelete.path,
      { id: menu.bevande },
      409,
      'CATEGORY_NOT_EMPTY',
      t.menuCategoryNotEmpty,
    );
    await sendOk(tablet, calls.ownerDishDelete.path, { id: menu.birra.id });
    await sendOk(tablet, calls.ownerDishDelete.path, { id: menu.esaurito.id });
    await sendOk(tablet, calls.ownerCategoryDelete.path, { id: menu.bevande });
    const log = await changeLog(app, owner.venueId);
    expect(log.slice(-3).map((c) => [c.entity, c.entityId, c.op])).toEqual([
      ['dish', menu.birra.id, 'delete'],
      ['dish', menu.esaurito.id, 'delete'],
      ['category', menu.bevande, 'delete'],
    ]);
    expect((await ownerMenu(app, owner.cookie)).categories.map((c) => c.name)).toEqual(['Pizze']);
  });

  it('validates names, prices and categories with clear Italian messages', async () => {
    const empty = await expectRefused(
      calls.ownerCategoryAdd.path,
      { name: '  ', area: 'bar' },
      400,
      'VALIDATION',
    );
    expect(empty.issues).toEqual([{ path: 'name', message: t.requiredField }]);
    const long = await expectRefused(
      calls.ownerCategoryAdd.path,
      { name: 'x'.repeat(101), area: 'bar' },
      400,
      'VALIDATION',
    );
    expect(long.issues?.[0]?.message).toBe(t.menuNameTooLong);
    const area = await expectRefused(
      calls.ownerCategoryAdd.path,
      { name: 'Vini', area: 'cantina' },
      400,
      'VALIDATION',
    );
    expect(area.issues?.[0]?.message).toBe(t.chooseKind);

    const dish = { name: 'Tiramisù', categoryId: menu.pizze };
    const cases: Array<[unknown, string]> = [
      [-100, t.menuPriceNegative],
      [100_000_001, t.menuPriceTooLarge],
      [4.5, t.invalidPrice],
    ];
    for (const [price, message] of cases) {
      const refused = await expectRefused(calls.ownerDishAdd.path, { ...dish, price }, 400, 'VALIDATION');
      expect(refused.issues?.[0]).toEqual({ path: 'price', message });
    }
    await expectRefused(
      calls.ownerDishAdd.path,
      { ...dish, price: 500, categoryId: 'nope' },
      404,
      'NOT_FOUND',
      t.categoryNotFound,
    );
    const twice = await expectRefused(
      calls.ownerDishAdd.path,
      {
        ...dish,
        price: 500,
        variants: [
          { name: 'Taglia', multi: 0, position: 0, options: [{ label: 'A', price: 0 }] },
          {
            name: ' taglia ',
            multi: 0,
            position: 1,
            options: [
              { label: 'B', price: 0 },
              { label: 'b', price: 0 },
            ],
          },
        ],
      },
      400,
      'VALIDATION',
    );
    expect(twice.issues).toEqual([
      { path: 'variants.1.options.1.label', message: t.menuDuplicateOption },
      { path: 'variants.1.name', message: t.menuDuplicateVariant },
    ]);
    const noOptions = await expectRefused(
      calls.ownerDishAdd.path,
      { ...dish, price: 500, variants: [{ name: 'Taglia', multi: 0, position: 0, options: [] }] },
      400,
      'VALIDATION',
    );
    expect(noOptions.issues?.[0]?.message).toBe(t.menuVariantNeedsOption);
    await expectRefused(
      calls.ownerDishEdit.path,
      { id: 'nope', price: 100 },
      404,
      'NOT_FOUND',
      t.dishNotFound,
    );
  });

  it('edits a dish: kept variants and options keep their ids, the rest go; a client UUID is kept', async () => {
    const formato = menu.margherita.variants[0];
    const normale = formato?.options.find((o) => o.label === 'Normale');
    const newOption = randomUUID();
    await sendOk(tablet, calls.ownerDishEdit.path, {
      id: menu.margherita.id,
      price: 650,
      available: false,
      variants: [
        {
          id: formato?.id,
          name: 'Formato',
          multi: 0,
          position: 1,
          options: [
            { id: normale?.id, label: 'Normale', price: 0 },
            { id: newOption, label: 'Baby', price: 0 },
          ],
        },
        { name: 'Cottura', multi: 1, position: 0, options: [{ label: 'Ben cotta', price: 0 }] },
      ],
    });
    const dish = (await ownerMenu(app, owner.cookie)).dishes.find((d) => d.id === menu.margherita.id);
    expect(dish).toMatchObject({ price: 650, available: false });
    expect(dish?.variants.map((v) => v.name)).toEqual(['Cottura', 'Formato']);
    expect(dish?.variants[1]?.id).toBe(formato?.id);
    expect(dish?.variants[1]?.options.map((o) => [o.id, o.label])).toEqual([
      [newOption, 'Baby'],
      [normale?.id, 'Normale'],
    ]);
    expect((await changeLog(app, owner.venueId)).at(-1)?.data).toEqual(dish);
    // An option id of another dish cannot be taken over.
    const stolen = menu.capricciosa.variants[0]?.options[0]?.id;
    await expectRefused(
      calls.ownerDishEdit.path,
      {
        id: menu.birra.id,
        variants: [
          { name: 'Formato', multi: 0, position: 0, options: [{ id: stolen, label: 'Piccola', price: 0 }] },
        ],
      },
      409,
      'CONFLICT',
      t.idTaken,
    );
  });

  it('keeps venues apart: another owner can neither read nor change this menu', async () => {
    const other = await createOwner(app);
    const otherTablet = device(app, other);
    expect(await ownerMenu(app, other.cookie)).toEqual({ success: true, categories: [], dishes: [] });
    const before = { menu: await ownerMenu(app, owner.cookie), log: await changeLog(app, owner.venueId) };
    const attempts: Array<[string, unknown]> = [
      [calls.ownerCategoryEdit.path, { id: menu.pizze, name: 'Mia' }],
      [calls.ownerCategoryDelete.path, { id: menu.pizze }],
      [calls.ownerCategoryReorder.path, { ids: [menu.bevande] }],
      [calls.ownerDishEdit.path, { id: menu.birra.id, price: 1 }],
      [calls.ownerDishDelete.path, { id: menu.birra.id }],
      [calls.ownerDishAdd.path, { name: 'Intrusa', price: 1, categoryId: menu.pizze }],
    ];
    for (const [path, body] of attempts) {
      const res = await otherTablet.send(path, body);
      expect(res.statusCode, `${path}: ${res.body}`).toBe(404);
    }
    expect(await ownerMenu(app, owner.cookie)).toEqual(before.menu);
    expect(await changeLog(app, owner.venueId)).toEqual(before.log);
    const guest = await post(app.app, '/api/user/login', { isAnonymus: true });
    const cookie = String(guest.headers['set-cookie']).split(';')[0] ?? '';
    expect((await post(app.app, calls.ownerMenuGet.path, {}, cookie)).statusCode).toBe(403);
  });
});
