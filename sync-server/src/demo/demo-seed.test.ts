import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, post, rowCounts, sessionCookie, type TestApp } from '../../test-support/test-app.ts';
import { first } from '../db/client.ts';
import {
  categories,
  diningTables,
  dishes,
  rooms,
  users,
  variantOptions,
  variants,
  venues,
} from '../db/schema.ts';
import { DEMO_CITIES } from './demo-seed.ts';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

describe('demo venue', () => {
  it('is created on an empty database with COMANDA_DEMO=1 and the owner can sign in', async () => {
    t = await createTestApp({ env: { COMANDA_DEMO: '1', COMANDA_DEMO_PASSWORD: 'demo-password' } });
    const demo = t.app.demo;
    expect(demo).toMatchObject({ created: true, email: 'demo@comanda.test', password: 'demo-password' });
    const { db } = t.app.store;
    const venue = await first(db.select().from(venues));
    expect(venue).toMatchObject({
      name: 'Trattoria Demo',
      openingTime: '18:00',
      closingTime: '02:00',
      openConsegna: '19:00',
      closeConsegna: '23:30',
      abilitaConsegna: true,
      costoConsegna: 250,
      deliveryCities: DEMO_CITIES,
    });
    expect((await db.select().from(rooms)).map((r) => r.name)).toEqual(['Sala interna', 'Dehors']);
    const tables = await db.select().from(diningTables);
    expect(tables.map((x) => x.number).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(tables.find((x) => x.number === 1)?.id).toBe(demo?.tableId);
    for (const table of tables) {
      expect(table.x).toBeGreaterThanOrEqual(0);
      expect(table.x).toBeLessThanOrEqual(1950);
    }
    const cats = await db.select().from(categories);
    expect(cats.length).toBeGreaterThanOrEqual(4);
    expect(new Set(cats.map((c) => c.area))).toEqual(new Set(['cucina', 'bar', 'fritti']));
    expect((await db.select().from(dishes)).length).toBeGreaterThanOrEqual(15);
    const vs = await db.select().from(variants);
    const single = vs.find((v) => !v.multi);
    const multi = (
      await db
        .select({ id: variants.id, name: variants.name, multi: variants.multi })
        .from(variants)
        .innerJoin(dishes, eq(dishes.id, variants.dishId))
        .where(eq(dishes.name, 'Hamburger della casa'))
    ).find((v) => v.multi && v.name === 'Ingredienti');
    expect(single).toBeDefined();
    const options = await db
      .select()
      .from(variantOptions)
      .where(eq(variantOptions.variantId, multi?.id ?? ''));
    expect(options.map((o) => o.label)).toEqual(expect.arrayContaining(['no, grazie!', 'Cipolla']));
    expect(options.every((o) => o.price === 0)).toBe(true);

    const login = await post(t.app, '/api/owner/login', {
      email: 'demo@comanda.test',
      password: 'demo-password',
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      valid: true,
      type: 'owner',
      name: 'Trattoria Demo',
      businessId: demo?.venueId,
    });
    const snapshot = await t.app.inject({
      method: 'GET',
      url: '/api/sync/snapshot',
      headers: { cookie: sessionCookie(login) },
    });
    expect(snapshot.json().rows[0].data).toMatchObject({ costoConsegna: 250, closingTime: '02:00' });
  });

  it('is idempotent: a second start finds it and changes nothing', async () => {
    t = await createTestApp({ env: { COMANDA_DEMO: '1' } });
    const first = t.app.demo;
    expect(first?.password).toMatch(/^[\w-]{12}$/);
    const counts = await rowCounts(t.app);
    const dir = t.dir;
    await t.app.close();
    t = await createTestApp({ env: { COMANDA_DEMO: '1' }, dir });
    expect(t.app.demo).toEqual({ ...first, created: false, password: null });
    expect(await rowCounts(t.app)).toEqual(counts);
  });

  it('is not created when the database already has a venue, nor without COMANDA_DEMO', async () => {
    t = await createTestApp();
    expect(t.app.demo).toBeNull();
    expect(await t.app.store.db.select().from(users)).toHaveLength(0);
    await post(t.app, '/api/owner/signup', {
      firstName: 'A',
      lastName: 'B',
      email: 'a@b.it',
      password: 'password-1234',
      acceptConditions: true,
      businessName: 'Bar Sport',
    });
    const dir = t.dir;
    await t.app.close();
    t = await createTestApp({ env: { COMANDA_DEMO: '1' }, dir });
    expect(t.app.demo).toBeNull();
    expect(await t.app.store.db.select().from(venues)).toHaveLength(1);
  });
});
