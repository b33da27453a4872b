import { calls, type ReportAnswer, t } from '@comanda/shared-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SeedLine, seedHistory } from '../../test-support/kits/reports.ts';
import {
  createGuest,
  createOwner,
  createTestApp,
  type Owner,
  post,
  type TestApp,
} from '../../test-support/test-app.ts';

/**
 * The report figures against totals computed by hand from a seeded history: two venues, an
 * owner-deleted line, discounts, a delivery fee, a card service fee, a pickup completed past
 * midnight, a renamed dish, an out-of-menu line.
 */

let app: TestApp;
let owner: Owner;
let stranger: Owner;

const pizze = { categoryId: 'cat-pizze', categoryName: 'Pizze', area: 'cucina' as const };
const bevande = { categoryId: 'cat-bev', categoryName: 'Bevande', area: 'bar' as const };
const fritti = { categoryId: 'cat-fritti', categoryName: 'Fritti', area: 'fritti' as const };
const margherita = (amount: number, name = 'Margherita'): SeedLine => ({
  dishId: 'd-marg',
  name,
  ...pizze,
  price: 800,
  amount,
});

beforeAll(async () => {
  app = await createTestApp({ env: { COMANDA_FAKE_NOW: '2025-07-15T20:00:00+02:00' } });
  owner = await createOwner(app);
  stranger = await createOwner(app);
  const db = app.app.store.db;
  const venueId = owner.venueId;
  // O1, table 14/07: 2 Margherita 16,00 + 3 Birra deleted (0) + 1 Coca 3,00 = 19,00; sconto 2,00 -> 17,00.
  await seedHistory(db, {
    venueId,
    kind: 'table',
    openedAt: '2025-07-14T20:10:00+02:00',
    completedAt: '2025-07-14T21:30:00+02:00',
    serviceDate: '2025-07-14',
    sconto: 200,
    lines: [
      margherita(2),
      { dishId: 'd-birra', name: 'Birra', ...bevande, price: 450, amount: 3, deleted: true },
      { dishId: 'd-coca', name: 'Coca', ...bevande, price: 300, amount: 1 },
    ],
  });
  // O2, consegna paid by card 15/07: 8,00 + 2 Fritto misto 12,00 = 20,00 + 2,50 fee + 0,75 card fee -> 23,25.
  await seedHistory(db, {
    venueId,
    kind: 'consegna',
    paymentMethod: 'carta',
    openedAt: '2025-07-15T19:05:00+02:00',
    completedAt: '2025-07-15T20:00:00+02:00',
    serviceDate: '2025-07-15',
    costoConsegna: 250,
    serviceFee: 75,
    lines: [margherita(1), { dishId: 'd-fritto', name: 'Fritto misto', ...fritti, price: 600, amount: 2 }],
  });
  // O3, ritiro opened at 00:40 on the 16th, the night of the 15th: an out-of-menu cake 5,00 and
  // the Margherita, renamed since, 8,00 = 13,00; sconto 1,00 -> 12,00.
  await seedHistory(db, {
    venueId,
    kind: 'ritiro',
    openedAt: '2025-07-16T00:40:00+02:00',
    completedAt: '2025-07-16T01:10:00+02:00',
    serviceDate: '2025-07-15',
    sconto: 100,
    lines: [
      {
        dishId: null,
        name: 'Torta della casa',
        categoryId: 'out_menu',
        categoryName: 'Fuori menu',
        area: 'cucina',
        price: 500,
        amount: 1,
      },
      margherita(1, 'Margherita DOP'),
    ],
  });
  // Outside the range (13/07), and another venue's table on the 15th: never counted.
  await seedHistory(db, {
    venueId,
    kind: 'table',
    openedAt: '2025-07-13T20:00:00+02:00',
    completedAt: '2025-07-13T21:00:00+02:00',
    serviceDate: '2025-07-13',
    lines: [margherita(5)],
  });
  await seedHistory(db, {
    venueId: stranger.venueId,
    kind: 'table',
    openedAt: '2025-07-15T20:00:00+02:00',
    completedAt: '2025-07-15T21:00:00+02:00',
    serviceDate: '2025-07-15',
    lines: [{ ...margherita(9), dishId: 'd-marg' }],
  });
});
afterAll(async () => {
  await app.close();
});

async function report(body: Record<string, string>, cookie = owner.cookie): Promise<ReportAnswer> {
  const res = await post(app.app, calls.reportOwnerGet.path, body, cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportAnswer;
}

describe('reportOwnerGet', () => {
  it('adds up the range by hand: deleted lines out, discounts, delivery and card fees', async () => {
    const r = await report({ from: '2025-07-14', to: '2025-07-15' });
    expect(r).toMatchObject({ from: '2025-07-14', to: '2025-07-15', today: '2025-07-15' });
    // 17,00 + 23,25 + 12,00 = 52,25; lines 19,00 + 20,00 + 13,00 = 52,00 = 52,25 - 2,50 - 0,75 + 3,00.
    expect(r.summary).toEqual({
      orders: 3,
      revenue: 5225,
      averageTicket: 1742,
      itemsTotal: 5200,
      discounts: 300,
      deliveryFees: 250,
      serviceFees: 75,
    });
    expect(r.days).toEqual([
      { date: '2025-07-14', orders: 1, revenue: 1700 },
      { date: '2025-07-15', orders: 2, revenue: 3525 },
    ]);
    expect(r.weeks).toEqual([
      { week: '2025-W29', from: '2025-07-14', to: '2025-07-15', orders: 3, revenue: 5225 },
    ]);
    expect(r.months).toEqual([
      { month: '2025-07', from: '2025-07-14', to: '2025-07-15', orders: 3, revenue: 5225 },
    ]);
    expect(r.byKind).toEqual([
      { kind: 'table', orders: 1, revenue: 1700, averageTicket: 1700 },
      { kind: 'consegna', orders: 1, revenue: 2325, averageTicket: 2325 },
      { kind: 'ritiro', orders: 1, revenue: 1200, averageTicket: 1200 },
    ]);
    expect(r.byPayment).toEqual([
      { method: 'cassa', orders: 2, revenue: 2900, serviceFees: 0 },
      { method: 'carta', orders: 1, revenue: 2325, serviceFees: 75 },
    ]);
    expect(r.hours.filter((h) => h.orders > 0)).toEqual([
      { hour: 0, orders: 1, revenue: 1200 },
      { hour: 19, orders: 1, revenue: 2325 },
      { hour: 20, orders: 1, revenue: 1700 },
    ]);
    expect(r.hours).toHaveLength(24);
    // Birra (deleted) sold nothing; the Margherita shows its latest name.
    expect(r.dishes).toEqual([
      { dishId: 'd-marg', name: 'Margherita DOP', categoryName: 'Pizze', quantity: 4, sales: 3200 },
      { dishId: 'd-fritto', name: 'Fritto misto', categoryName: 'Fritti', quantity: 2, sales: 1200 },
      { dishId: null, name: 'Torta della casa', categoryName: 'Fuori menu', quantity: 1, sales: 500 },
      { dishId: 'd-coca', name: 'Coca', categoryName: 'Bevande', quantity: 1, sales: 300 },
    ]);
    expect(r.dishes.reduce((sum, d) => sum + d.sales, 0)).toBe(r.summary.itemsTotal);
    expect(r.categories).toEqual([
      { categoryId: 'cat-pizze', name: 'Pizze', quantity: 4, sales: 3200 },
      { categoryId: 'cat-fritti', name: 'Fritti', quantity: 2, sales: 1200 },
      { categoryId: 'out_menu', name: 'Fuori menu', quantity: 1, sales: 500 },
      { categoryId: 'cat-bev', name: 'Bevande', quantity: 1, sales: 300 },
    ]);
    expect(r.areas).toEqual([
      { area: 'cucina', quantity: 5, sales: 3700 },
      { area: 'bar', quantity: 1, sales: 300 },
      { area: 'fritti', quantity: 2, sales: 1200 },
    ]);
  });

  it('another venue sees only its own history', async () => {
    const r = await report({ from: '2025-07-13', to: '2025-07-16' }, stranger.cookie);
    expect(r.summary).toMatchObject({ orders: 1, revenue: 7200, itemsTotal: 7200 });
    expect(r.dishes).toEqual([
      { dishId: 'd-marg', name: 'Margherita', categoryName: 'Pizze', quantity: 9, sales: 7200 },
    ]);
  });

  it("without a range reports the venue's today on the server clock, zeros filled", async () => {
    const r = await report({});
    expect(r).toMatchObject({ from: '2025-07-15', to: '2025-07-15', today: '2025-07-15' });
    expect(r.summary.orders).toBe(2);
    const empty = await report({ from: '2025-07-01', to: '2025-07-03' });
    expect(empty.summary).toEqual({
      orders: 0,
      revenue: 0,
      averageTicket: 0,
      itemsTotal: 0,
      discounts: 0,
      deliveryFees: 0,
      serviceFees: 0,
    });
    expect(empty.days.map((d) => d.date)).toEqual(['2025-07-01', '2025-07-02', '2025-07-03']);
    expect(empty.dishes).toEqual([]);
    expect(empty.areas.map((a) => a.sales)).toEqual([0, 0, 0]);
  });

  it('weeks and months touching the range are clipped to it', async () => {
    const r = await report({ from: '2025-06-28', to: '2025-07-15' });
    expect(r.weeks.map((w) => [w.week, w.from, w.to, w.orders])).toEqual([
      ['2025-W26', '2025-06-28', '2025-06-29', 0],
      ['2025-W27', '2025-06-30', '2025-07-06', 0],
      ['2025-W28', '2025-07-07', '2025-07-13', 1],
      ['2025-W29', '2025-07-14', '2025-07-15', 3],
    ]);
    expect(r.months.map((m) => [m.month, m.from, m.to, m.revenue])).toEqual([
      ['2025-06', '2025-06-28', '2025-06-30', 0],
      ['2025-07', '2025-07-01', '2025-07-15', 4000 + 5225],
    ]);
  });

  it.each([
    [{ from: '2025-07-15', to: '2025-07-14' }, t.reportRangeReversed],
    [{ from: '2025-02-30', to: '2025-03-01' }, t.reportInvalidDate],
    [{ from: '15/07/2025', to: '2025-07-16' }, t.reportInvalidDate],
    [{ from: '2025-07-15' }, t.reportRangeIncomplete],
    [{ from: '2024-01-01', to: '2025-01-01' }, t.reportRangeTooLong],
  ])('refuses the range %j with a 400 in Italian', async (body, message) => {
    const res = await post(app.app, calls.reportOwnerGet.path, body, owner.cookie);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION', error: message });
    const csv = await app.app.inject({
      method: 'GET',
      url: `${calls.reportOwnerCsv.path}?${new URLSearchParams(body)}`,
      headers: { cookie: owner.cookie },
    });
    expect(csv.statusCode).toBe(400);
    expect(csv.json()).toMatchObject({ code: 'VALIDATION', error: message });
  });

  it('a whole leap year is allowed; only owners may ask', async () => {
    expect((await report({ from: '2024-01-01', to: '2024-12-31' })).days).toHaveLength(366);
    expect((await post(app.app, calls.reportOwnerGet.path, {})).statusCode).toBe(401);
    const guest = await createGuest(app);
    expect((await post(app.app, calls.reportOwnerGet.path, {}, guest)).statusCode).toBe(403);
  });
});

describe('busiest hours across summer time', () => {
  it('puts orders on the Rome wall-clock hour on both change days', async () => {
    const t2 = await createTestApp({ env: { COMANDA_FAKE_NOW: '2025-10-27T12:00:00+01:00' } });
    try {
      const o = await createOwner(t2);
      const line = [margherita(1)];
      const opened = [
        '2025-03-29T21:30:00+01:00', // winter, 21
        '2025-03-30T01:59:00+01:00', // a minute before the change, 01
        '2025-03-30T03:00:00+02:00', // the first summer minute (02:00 never happened), 03
        '2025-03-30T21:30:00+02:00', // summer, 21
        '2025-10-26T02:30:00+02:00', // the repeated hour, first time (summer), 02
        '2025-10-26T02:30:00+01:00', // the repeated hour, second time (winter), 02
        '2025-10-26T21:30:00+01:00', // winter again, 21
      ];
      for (const openedAt of opened) {
        await seedHistory(t2.app.store.db, {
          venueId: o.venueId,
          kind: 'table',
          openedAt,
          completedAt: openedAt,
          serviceDate: openedAt.slice(0, 10),
          lines: line,
        });
      }
      const res = await post(
        t2.app,
        calls.reportOwnerGet.path,
        { from: '2025-03-29', to: '2025-10-26' },
        o.cookie,
      );
      const r = res.json() as ReportAnswer;
      expect(r.hours.filter((h) => h.orders > 0).map((h) => [h.hour, h.orders])).toEqual([
        [1, 1],
        [2, 2],
        [3, 1],
        [21, 3],
      ]);
      // The two change days are one day each, not 23 or 25 hours' worth of dates.
      expect(r.days).toHaveLength(212);
      expect(r.days.find((d) => d.date === '2025-03-30')?.orders).toBe(3);
      expect(r.days.find((d) => d.date === '2025-10-26')?.orders).toBe(3);
    } finally {
      await t2.close();
    }
  });
});
