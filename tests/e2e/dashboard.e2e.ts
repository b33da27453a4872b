import { t, tf } from '@comanda/shared-schema';
import type { Locator, Page } from '@playwright/test';
import { openTable, phoneAsGuest, sendCart, tapDish } from './customer.ts';
import { demoTable, readDb } from './db.ts';
import { expect, expectAccessible, GOES_OFFLINE, shootAllSizes, test } from './fixtures.ts';
import { ownerDevice, waitForServiceWorker } from './owner.ts';

/**
 * The dashboard's journey (spec 2.6, 4): a customer orders at table 6; the owner's dashboard rings
 * and shows it; the kitchen display (/owner/kitchen) on the wall screen, filtered to 'bar', shows
 * only bar lines; tablet A loses the Wi-Fi and cycles two statuses, edits a quantity and applies a
 * discount, while the customer adds a dish; A comes back and the server, A and tablet B agree on
 * everything, nothing twice; completing the table removes it everywhere and writes the history.
 */

const TABLE = 6;

const ticketOf = (page: Page, n = TABLE): Locator =>
  page.locator('article', { has: page.getByRole('heading', { name: tf.table(n), exact: true }) });

const lineButton = (page: Page, name: string): Locator =>
  ticketOf(page).getByRole('button', { name: new RegExp(name) });

const beeps = (page: Page) => page.evaluate(() => (window as unknown as { __beeps: number }).__beeps);

interface StoredLine {
  name: string;
  amount: number;
  status: string;
}

function openOrder(tableId: string): { sconto: number; lines: StoredLine[] } | null {
  return readDb((db) => {
    const order = db
      .prepare('SELECT id, sconto FROM orders WHERE table_id = ? AND closed_at IS NULL')
      .get(tableId) as { id: string; sconto: number } | undefined;
    if (!order) return null;
    const lines = db
      .prepare('SELECT name, amount, status FROM order_lines WHERE order_id = ? ORDER BY seq')
      .all(order.id) as StoredLine[];
    return { sconto: order.sconto, lines };
  });
}

test('dashboard: live order, kitchen filter, offline edits beside a customer add, convergence, complete', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { ownerId, tableId } = demoTable(TABLE);
  const tabletA = await ownerDevice(browser, { width: 1024, height: 768 }, GOES_OFFLINE);
  const tabletB = await ownerDevice(browser, { width: 1024, height: 768 });
  const wall = await ownerDevice(browser, { width: 1920, height: 1080 });
  const a = await tabletA.newPage();
  const b = await tabletB.newPage();
  const kitchen = await wall.newPage();
  for (const page of [a, b]) {
    await page.goto('/owner/dashboard');
    await expect(page.getByRole('radiogroup', { name: t.kitchenFilterLabel })).toBeVisible();
  }
  await waitForServiceWorker(a);
  await kitchen.goto('/owner/kitchen');
  await kitchen
    .getByRole('radiogroup', { name: t.kitchenFilterLabel })
    .getByRole('radio', { name: t.kitchenAreaBar })
    .click();
  const beepsBefore = await beeps(a);

  // The customer orders a dish for the kitchen and two drinks for the bar.
  const phone = await phoneAsGuest(browser);
  const customer = await phone.newPage();
  await openTable(customer, ownerId, tableId);
  await tapDish(customer, 'Primi', 'Spaghetti alla carbonara');
  await tapDish(customer, 'Bevande', 'Aperol Spritz');
  await customer.getByRole('button', { name: 'Caffè', exact: true }).click();
  await sendCart(customer, 1100 + 600 + 150);

  // Both tablets show the ticket live; A rang and says so (read first: the toast lasts 5 s).
  await expect(lineButton(a, 'Spaghetti alla carbonara')).toBeVisible();
  await expect(a.getByText(tf.newOrderFor(tf.table(TABLE)))).toBeVisible();
  expect(await beeps(a)).toBeGreaterThan(beepsBefore);
  for (const page of [a, b]) {
    await expect(lineButton(page, 'Spaghetti alla carbonara')).toContainText(t.lineStatusPreparation);
    await expect(lineButton(page, 'Aperol Spritz')).toBeVisible();
  }

  // The wall screen, filtered to the bar: the drinks, not the pasta.
  const wallTicket = ticketOf(kitchen);
  await expect(wallTicket.getByRole('button', { name: /Aperol Spritz/ })).toBeVisible();
  await expect(wallTicket.getByRole('button', { name: /Caffè/ })).toBeVisible();
  await expect(wallTicket.getByRole('button', { name: /Spaghetti alla carbonara/ })).toHaveCount(0);
  await expectAccessible(kitchen);
  await shootAllSizes(kitchen, 'kitchen-display');
  await expectAccessible(a);
  await shootAllSizes(a, 'owner-dashboard');

  // Tablet A loses the Wi-Fi and keeps working.
  await tabletA.setOffline(true);
  await expect(a.getByText(t.connectionLost)).toBeVisible();
  await lineButton(a, 'Spaghetti alla carbonara').click();
  await lineButton(a, 'Aperol Spritz').click();
  await expect(lineButton(a, 'Spaghetti alla carbonara')).toContainText(t.lineStatusReady);
  await expect(lineButton(a, 'Aperol Spritz')).toContainText(t.lineStatusReady);

  await a.getByRole('button', { name: `${t.tableMenuView} ${tf.table(TABLE)}` }).click();
  const view = a.getByRole('dialog');
  await view.getByRole('button', { name: t.edit, exact: true }).click();
  await view.getByRole('button', { name: tf.forDish(t.increaseQuantity, 'Caffè') }).click();
  await view.getByRole('button', { name: t.increaseDiscount }).click();
  await view.getByRole('button', { name: t.increaseDiscount }).click();
  await expect(view.getByRole('textbox', { name: t.rowDiscount })).toHaveValue('1,00');
  await view.getByRole('button', { name: t.finishEditing }).click();
  await view.getByRole('button', { name: t.close, exact: true }).click();
  await expect(lineButton(a, 'Caffè')).toContainText('2×');

  // A reload with no network still shows the last state with the queued changes on top.
  await a.reload();
  await expect(lineButton(a, 'Spaghetti alla carbonara')).toContainText(t.lineStatusReady);
  await expect(lineButton(a, 'Caffè')).toContainText('2×');

  // Meanwhile the customer adds a dessert: B sees it, A (offline) cannot yet.
  await tapDish(customer, 'Dolci', 'Tiramisù');
  await sendCart(customer, 500);
  await expect(lineButton(b, 'Tiramisù')).toBeVisible();
  await expect(lineButton(b, 'Spaghetti alla carbonara')).toContainText(t.lineStatusPreparation);
  await expect(lineButton(a, 'Tiramisù')).toHaveCount(0);

  // A reconnects: the queue replays, both tablets converge on the owner's edits and the new dish.
  await tabletA.setOffline(false);
  await expect(a.getByText(t.connectionRestored)).toBeVisible({ timeout: 10_000 });
  for (const page of [a, b]) {
    await expect(lineButton(page, 'Tiramisù')).toContainText(t.lineStatusPreparation, { timeout: 10_000 });
    await expect(lineButton(page, 'Spaghetti alla carbonara')).toContainText(t.lineStatusReady, {
      timeout: 10_000,
    });
    await expect(lineButton(page, 'Aperol Spritz')).toContainText(t.lineStatusReady);
    await expect(lineButton(page, 'Caffè')).toContainText('2×');
    await expect(lineButton(page, 'Caffè')).toContainText(t.lineStatusPreparation);
  }
  // The server holds each change once: four lines, the customer's dessert among them, the discount.
  await expect.poll(() => openOrder(tableId)?.sconto).toBe(100);
  expect(openOrder(tableId)?.lines).toEqual([
    { name: 'Spaghetti alla carbonara', amount: 1, status: 'ready' },
    { name: 'Aperol Spritz', amount: 1, status: 'ready' },
    { name: 'Caffè', amount: 2, status: 'preparation' },
    { name: 'Tiramisù', amount: 1, status: 'preparation' },
  ]);

  // Completing on B removes the table everywhere and writes the history.
  await b.getByRole('button', { name: `${t.completeOrder} ${tf.table(TABLE)}` }).click();
  await b.getByRole('alertdialog').getByRole('button', { name: t.confirm }).click();
  for (const page of [a, b, kitchen]) {
    await expect(ticketOf(page)).toHaveCount(0, { timeout: 10_000 });
  }
  expect(openOrder(tableId)).toBeNull();
  const history = readDb(
    (db) =>
      db
        .prepare('SELECT totale_ordine, sconto, totale_pagato FROM order_history WHERE table_id = ?')
        .all(tableId) as Array<{ totale_ordine: number; sconto: number; totale_pagato: number }>,
  );
  const subtotal = 1100 + 600 + 2 * 150 + 500;
  expect(history).toEqual([{ totale_ordine: subtotal, sconto: 100, totale_pagato: subtotal - 100 }]);

  for (const context of [tabletA, tabletB, wall, phone]) await context.close();
});
