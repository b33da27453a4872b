import { readFileSync } from 'node:fs';
import { calls, formatEuro, type ReportAnswer, t, tf } from '@comanda/shared-schema';
import type { Page } from '@playwright/test';
import { openTable, phoneAsGuest, sendCart, tapDish } from './customer.ts';
import { demoTable, readDb } from './db.ts';
import { expect, expectAccessible, GOES_OFFLINE, shootAllSizes, test } from './fixtures.ts';
import { ownerDevice } from './owner.ts';

/**
 * The owner's reports (/owner/report, spec 2.3): guests order at tables 9 and 10, the owner
 * completes both on the dashboard, and the report for today (the venue's service date on the
 * server's clock) grows by their sum; the CSV downloaded from the screen holds the same figures.
 * Other journeys complete tables on the same server, so the test compares with what today held
 * before it started.
 */

const TABLES = [9, 10] as const;
/** Each table's order: the dishes tapped and what they cost (the demo menu's prices). */
const ORDERS = {
  9: {
    dishes: [
      ['Primi', 'Spaghetti alla carbonara'],
      ['Bevande', 'Caffè'],
    ],
    total: 1100 + 150,
  },
  10: {
    dishes: [
      ['Bevande', 'Aperol Spritz'],
      ['Dolci', 'Tiramisù'],
    ],
    total: 600 + 500,
  },
} as const;
const SUM = ORDERS[9].total + ORDERS[10].total;

/** The figure a summary tile shows. */
const tile = (page: Page, label: string) =>
  page
    .locator('.report-tile')
    .filter({ has: page.locator('dt', { hasText: label }) })
    .locator('dd');

/** The same decimal comma as the CSV: 1234,50. */
const csvAmount = (cents: number) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

test('report: two completed tables add up on screen and in the CSV', async ({ browser }) => {
  test.setTimeout(120_000);
  const tablet = await ownerDevice(browser, { width: 1024, height: 768 }, GOES_OFFLINE);
  const owner = await tablet.newPage();

  // What today held before: other journeys may have completed tables already.
  const before = (await (
    await tablet.request.post(calls.reportOwnerGet.path, { data: {} })
  ).json()) as ReportAnswer;
  const today = before.today;
  const earlier = new Set(
    readDb((db) =>
      (db.prepare('SELECT id FROM order_history').all() as Array<{ id: string }>).map((r) => r.id),
    ),
  );

  // Two guests order, one at each table.
  const phones = [];
  for (const n of TABLES) {
    const { ownerId, tableId } = demoTable(n);
    const phone = await phoneAsGuest(browser);
    phones.push(phone);
    const customer = await phone.newPage();
    await openTable(customer, ownerId, tableId);
    for (const [category, dish] of ORDERS[n].dishes) await tapDish(customer, category, dish);
    await sendCart(customer, ORDERS[n].total);
  }

  // The owner completes both on the dashboard.
  await owner.goto('/owner/dashboard');
  for (const n of TABLES) {
    const complete = owner.getByRole('button', { name: `${t.completeOrder} ${tf.table(n)}` });
    await expect(complete).toBeVisible({ timeout: 15_000 });
    await complete.click();
    await owner.getByRole('alertdialog').getByRole('button', { name: t.confirm }).click();
    await expect(complete).toHaveCount(0, { timeout: 10_000 });
  }
  // The completions reach the server through the outbox: wait for both history rows.
  const stored = () =>
    readDb((db) =>
      (
        db
          .prepare(
            'SELECT id, table_number AS n, totale_pagato AS paid, service_date AS date FROM order_history WHERE table_number IN (9, 10) ORDER BY table_number',
          )
          .all() as Array<{ id: string; n: number; paid: number; date: string }>
      )
        .filter((row) => !earlier.has(row.id))
        .map(({ id: _id, ...row }) => row),
    );
  await expect.poll(stored, { timeout: 15_000 }).toEqual([
    { n: 9, paid: ORDERS[9].total, date: today },
    { n: 10, paid: ORDERS[10].total, date: today },
  ]);

  // The report for today shows their sum on top of what was there.
  await owner.goto('/owner/report');
  const revenue = before.summary.revenue + SUM;
  const orders = before.summary.orders + 2;
  await expect(tile(owner, t.reportRevenue)).toHaveText(formatEuro(revenue));
  await expect(tile(owner, t.reportOrders)).toHaveText(String(orders));
  await expect(owner.getByRole('button', { name: t.reportPresetToday })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const dishes = owner.getByRole('table', { name: t.reportByDish });
  await expect(dishes.getByRole('row', { name: /Spaghetti alla carbonara/ })).toBeVisible();
  await expect(owner.getByRole('img', { name: tf.reportChart(t.reportByDay) })).toBeVisible();

  // The CSV the screen offers: same range, same figures, ready for Excel in Italian.
  const downloading = owner.waitForEvent('download');
  await owner.getByRole('link', { name: t.reportDownloadCsv }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`report-${today}-${today}.csv`);
  const bytes = readFileSync(await download.path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const csv = bytes.toString('utf8');
  expect(csv).toContain(`\r\n${t.reportOrders};${orders}\r\n`);
  expect(csv).toContain(`\r\n${tf.reportEuroColumn(t.reportRevenue)};${csvAmount(revenue)}\r\n`);
  expect(csv).toMatch(/\r\nSpaghetti alla carbonara;[^;\r\n]*;\d+;\d+,\d\d\r\n/);

  await expectAccessible(owner);
  await shootAllSizes(owner, 'owner-report');

  // The calendar in Italian, then a longer range.
  await owner.getByRole('button', { name: t.reportPresetLast7 }).click();
  await expect(owner.getByRole('button', { name: t.reportPresetLast7 })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await expect(tile(owner, t.reportRevenue)).toBeVisible();
  await owner.locator('.report-picker-button').click();
  const calendar = owner.getByRole('dialog');
  // The month the range ends in, named in Italian ('novembre 2026').
  const month = new Intl.DateTimeFormat('it-IT', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${today}T00:00:00Z`),
  );
  await expect(calendar.getByRole('grid')).toHaveAccessibleName(month);
  await expectAccessible(owner);
  await shootAllSizes(owner, 'owner-report-calendar');
  await owner.keyboard.press('Escape');

  // Offline, a report cannot be computed: the screen says so instead of spinning.
  await tablet.setOffline(true);
  await owner.getByRole('button', { name: t.reportPresetLast30 }).click();
  await expect(owner.getByText(t.reportNeedsConnection)).toBeVisible();
  await expect(owner.getByRole('button', { name: t.reportDownloadCsv })).toBeDisabled();
  await tablet.setOffline(false);
  await expect(tile(owner, t.reportRevenue)).toBeVisible({ timeout: 15_000 });
  await expect(owner.getByText(t.reportNeedsConnection)).toHaveCount(0);

  for (const context of [tablet, ...phones]) await context.close();
});
