import { t, tf } from '@comanda/shared-schema';
import type { Page } from '@playwright/test';
import { x } from '../../pwa/src/texts-extra.ts';
import { sendCart, tapDish } from './customer.ts';
import { demoTable, readDb } from './db.ts';
import { baseUrl, expect, expectAccessible, screenshot, test } from './fixtures.ts';
import { DEMO_PASSWORD } from './global-setup.ts';
import { DEMO_OWNER, ownerDevice } from './owner.ts';

/**
 * Spec 1's owner -> customer switch: the owner, on a phone and on a tablet, opens table 3 from the
 * tables list as a customer, orders a dish that reaches the dashboard, and comes back with 'Torna
 * al pannello' to the same screen, still the owner, never seeing the sign-in screen. The banner is
 * looked at on 320 and 390 px phones.
 */

const TABLE = 3;
const shoot = (page: Page, name: string) => screenshot(page, name, { fullPage: true });

/** No part of the page scrolls sideways. */
async function expectNoSideScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/** From now on, whether the sign-in screen ever shows (an address or its heading). */
async function watchForSignIn(page: Page): Promise<void> {
  await page.evaluate((title) => {
    const w = window as unknown as { __sawSignIn: boolean };
    w.__sawSignIn = false;
    const look = () => {
      const heading = document.querySelector('h1')?.textContent ?? '';
      if (location.pathname === '/signin' || heading === title) w.__sawSignIn = true;
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true });
    look();
  }, t.signInTitle);
}

/** Lines of the table's open order, as stored. */
function openLines(tableId: string): Array<{ name: string; amount: number }> {
  return readDb(
    (db) =>
      db
        .prepare(
          `SELECT l.name, l.amount FROM order_lines l JOIN orders o ON o.id = l.order_id
           WHERE o.table_id = ? AND o.closed_at IS NULL ORDER BY l.seq`,
        )
        .all(tableId) as Array<{ name: string; amount: number }>,
  );
}

const switchedSessions = () =>
  readDb(
    (db) =>
      (
        db.prepare('SELECT count(*) AS n FROM sessions WHERE return_session_id IS NOT NULL').get() as {
          n: number;
        }
      ).n,
  );

const RUNS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, category: 'Pizze', dish: 'Marinara', cents: 500 },
  { name: 'tablet', viewport: { width: 1024, height: 768 }, category: 'Bevande', dish: 'Caffè', cents: 150 },
] as const;

for (const run of RUNS) {
  test(`${run.name}: table ${TABLE} opened as a customer from the tables list, a dish ordered, back to the same screen as the owner`, async ({
    browser,
  }) => {
    const { ownerId, tableId } = demoTable(TABLE);
    const context = await ownerDevice(browser, run.viewport);
    const page = await context.newPage();
    await page.goto('/owner/tables?ordine=stanza');
    const open = page.getByRole('button', { name: tf.tableAction(t.openAsCustomer, TABLE) });
    await expect(open).toBeVisible();
    await expectNoSideScroll(page);
    await open.scrollIntoViewIfNeeded();
    await screenshot(page, `owner-switch-tables-${run.name}`);
    const before = openLines(tableId).filter((l) => l.name === run.dish).length;

    await open.click();
    await expect(page).toHaveURL(new RegExp(`/user/reservation/${ownerId}/${tableId}$`));
    await expect(page.getByRole('heading', { level: 1, name: tf.table(TABLE) })).toBeVisible();
    const banner = page.getByRole('region', { name: t.ownerSwitchBanner });
    await expect(banner).toBeVisible();
    await expect(banner.getByText(t.ownerSwitchBanner)).toBeVisible();
    // The guest's 'Accedi' would leave the switch behind: the banner's way back stands in.
    await expect(page.getByRole('link', { name: t.signIn })).toHaveCount(0);
    expect(switchedSessions()).toBe(1);
    await expectAccessible(page);
    await shoot(page, `owner-switch-menu-${run.name}`);

    await tapDish(page, run.category, run.dish);
    if (run.name === 'phone') {
      await sendCart(page, run.cents);
    } else {
      // The tablet's cart sits beside the menu: 'Ordina' straight away.
      await page.getByRole('button', { name: tf.orderButton(run.cents) }).click();
      const thanks = page.getByRole('dialog').filter({ hasText: t.orderSuccessCustomer });
      await expect(thanks).toBeVisible();
      await thanks.getByRole('button', { name: t.close }).click();
      await expect(thanks).toBeHidden();
    }
    await expect.poll(() => openLines(tableId).filter((l) => l.name === run.dish).length).toBe(before + 1);
    // The banner is on every customer screen: the cart too.
    await expect(banner).toBeVisible();

    await watchForSignIn(page);
    await banner.getByRole('button', { name: t.backToPanel }).click();
    await expect(page).toHaveURL(/\/owner\/tables\?ordine=stanza$/);
    await expect(page.getByRole('heading', { level: 1, name: x.navTables })).toBeVisible();
    await expect(open).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { __sawSignIn: boolean }).__sawSignIn)).toBe(
      false,
    );
    // Still the owner, on the same browser; the switched guest session is over.
    const check = await page.request.post('/api/owner/authenticate', { data: {} });
    expect(await check.json()).toMatchObject({ valid: true, type: 'owner', businessId: ownerId });
    expect(switchedSessions()).toBe(0);

    // The dish reached the owner's dashboard, read through the owner's own (resumed) sync.
    await page.goto('/owner/dashboard');
    const ticket = page.locator('article', {
      has: page.getByRole('heading', { name: tf.table(TABLE), exact: true }),
    });
    await expect(ticket.getByText(run.dish, { exact: false }).first()).toBeVisible();
    await context.close();
  });
}

test("an owner's browser opening a table's QR link switches into the customer flow: no guest signed in over the owner", async ({
  browser,
}) => {
  const { ownerId, tableId } = demoTable(TABLE);
  const context = await ownerDevice(browser, { width: 390, height: 844 });
  const page = await context.newPage();
  // The owner scans the table's QR code with the browser signed in to the panel.
  await page.goto(`/user/reservation/${ownerId}/${tableId}`);
  await expect(page.getByRole('heading', { level: 1, name: tf.table(TABLE) })).toBeVisible();
  const banner = page.getByRole('region', { name: t.ownerSwitchBanner });
  await expect(banner).toBeVisible();
  expect(switchedSessions()).toBe(1);
  await expectNoSideScroll(page);
  await expectAccessible(page);
  await shoot(page, 'owner-switch-qr-link-phone');

  await watchForSignIn(page);
  await banner.getByRole('button', { name: t.backToPanel }).click();
  await expect(page).toHaveURL(/\/owner\/home$/);
  expect(await page.evaluate(() => (window as unknown as { __sawSignIn: boolean }).__sawSignIn)).toBe(false);
  const check = await page.request.post('/api/owner/authenticate', { data: {} });
  expect(await check.json()).toMatchObject({ valid: true, type: 'owner', businessId: ownerId });
  expect(switchedSessions()).toBe(0);
  await context.close();
});

test('the banner on 320 and 390 px phones: it fits, nothing scrolls sideways, the way back in reach', async ({
  browser,
}) => {
  const { ownerId, tableId } = demoTable(TABLE);
  const context = await ownerDevice(browser, { width: 390, height: 844 });
  const page = await context.newPage();
  await page.goto('/owner/tables');
  await page.getByRole('button', { name: tf.tableAction(t.openAsCustomer, TABLE) }).click();
  await expect(page).toHaveURL(new RegExp(`/user/reservation/${ownerId}/${tableId}$`));
  const back = page
    .getByRole('region', { name: t.ownerSwitchBanner })
    .getByRole('button', { name: t.backToPanel });
  for (const width of [390, 320]) {
    await page.setViewportSize({ width, height: 740 });
    await expect(back).toBeVisible();
    await expectNoSideScroll(page);
    const box = await back.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
    await screenshot(page, `owner-switch-banner-${width}`);
  }
  await expectAccessible(page);
  await back.click();
  await expect(page).toHaveURL(/\/owner\/tables$/);
  await context.close();
});

test("the room's table menu and the delivery desk open the customer flow too; an owner session ended meanwhile leads to the owner sign-in, saying so, then back", async ({
  browser,
}) => {
  const { ownerId, tableId } = demoTable(TABLE);
  const context = await ownerDevice(browser, { width: 1024, height: 768 });
  const page = await context.newPage();
  const banner = page.getByRole('region', { name: t.ownerSwitchBanner });

  // Sala: the table's menu offers it beside 'Visualizza' and 'Ordina'.
  await page.goto('/owner/room');
  const square = page.locator(`[data-testid="table-${tableId}"]`).getByRole('button');
  await square.click();
  const menu = page.getByRole('menu', { name: tf.table(TABLE) });
  const item = menu.getByRole('menuitem', { name: t.openAsCustomer });
  await expect(item).toBeVisible();
  await shoot(page, 'owner-switch-room-menu-tablet');
  // Once, on a busy CI machine, the menu was gone after the full-page screenshot (its capture
  // resizes the page) and the item was never found; not seen in 30 runs here, under load too.
  // What is tested is the item's way to the customer page, so a closed menu is opened again.
  await expect(async () => {
    if (!(await item.isVisible())) await square.click();
    await item.click({ timeout: 2000 });
  }).toPass();
  await expect(page).toHaveURL(new RegExp(`/user/reservation/${ownerId}/${tableId}$`));
  await banner.getByRole('button', { name: t.backToPanel }).click();
  await expect(page).toHaveURL(/\/owner\/room$/);

  // Consegne: the venue's delivery page.
  await page.goto('/owner/delivery');
  const deskButton = page.getByRole('button', { name: t.openDeliveryAsCustomer });
  await expect(deskButton).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoSideScroll(page);
  await shoot(page, 'owner-switch-desk-phone');
  const ownerCookie = (await context.cookies()).find((c) => c.name === 'comanda_sid');
  await deskButton.click();
  await expect(page).toHaveURL(new RegExp(`/user/delivery/${ownerId}$`));
  await expect(banner).toBeVisible();
  await shoot(page, 'owner-switch-delivery-phone');

  // The owner session ends elsewhere (its old cookie signs out from another tab).
  const elsewhere = await browser.newContext({ baseURL: baseUrl() });
  if (!ownerCookie) throw new Error('no owner cookie');
  await elsewhere.addCookies([{ ...ownerCookie }]);
  expect((await elsewhere.request.post('/api/user/logout', { data: {} })).ok()).toBe(true);
  await elsewhere.close();

  await banner.getByRole('button', { name: t.backToPanel }).click();
  await expect(page).toHaveURL(/\/signin\?reason=owner-switch-ended$/);
  await expect(page.getByRole('alert').filter({ hasText: t.ownerSwitchEnded })).toBeVisible();
  await expect(page.getByRole('tab', { name: x.owner, selected: true })).toBeVisible();
  await expectAccessible(page);
  await shoot(page, 'owner-switch-ended-phone');
  const form = page.getByRole('tabpanel');
  await form.getByLabel(t.email).fill(DEMO_OWNER);
  await form.getByLabel(t.password).fill(DEMO_PASSWORD);
  await form.getByRole('button', { name: t.signIn, exact: true }).click();
  await expect(page).toHaveURL(/\/owner\/delivery$/);
  expect(switchedSessions()).toBe(0);
  await context.close();
});
