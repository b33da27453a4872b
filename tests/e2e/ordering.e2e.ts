import { t, tf } from '@comanda/shared-schema';
import { openTable, phoneAsGuest, tapDish } from './customer.ts';
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

test('a phone orders at table 3 (mandatory variant, merged line); the owner sees the table busy and the ticket live', async ({
  browser,
}) => {
  const { ownerId, tableId } = demoTable(3);
  const owner = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 1024, height: 768 } });
  await signInDemoOwner(owner, baseUrl());
  const room = await owner.newPage();
  await room.goto('/owner/room');
  const square = room.locator(`[data-testid="table-${tableId}"]`);
  await expect(square).toHaveAttribute('data-status', 'free');
  const dashboard = await owner.newPage();
  await dashboard.goto('/owner/dashboard');
  await expect(dashboard.getByRole('heading', { name: 'Tavolo 3', exact: true })).toHaveCount(0);

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
  // The owner's dashboard, open all along, shows the ticket with its lines, also without a reload.
  const ticket = dashboard.locator('article', {
    has: dashboard.getByRole('heading', { name: 'Tavolo 3', exact: true }),
  });
  await expect(ticket.getByRole('button', { name: /Tagliata di manzo/ })).toBeVisible({ timeout: 5_000 });
  await expect(ticket.getByRole('button', { name: /Caffè/ })).toContainText('2×');
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
