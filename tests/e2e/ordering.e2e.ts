import { t, tf } from '@comanda/shared-schema';
import type { BrowserContext, Page } from '@playwright/test';
import { demoTable, readDb } from './db.ts';
import { baseUrl, expect, expectAccessible, shootAllSizes, test } from './fixtures.ts';
import { signInDemoOwner } from './owner.ts';

/** Lines stored for a table's open order, straight from the database. */
function storedLines(
  tableId: string,
): Array<{ name: string; amount: number; price: number; note: string | null }> {
  return readDb(
    (db) =>
      db
        .prepare(
          `SELECT l.name, l.amount, l.price, l.note FROM order_lines l JOIN orders o ON o.id = l.order_id
           WHERE o.table_id = ? AND o.closed_at IS NULL ORDER BY l.seq`,
        )
        .all(tableId) as Array<{ name: string; amount: number; price: number; note: string | null }>,
  );
}

async function phoneAsGuest(browser: import('@playwright/test').Browser): Promise<BrowserContext> {
  const phone = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  // Consent given once, so the banner does not sit over 'Visualizza e invia'.
  await phone.addCookies([{ name: 'cookieConsent', value: '1', url: baseUrl() }]);
  return phone;
}

async function openTable(page: Page, ownerId: string, tableId: string): Promise<void> {
  await page.goto(`/user/reservation/${encodeURIComponent(ownerId)}/${encodeURIComponent(tableId)}`);
  // Not signed in yet: the guard sends the phone to sign in and brings it back.
  await page.getByRole('button', { name: t.continueAsGuest }).click();
  await expect(page).toHaveURL(new RegExp(`/user/reservation/${ownerId}/${tableId}$`));
}

/** Opens a category (tab on phones, button on wider screens) and taps a dish, as a customer would. */
async function tapDish(page: Page, category: string, dish: string): Promise<void> {
  const tab = page.getByRole('tab', { name: category, exact: true });
  const button = page.getByRole('button', { name: category, exact: true });
  await expect(tab.or(button).first()).toBeVisible();
  await ((await tab.isVisible()) ? tab : button).click();
  await page.getByRole('button', { name: dish, exact: true }).click();
}

test('a phone orders at table 3 (mandatory variant, merged line) and the owner sees the table busy live', async ({
  browser,
}) => {
  const { ownerId, tableId } = demoTable(3);
  const owner = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1024, height: 768 } });
  await signInDemoOwner(owner, baseUrl());
  const room = await owner.newPage();
  await room.goto('/owner/room');
  const square = room.locator(`[data-testid="table-${tableId}"]`);
  await expect(square).toHaveAttribute('data-status', 'free');

  const phone = await phoneAsGuest(browser);
  const page = await phone.newPage();
  await openTable(page, ownerId, tableId);
  await expect(page.getByRole('heading', { name: 'Tavolo 3' })).toBeVisible();
  await expectAccessible(page);
  await shootAllSizes(page, 'customer-menu');
  await page.setViewportSize({ width: 390, height: 844 });

  // A mandatory single choice: refused until chosen.
  await tapDish(page, 'Secondi', 'Tagliata di manzo');
  const picker = page.getByRole('dialog', { name: 'Tagliata di manzo' });
  await picker.getByRole('button', { name: t.addToCart }).click();
  await expect(picker.getByText(t.chooseAtLeastOne)).toBeVisible();
  await expect(picker.getByText(t.mandatoryChoice)).toBeVisible();
  await expectAccessible(page);
  await picker.getByRole('radio', { name: 'Media' }).check();
  await picker.getByRole('button', { name: t.addToCart }).click();
  await expect(picker).toBeHidden();

  // The same dish twice merges into one line of amount 2.
  await tapDish(page, 'Bevande', 'Caffè');
  await page.getByRole('button', { name: 'Caffè', exact: true }).click();

  await page.getByRole('button', { name: t.viewAndSend }).click();
  const total = 1800 + 2 * 150;
  await expect(page.getByText(/Tagliata di manzo/).first()).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: tf.orderButton(total) }).click();
  await expect(page.getByText(t.orderSuccessCustomer)).toBeVisible();

  expect(storedLines(tableId).map((l) => [l.name, l.amount, l.price])).toEqual([
    ['Tagliata di manzo', 1, 1800],
    ['Caffè', 2, 150],
  ]);
  // The owner's room screen turns the table red without a reload.
  await expect(square).toHaveAttribute('data-status', 'busy', { timeout: 5_000 });
  await owner.close();
  await phone.close();
});

test('the connection drops while sending: the retry stores the order exactly once', async ({ browser }) => {
  const { ownerId, tableId } = demoTable(4);
  const phone = await phoneAsGuest(browser);
  const page = await phone.newPage();
  await openTable(page, ownerId, tableId);
  await tapDish(page, 'Dolci', 'Tiramisù');

  // The server receives and stores the first send, but its answer never reaches the phone.
  let sends = 0;
  await page.route('**/api/reservation/user/order', async (route) => {
    sends += 1;
    if (sends === 1) {
      await route.fetch();
      await route.abort('internetdisconnected');
      return;
    }
    await route.continue();
  });
  await page.getByRole('button', { name: t.viewAndSend }).click();
  await page.getByRole('button', { name: tf.orderButton(500) }).click();
  await expect(page.getByText(t.orderSuccessCustomer)).toBeVisible({ timeout: 30_000 });
  expect(sends).toBeGreaterThan(1);
  expect(storedLines(tableId).map((l) => [l.name, l.amount])).toEqual([['Tiramisù', 1]]);
  await phone.close();
});

test('an owner orders for a table from the room screen', async ({ browser }) => {
  const { tableId } = demoTable(5);
  const tablet = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1280, height: 800 } });
  await tablet.addCookies([{ name: 'cookieConsent', value: '1', url: baseUrl() }]);
  await signInDemoOwner(tablet, baseUrl());
  const page = await tablet.newPage();
  await page.goto('/owner/room');
  await page.getByRole('button', { name: 'Tavolo 5', exact: true }).click();
  await page.getByRole('menuitem', { name: t.tableMenuOrder }).click();
  await expect(page).toHaveURL(new RegExp(`/owner/reservation/[^/]+/${tableId}$`));
  await tapDish(page, 'Fritti', 'Arancino al ragù');
  await page.getByRole('button', { name: tf.orderButton(350) }).click();
  await expect(page.getByText(t.orderSuccessOwner)).toBeVisible();
  await expectAccessible(page);
  expect(storedLines(tableId).map((l) => [l.name, l.amount, l.price])).toEqual([
    ['Arancino al ragù', 1, 350],
  ]);
  await tablet.close();
});
