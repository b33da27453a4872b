import { randomUUID } from 'node:crypto';
import { formatEuro, SYNC_HEADERS, t, tf } from '@comanda/shared-schema';
import type { BrowserContext, Page } from '@playwright/test';
import QRCode from 'qrcode';
import { xf } from '../../pwa/src/texts-extra.ts';
import { phoneAsGuest, sendCart, tapDish } from './customer.ts';
import { demoTable, readDb } from './db.ts';
import { guestOrder } from './delivery.ts';
import { baseUrl, expect, expectAccessible, screenshot, test } from './fixtures.ts';
import { ownerDevice } from './owner.ts';

/**
 * The owner's tables page (spec 2.3, 2.4, 2.5): '/owner/tables' lists every table of the demo venue
 * with the state the database holds, follows a customer's order live, and opens 'Visualizza',
 * 'Ordina' and a table's QR code; Sala's panels follow the version set in Profilo; 'Locale chiuso
 * ora' applies without pressing 'Salva'. The venue is left open and at its version: other journeys
 * need it.
 */

const TABLE = 5;
const shoot = (page: Page, name: string) => screenshot(page, name, { fullPage: true });

/** Every demo table as the database holds it: occupied (open order or status flag) and its total. */
function floorInDb(ownerId: string): Map<number, { busy: boolean; total: number }> {
  return readDb((db) => {
    const tables = db
      .prepare('SELECT id, number, status FROM tables WHERE business_id = ?')
      .all(ownerId) as Array<{ id: string; number: number; status: number }>;
    const out = new Map<number, { busy: boolean; total: number }>();
    for (const table of tables) {
      const order = db
        .prepare("SELECT id, sconto FROM orders WHERE table_id = ? AND kind = 'table' AND closed_at IS NULL")
        .get(table.id) as { id: string; sconto: number } | undefined;
      const lines = order
        ? ((db
            .prepare("SELECT price, amount FROM order_lines WHERE order_id = ? AND status != 'owner_deleted'")
            .all(order.id) as Array<{ price: number; amount: number }>) ?? [])
        : [];
      const subtotal = lines.reduce((sum, l) => sum + l.price * l.amount, 0);
      out.set(table.number, {
        busy: table.status === 1 || order !== undefined,
        total: subtotal - Math.min(order?.sconto ?? 0, subtotal),
      });
    }
    return out;
  });
}

const card = (page: Page, n: number) =>
  page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: tf.table(n), exact: true }) });

/** No part of the page scrolls sideways. */
async function expectNoSideScroll(page: Page): Promise<void> {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
}

/**
 * A customer's phone opens the table's menu: as a guest through 'Continua come ospite', or
 * straight away where the link signs a guest in by itself.
 */
async function openMenu(page: Page, ownerId: string, tableId: string): Promise<void> {
  await page.goto(`/user/reservation/${ownerId}/${tableId}`);
  const guest = page.getByRole('button', { name: t.continueAsGuest });
  const menu = page.getByRole('button', { name: t.viewAndSend });
  await expect(guest.or(menu).first()).toBeVisible();
  if (await guest.isVisible()) await guest.click();
  await expect(menu).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/user/reservation/${ownerId}/${tableId}$`));
}

/** One owner mutation outside any tablet's outbox (a fresh client id each time). */
async function ownerSend(context: BrowserContext, path: string, data: object = {}): Promise<void> {
  const res = await context.request.post(path, {
    data,
    headers: { [SYNC_HEADERS.clientId]: randomUUID(), [SYNC_HEADERS.mutationId]: '1' },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

const orderingInDb = () =>
  readDb(
    (db) =>
      (
        db.prepare("SELECT order_enabled FROM businesses WHERE name = 'Trattoria Demo'").get() as {
          order_enabled: number;
        }
      ).order_enabled === 1,
  );

/**
 * Customers can order for the test (another journey may have left 'Abilita ordini' off);
 * answers how to put the switch back as it was.
 */
async function ensureOrdering(context: BrowserContext): Promise<() => Promise<void>> {
  if (orderingInDb()) return async () => undefined;
  await ownerSend(context, '/api/owner/order/toggle');
  return () => ownerSend(context, '/api/owner/order/toggle');
}

const ownerVersionSet = (context: BrowserContext, version: 1 | 2 | 3) =>
  ownerSend(context, '/api/owner/dataUser/version/set', { version });

const versionInDb = () =>
  readDb(
    (db) =>
      (
        db
          .prepare(
            "SELECT u.version FROM users u JOIN businesses b ON b.owner_user_id = u.id WHERE b.name = 'Trattoria Demo'",
          )
          .get() as { version: number }
      ).version,
  );

test('tables list: every table with its state, live after a customer order; Visualizza, Ordina, QR', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const { ownerId, tableId } = demoTable(TABLE);
  const tablet = await ownerDevice(browser, { width: 1024, height: 768 });
  const owner = await tablet.newPage();
  const phone = await phoneAsGuest(browser);
  const customer = await phone.newPage();
  const restoreOrdering = await ensureOrdering(tablet);
  try {
    await owner.goto('/owner/tables');
    await expect(card(owner, 1)).toBeVisible();
    // Every table of every room (the demo's ten, and any a journey added), each free or
    // occupied as the database says.
    const before = floorInDb(ownerId);
    expect(before.size).toBeGreaterThanOrEqual(10);
    await expect(owner.getByRole('heading', { level: 3 })).toHaveCount(before.size);
    for (const [n, { busy }] of before) {
      await expect(card(owner, n)).toHaveAttribute('data-state', busy ? 'busy' : 'free');
    }
    await expectAccessible(owner);
    await shoot(owner, 'tables-1024');

    // A customer orders at the table: the open list follows, no reload.
    await openMenu(customer, ownerId, tableId);
    await tapDish(customer, 'Dolci', 'Tiramisù');
    await sendCart(customer, 500);
    const after = floorInDb(ownerId).get(TABLE);
    expect(after?.busy).toBe(true);
    const row = card(owner, TABLE);
    await expect(row).toHaveAttribute('data-state', 'busy');
    await expect(row.getByText(t.tableOccupied)).toBeVisible();
    await expect(row.getByText(formatEuro(after?.total ?? 0), { exact: true })).toBeVisible();
    await expect(row.getByText(t.tableOpenSince, { exact: true })).toBeVisible();

    // Visualizza: the table's order view, with what the customer sent.
    await row.getByRole('button', { name: tf.tableAction(t.tableMenuView, TABLE) }).click();
    const view = owner.getByRole('dialog', { name: tf.table(TABLE) });
    await expect(view.getByText('Tiramisù').first()).toBeVisible();
    await expectAccessible(owner);
    await shoot(owner, 'tables-view-1024');
    await view.getByRole('button', { name: t.close, exact: true }).click();
    await expect(view).toBeHidden();

    // QR of the one table: the code encodes the table's customer link.
    await row.getByRole('button', { name: xf.qrAlt(TABLE) }).click();
    const sheet = owner.getByRole('dialog', { name: tf.qrOneTitle(TABLE) });
    const link = `${baseUrl()}/user/reservation/${ownerId}/${tableId}`;
    await expect(sheet.getByText(link)).toBeVisible();
    const img = sheet.getByRole('img', { name: xf.qrAlt(TABLE) });
    await expect(img).toBeVisible();
    const svg = await QRCode.toString(link, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
    expect(await img.getAttribute('src')).toBe(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`);
    await expectAccessible(owner);
    await shoot(owner, 'tables-qr-1024');
    await sheet.getByRole('button', { name: t.close }).click();
    await expect(sheet).toBeHidden();

    // Ordina: the owner's menu for the table; the order lands on the table's total.
    await row.getByRole('link', { name: tf.tableAction(t.tableMenuOrder, TABLE) }).click();
    await expect(owner).toHaveURL(new RegExp(`/owner/reservation/${ownerId}/${tableId}$`));
    await tapDish(owner, 'Fritti', 'Arancino al ragù');
    await owner.getByRole('button', { name: tf.orderButton(350) }).click();
    await expect(owner.getByText(t.orderSuccessOwner)).toBeVisible();
    await owner.goto('/owner/tables');
    const total = floorInDb(ownerId).get(TABLE)?.total ?? 0;
    expect(total).toBe((after?.total ?? 0) + 350);
    await expect(card(owner, TABLE).getByText(formatEuro(total), { exact: true })).toBeVisible();

    // All the QR codes at once: one per table, to print.
    await owner.getByRole('button', { name: t.allTablesQr }).click();
    const all = owner.getByRole('dialog', { name: t.allTablesQr });
    await expect(all.getByRole('img')).toHaveCount(before.size);
    await all.getByRole('button', { name: t.close }).click();
  } finally {
    await restoreOrdering();
    await tablet.close();
    await phone.close();
  }
});

test('tables list on a phone: a number typed finds the table, big targets, nothing sideways', async ({
  browser,
}) => {
  const { ownerId } = demoTable(TABLE);
  const handset = await ownerDevice(browser, { width: 390, height: 844 });
  const page = await handset.newPage();
  try {
    await page.goto('/owner/tables');
    await expect(card(page, 1)).toBeVisible();
    await expectNoSideScroll(page);
    await shoot(page, 'tables-390');
    // Occupied first: the first card is an occupied (or calling) table, if any.
    const busy = [...floorInDb(ownerId)].filter(([, v]) => v.busy).map(([n]) => n);
    if (busy.length > 0) {
      await expect(page.getByRole('listitem').first()).toHaveAttribute('data-state', 'busy');
    }
    await page.getByRole('searchbox', { name: t.tablesSearchLabel }).fill(String(TABLE));
    await expect(page.getByRole('heading', { level: 3 })).toHaveText([tf.table(TABLE)]);
    const row = card(page, TABLE);
    for (const name of [
      tf.tableAction(t.tableMenuView, TABLE),
      tf.tableAction(t.tableMenuOrder, TABLE),
      xf.qrAlt(TABLE),
    ]) {
      const box = await row
        .getByRole(name.startsWith(t.tableMenuOrder) ? 'link' : 'button', { name })
        .boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
      expect(box?.width ?? 0).toBeGreaterThanOrEqual(44);
    }
    await expectNoSideScroll(page);
    await expectAccessible(page);
    await shoot(page, 'tables-390-search');
    await page.getByRole('radio', { name: t.tablesByRoom }).click();
    await page.getByRole('searchbox', { name: t.tablesSearchLabel }).fill('');
    await expect(page.getByRole('region', { name: 'Dehors' })).toBeVisible();
    await expectNoSideScroll(page);
    await shoot(page, 'tables-390-rooms');
    // Scrolled down: the search and the order stay on top.
    await page.getByRole('region', { name: 'Dehors' }).scrollIntoViewIfNeeded();
    await expect(page.getByRole('searchbox', { name: t.tablesSearchLabel })).toBeInViewport();
    await screenshot(page, 'tables-390-scrolled');
  } finally {
    await handset.close();
  }
});

test('Sala panels follow the version set in Profilo', async ({ browser }) => {
  test.setTimeout(120_000);
  const { ownerId } = demoTable(1);
  const tablet = await ownerDevice(browser, { width: 1024, height: 768 });
  const page = await tablet.newPage();
  const original = versionInDb();
  // A pickup waiting for the owner: the evening's panel lists it, marked to accept.
  const pickup = await guestOrder(
    browser,
    ownerId,
    { tipo: 'Ritiro', nome: 'Piero', telefono: '3330001122' },
    [['Diavola', 1]],
  );
  try {
    await page.goto('/owner/profile');
    const panels = page.getByRole('region', { name: t.roomPanelsSection });
    await panels.getByText(t.roomPanelsVersion3, { exact: true }).click();
    await expect(panels.getByRole('status')).toHaveText(t.savedNow);
    expect(versionInDb()).toBe(3);

    await page.goto('/owner/room');
    await expect(page.getByRole('region', { name: tf.roomGlanceTitle('Sala interna') })).toBeVisible();
    const evening = page.getByRole('region', { name: t.eveningTitle });
    await expect(evening).toBeVisible();
    const glance = page.getByRole('region', { name: tf.roomGlanceTitle('Sala interna') });
    await expect(glance.getByText(t.glanceBusyTables)).toBeVisible();
    const piero = evening.getByRole('listitem').filter({ hasText: 'Piero' });
    await expect(piero.getByText(t.eveningToAccept)).toBeVisible();
    await expect(piero.getByText('7,50 €')).toBeVisible();
    await expectAccessible(page);
    await shoot(page, 'room-panels-1024');
    await page.setViewportSize({ width: 390, height: 844 });
    await expectNoSideScroll(page);
    await shoot(page, 'room-panels-390');
    await page.setViewportSize({ width: 1024, height: 768 });

    await page.goto('/owner/profile');
    await page
      .getByRole('region', { name: t.roomPanelsSection })
      .getByText(t.roomPanelsVersion2, { exact: true })
      .click();
    await expect(page.getByRole('region', { name: t.roomPanelsSection }).getByRole('status')).toHaveText(
      t.savedNow,
    );
    await page.goto('/owner/room');
    await expect(page.getByRole('region', { name: t.eveningTitle })).toBeVisible();
    await expect(page.getByRole('region', { name: tf.roomGlanceTitle('Sala interna') })).toHaveCount(0);
  } finally {
    await ownerVersionSet(tablet, original === 2 || original === 3 ? original : 1);
    // The pickup goes: other journeys count the deliveries waiting.
    await ownerSend(tablet, '/api/delivery/deliveryReject', { deliveryId: pickup.deliveryId ?? pickup.id });
    await tablet.close();
  }
});

test("Profilo: 'Locale chiuso ora' applies at once, without 'Salva'; a customer's menu closes", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { ownerId, tableId } = demoTable(1);
  const tablet = await ownerDevice(browser, { width: 1024, height: 768 });
  const owner = await tablet.newPage();
  const phone = await phoneAsGuest(browser);
  const customer = await phone.newPage();
  const closedInDb = () =>
    readDb(
      (db) =>
        (
          db.prepare("SELECT is_closed FROM businesses WHERE name = 'Trattoria Demo'").get() as {
            is_closed: number;
          }
        ).is_closed,
    );
  try {
    await owner.goto('/owner/profile');
    const section = owner.getByRole('region', { name: t.profileClosedSection });
    await expect(section.getByRole('switch', { name: t.venueClosedNow })).not.toBeChecked();
    await expect(section.getByRole('button', { name: t.save })).toBeDisabled();
    await openMenu(customer, ownerId, tableId);

    // One flip: no 'Salva' pressed anywhere.
    await section.locator('label.switch').click();
    await expect(section.getByRole('switch', { name: t.venueClosedNow })).toBeChecked();
    await expect(section.getByRole('status')).toHaveText(t.savedNow);
    expect(closedInDb()).toBe(1);
    await expect(customer.getByRole('heading', { name: t.venueClosed })).toBeVisible({ timeout: 10_000 });
    await expectAccessible(owner);
    await shoot(owner, 'profile-closed-1024');
    await owner.setViewportSize({ width: 390, height: 844 });
    await expectNoSideScroll(owner);
    await shoot(owner, 'profile-closed-390');
    await screenshot(section, 'profile-closed-390-card');
    await screenshot(owner.getByRole('region', { name: t.roomPanelsSection }), 'profile-panels-390-card');
    await owner.setViewportSize({ width: 1024, height: 768 });

    // The message field is another matter: marked unsaved, its card's 'Salva' enabled.
    const message = section.getByRole('textbox', { name: t.closingMessageLabel });
    await message.fill('Torniamo alle 19');
    await expect(section.getByText(t.unsavedChanges)).toBeVisible();
    await expect(section.getByRole('button', { name: t.save })).toBeEnabled();
    await screenshot(section, 'profile-unsaved-1024-card');
    await message.fill('');
    await expect(section.getByText(t.unsavedChanges)).toHaveCount(0);

    // Reopened with one flip: the customer's menu comes back.
    await section.locator('label.switch').click();
    await expect(section.getByRole('switch', { name: t.venueClosedNow })).not.toBeChecked();
    await expect(section.getByRole('status')).toHaveText(t.savedNow);
    await expect(customer.getByRole('heading', { name: t.venueClosed })).toHaveCount(0, { timeout: 10_000 });
    expect(closedInDb()).toBe(0);
  } finally {
    if (closedInDb() === 1) await ownerSend(tablet, '/api/owner/profile/set', { is_closed: 0 });
    await tablet.close();
    await phone.close();
  }
});
