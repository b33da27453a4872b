import { randomUUID } from 'node:crypto';
import {
  CONFIRM_DELAY_MS,
  calls,
  formatEuro,
  type MenuDish,
  SYNC_HEADERS,
  t,
  tf,
} from '@comanda/shared-schema';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { demoTable, readDb } from './db.ts';
import { baseUrl, expect, expectAccessible, screenshot, test } from './fixtures.ts';
import { ownerDevice } from './owner.ts';

/**
 * On the owner's tablet what people need stays in reach (spec 2.6, 2.12): on a full dashboard the
 * floating buttons and the toasts never sit over the last row's 'Completa'; 'Completa' asks with
 * the confirm dialog's delay and says it is done in the 2 s snackbar; the owner's cart keeps
 * 'Ordina' in view however long the menu; in the order view a discount is typed (10 €) or chosen
 * (10%) instead of tapped twenty times. At 1024 px (tablet) and 390 px (phone). The journey removes
 * every order it made, so the journeys after it find the demo venue's tables free.
 */

const TABLET = { width: 1024, height: 768 };
const PHONE = { width: 390, height: 844 };
/** Each guest order: a dish for the kitchen and two for the bar, 18,50 €. */
const ROUND = ['Spaghetti alla carbonara', 'Aperol Spritz', 'Caffè'];
const ROUND_CENTS = 1100 + 600 + 150;

const ownerId = () => demoTable(1).ownerId;

async function guestTableOrders(browser: Browser, tables: readonly number[]): Promise<void> {
  const guest = await browser.newContext({ baseURL: baseUrl() });
  try {
    expect((await guest.request.post('/api/user/login', { data: { isAnonymus: true } })).ok()).toBe(true);
    const menu = await guest.request.post('/api/menu/user/get', { data: { businessId: ownerId() } });
    const all = ((await menu.json()) as { data: MenuDish[] }).data;
    const cart = ROUND.map((name) => {
      const dish = all.find((d) => d.name === name);
      if (!dish) throw new Error(`${name} is not on the demo menu`);
      return {
        ...dish,
        amount: 1,
        variants: dish.variants.map((v) => ({ ...v, selected: v.multi ? [] : null })),
      };
    });
    for (const n of tables) {
      const res = await guest.request.post('/api/reservation/user/order', {
        data: { cart, tableId: demoTable(n).tableId, ownerId: ownerId() },
        headers: { [SYNC_HEADERS.idempotencyKey]: randomUUID() },
      });
      expect(res.status(), await res.text()).toBe(200);
    }
  } finally {
    await guest.close();
  }
}

/** An owner call outside the outbox, as a script would send it (Idempotency-Key). */
async function ownerCall(owner: BrowserContext, path: string, data: object) {
  return owner.request.post(path, { data, headers: { [SYNC_HEADERS.idempotencyKey]: randomUUID() } });
}

/** Removes the tables' open orders without history (spec 7 table/delete): the venue as it was. */
async function freeTables(owner: BrowserContext, tables: readonly number[]): Promise<void> {
  for (const n of tables) {
    await ownerCall(owner, calls.dashboardTableDelete.path, {
      isDelivery: false,
      tableId: demoTable(n).tableId,
    });
  }
}

function openSconto(tableNumber: number): number | null {
  return readDb((db) => {
    const row = db
      .prepare('SELECT sconto FROM orders WHERE table_id = ? AND closed_at IS NULL')
      .get(demoTable(tableNumber).tableId) as { sconto: number } | undefined;
    return row?.sconto ?? null;
  });
}

const ticket = (page: Page, n: number): Locator =>
  page.locator('article', { has: page.getByRole('heading', { name: tf.table(n), exact: true }) });

/**
 * Whether a tap at the centre of each element lands on it, nothing over it (the dock, a toast),
 * and it lies inside the window: what a finger can reach without scrolling.
 */
async function reachable(locator: Locator): Promise<boolean[]> {
  return locator.evaluateAll((elements) =>
    elements.map((el) => {
      const r = el.getBoundingClientRect();
      if (r.top < 0 || r.bottom > window.innerHeight || r.left < 0 || r.right > window.innerWidth)
        return false;
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit !== null && (hit === el || el.contains(hit));
    }),
  );
}

const scrollToEnd = (page: Page) =>
  page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));

async function fullDashboardJourney(
  browser: Browser,
  viewport: { width: number; height: number },
  name: string,
) {
  const first = [1, 2, 3, 4, 5, 6, 7];
  const live = [8, 9, 10];
  const tablet = await ownerDevice(browser, viewport);
  // Journeys before this one may have left orders open: the tables start free.
  await freeTables(tablet, [...first, ...live]);
  await guestTableOrders(browser, first);
  try {
    const page = await tablet.newPage();
    // A clock the test can stop (it runs as usual until then): see the confirm dialog below.
    await page.clock.install();
    await page.goto('/owner/dashboard');
    await expect(ticket(page, 7)).toBeVisible();

    // Three orders arrive while the dashboard is open: three 'Nuovo ordine' toasts (spec 9: at most 3).
    await guestTableOrders(browser, live);
    const toasts = page.getByRole('region', { name: t.notifications }).getByRole('status');
    await expect(toasts).toHaveCount(3);
    await expect(ticket(page, 10)).toBeVisible();

    // Scrolled to the end, every line and action of the last row is tappable: the dock with its
    // floating buttons and three toasts sits below them, over the room the page leaves for it.
    // One look at the page, while the toasts (5 s each) are all showing.
    const look = await page.evaluate(async () => {
      // Tickets off screen are drawn when scrolled near (content-visibility): the page grows as
      // it reaches its end, so scroll again until the end stays the end.
      const frame = () =>
        new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const atEnd = () => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
      for (let i = 0, stable = 0; i < 50 && stable < 2; i++) {
        window.scrollTo(0, document.documentElement.scrollHeight);
        await frame();
        stable = atEnd() ? stable + 1 : 0;
      }
      const tickets = Array.from(document.querySelectorAll('article'));
      // The last row: the tickets that start lowest on the board.
      const lowest = Math.max(...tickets.map((a) => Math.round(a.getBoundingClientRect().top)));
      const lastRow = tickets.filter((a) => Math.round(a.getBoundingClientRect().top) === lowest);
      // A ticket scrolled near is drawn a frame or two later: until then its buttons are skipped
      // (content-visibility) and a hit test finds the ticket itself. Wait for them to be drawn.
      const buttons = lastRow.flatMap((a) => Array.from(a.querySelectorAll('button')));
      for (
        let i = 0;
        i < 50 && !buttons.every((b) => b.checkVisibility({ contentVisibilityAuto: true }));
        i++
      )
        await frame();
      const covered: string[] = [];
      for (const article of lastRow) {
        for (const el of Array.from(article.querySelectorAll('button'))) {
          const r = el.getBoundingClientRect();
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          const inside = r.top >= 0 && r.bottom <= window.innerHeight;
          if (!inside || hit === null || !(hit === el || el.contains(hit))) {
            covered.push(
              `${el.getAttribute('aria-label') ?? el.textContent} under ${hit?.textContent ?? 'nothing'}`,
            );
          }
        }
      }
      return {
        atEnd: atEnd(),
        toasts: document.querySelectorAll('.owner-toast').length,
        lastTitle: lastRow.at(-1)?.querySelector('h2')?.textContent,
        checked: lastRow.length,
        covered,
      };
    });
    expect(look).toEqual({
      atEnd: true,
      toasts: 3,
      lastTitle: tf.table(10),
      checked: look.checked,
      covered: [],
    });
    expect(look.checked).toBeGreaterThan(0);
    const last = ticket(page, 10);
    expect(await reachable(last.getByRole('button', { name: `${t.completeOrder} ${tf.table(10)}` }))).toEqual(
      [true],
    );
    await expect(page.getByRole('button', { name: t.outOfMenu })).toBeVisible();
    await screenshot(page, `${name}-dashboard-end`);
    // Mid-page the toasts sit in the dock's corner, not over the middle of the board.
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${name}-dashboard-top`);
    await expectAccessible(page);

    // 'Completa' (a destructive confirmation) asks with the delay of spec 9: 'Conferma' waits,
    // 'Annulla' does not; then the order is completed and the 2 s snackbar says so.
    // The page's clock stands still while the dialog opens: 'Conferma' waits for the delay
    // whatever the machine's speed, and goes live once the clock has run that long.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await last.getByRole('button', { name: `${t.completeOrder} ${tf.table(10)}` }).click();
    const confirm = page.getByRole('alertdialog');
    const confirmButton = confirm.getByRole('button', { name: t.confirm });
    await expect(confirmButton).toBeDisabled();
    await expect(confirm.getByRole('button', { name: t.cancel })).toBeEnabled();
    await screenshot(page, `${name}-confirm-waiting`);
    await page.clock.runFor(CONFIRM_DELAY_MS - 1);
    await expect(confirmButton).toBeDisabled();
    await page.clock.runFor(1);
    await expect(confirmButton).toBeEnabled();
    await page.clock.resume();
    await confirmButton.click();
    const snack = page.getByRole('status', { name: t.confirmations });
    await expect(snack).toHaveText(tf.orderCompletedNotice(tf.table(10)));
    await screenshot(page, `${name}-snackbar`);
    await expect(ticket(page, 10)).toHaveCount(0);
    await expect(snack).toHaveText('');
  } finally {
    await freeTables(tablet, [...first, ...live]);
    await tablet.close();
  }
}

test('a full dashboard at 1024 px: the last row reachable under the dock and three toasts; Completa waits, then says done', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  await fullDashboardJourney(browser, TABLET, 'tablet');
});

test('a full dashboard at 390 px: the same on a phone', async ({ browser }) => {
  test.setTimeout(120_000);
  await fullDashboardJourney(browser, PHONE, 'phone');
});

/** A category of 16 dishes, so the menu is longer than the window, and its removal. */
async function longCategory(
  owner: BrowserContext,
): Promise<{ names: string[]; remove: () => Promise<void> }> {
  const category = await ownerCall(owner, calls.ownerCategoryAdd.path, {
    name: 'Pizze della casa',
    area: 'cucina',
  });
  expect(category.status(), await category.text()).toBe(200);
  const categoryId = ((await category.json()) as { id: string }).id;
  const ids: string[] = [];
  const names: string[] = [];
  for (let i = 1; i <= 16; i++) {
    const name = `Pizza della casa ${String(i).padStart(2, '0')}`;
    const dish = await ownerCall(owner, calls.ownerDishAdd.path, {
      name,
      price: 700 + i * 50,
      categoryId,
      description: 'Pomodoro, fiordilatte, basilico e un ingrediente di stagione',
    });
    expect(dish.status(), await dish.text()).toBe(200);
    ids.push(((await dish.json()) as { id: string }).id);
    names.push(name);
  }
  return {
    names,
    remove: async () => {
      for (const id of ids) await ownerCall(owner, calls.ownerDishDelete.path, { id });
      await ownerCall(owner, calls.ownerCategoryDelete.path, { id: categoryId });
    },
  };
}

test("the owner's cart keeps 'Ordina' in view on a long menu and a long cart (1024 px, and 390 px)", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tablet = await ownerDevice(browser, TABLET);
  await freeTables(tablet, [2]);
  const menu = await longCategory(tablet);
  const { tableId } = demoTable(2);
  try {
    const page = await tablet.newPage();
    await page.goto(`/owner/reservation/${encodeURIComponent(ownerId())}/${encodeURIComponent(tableId)}`);
    await page.getByRole('button', { name: 'Pizze della casa', exact: true }).click();
    // Twelve different dishes: the cart is longer than the column.
    for (const name of menu.names.slice(0, 12)) await page.getByRole('button', { name, exact: true }).click();
    const cart = page.getByRole('complementary');
    const totalCents = menu.names.slice(0, 12).reduce((sum, _, i) => sum + 700 + (i + 1) * 50, 0);
    const order = cart.getByRole('button', { name: tf.orderButton(totalCents) });
    await expect(order).toBeVisible();
    expect(await reachable(order)).toEqual([true]);

    // Down the long menu to its last dish: the cart column stays, 'Ordina' with it.
    const lastDish = page.getByRole('button', { name: menu.names[15], exact: true });
    await lastDish.scrollIntoViewIfNeeded();
    await scrollToEnd(page);
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    expect(await reachable(order)).toEqual([true]);
    expect(await reachable(cart.getByRole('heading', { name: t.cartTitle }))).toEqual([true]);
    await screenshot(page, `tablet-ordering-end`);
    await expectAccessible(page);

    // A dish added at the foot of the menu lands in the cart; 'Ordina' follows the new total.
    await lastDish.click();
    const withLast = cart.getByRole('button', { name: tf.orderButton(totalCents + 700 + 16 * 50) });
    expect(await reachable(withLast)).toEqual([true]);

    // The phone: the menu scrolls under the floating 'Visualizza e invia', which stays in reach,
    // and the cart sheet keeps 'Ordina' in view at the foot of its long list.
    await page.setViewportSize(PHONE);
    await page.getByRole('tab', { name: 'Pizze della casa' }).click();
    await page.getByRole('button', { name: menu.names[15], exact: true }).scrollIntoViewIfNeeded();
    await scrollToEnd(page);
    const viewAndSend = page.getByRole('button', { name: t.viewAndSend });
    expect(await reachable(viewAndSend)).toEqual([true]);
    await screenshot(page, `phone-ordering-end`);
    await viewAndSend.click();
    const sheetOrder = page.getByRole('dialog').getByRole('button', { name: /^Ordina / });
    await expect(sheetOrder).toBeVisible();
    expect(await reachable(sheetOrder)).toEqual([true]);
    await screenshot(page, `phone-ordering-cart`);
    await expectAccessible(page);
  } finally {
    await menu.remove();
    await freeTables(tablet, [2]);
    await tablet.close();
  }
});

test('the order view: a 10 € discount typed at 1024 px, a 10% quick discount at 390 px', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tablet = await ownerDevice(browser, TABLET);
  await freeTables(tablet, [4, 5]);
  await guestTableOrders(browser, [4, 5]);
  try {
    const page = await tablet.newPage();
    await page.goto('/owner/dashboard');
    await ticket(page, 4)
      .getByRole('button', { name: `${t.tableMenuView} ${tf.table(4)}` })
      .click();
    let view = page.getByRole('dialog', { name: tf.table(4) });
    await view.getByRole('button', { name: t.edit }).click();
    const sconto = view.getByRole('textbox', { name: t.rowDiscount });
    await expect(sconto).toHaveValue('0,00');

    // A bad amount says why and changes nothing.
    await sconto.fill('18,50');
    await sconto.press('Enter');
    await expect(view.getByText(tf.discountBelowSubtotal(ROUND_CENTS))).toBeVisible();
    await expect(sconto).toHaveAttribute('aria-invalid', 'true');
    await expect(view.getByLabel(t.orderTotals)).toContainText(`${t.rowNewTotal}${formatEuro(ROUND_CENTS)}`);

    // Ten euros in one entry, typed and straight to 'Termina': leaving the field applies it.
    await sconto.fill('10');
    await view.getByRole('button', { name: t.finishEditing }).click();
    await expect(view.getByLabel(t.orderTotals)).toContainText(
      `${t.rowDiscount}${formatEuro(1000)}${t.rowNewTotal}${formatEuro(ROUND_CENTS - 1000)}`,
    );
    await expect.poll(() => openSconto(4)).toBe(1000);
    await view.getByRole('button', { name: t.edit }).click();
    await expect(sconto).toHaveValue('10,00');
    await screenshot(page, `tablet-order-view-discount`);
    await expectAccessible(page);
    await view.getByRole('button', { name: t.finishEditing }).click();
    await view.getByRole('button', { name: t.close }).click();

    // On the phone: 10% of 18,50 € is 1,85 €, between the 0,50 € steps, kept to the cent.
    await page.setViewportSize(PHONE);
    await ticket(page, 5)
      .getByRole('button', { name: `${t.tableMenuView} ${tf.table(5)}` })
      .click();
    view = page.getByRole('dialog', { name: tf.table(5) });
    await view.getByRole('button', { name: t.edit }).click();
    await view
      .getByRole('group', { name: t.discountQuick })
      .getByRole('button', { name: tf.discountPercent(10) })
      .click();
    await expect(view.getByRole('textbox', { name: t.rowDiscount })).toHaveValue('1,85');
    await expect(view.getByLabel(t.orderTotals)).toContainText(
      `${t.rowNewTotal}${formatEuro(ROUND_CENTS - 185)}`,
    );
    await view.getByRole('textbox', { name: t.rowDiscount }).scrollIntoViewIfNeeded();
    await screenshot(page, `phone-order-view-discount`);
    await expectAccessible(page);
    // The narrowest phone: the discount's controls still fit, none off the side.
    await page.setViewportSize({ width: 320, height: 640 });
    await view.getByRole('button', { name: tf.discountPercent(20) }).scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
    const modal = await page.locator('.ov-modal').evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(modal[0], 'nothing in the order view runs off its side').toBeLessThanOrEqual(modal[1] ?? 0);
    await screenshot(page, `phone320-order-view-discount`);
    await view.getByRole('button', { name: t.finishEditing }).click();
    await expect.poll(() => openSconto(5)).toBe(185);
  } finally {
    await freeTables(tablet, [4, 5]);
    await tablet.close();
  }
});
