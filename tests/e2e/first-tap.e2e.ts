import { randomUUID } from 'node:crypto';
import { calls, NO_THANKS_LABEL, SYNC_HEADERS, t, tf } from '@comanda/shared-schema';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { x } from '../../pwa/src/texts-extra.ts';
import { tapDish } from './customer.ts';
import { demoTable, readDb } from './db.ts';
import { baseUrl, expect, expectAccessible, screenshot, test } from './fixtures.ts';
import { ownerDevice } from './owner.ts';

/**
 * The customer's first tap (spec 1, 2.2, 2.7-2.11) on small phones: the table's QR link opens the
 * venue's menu at once as a guest, a dish with 'no, grazie!' goes to the cart, the order leaves
 * from a button always in reach, the result points to Storico; the delivery link the same, with a
 * recap that follows the venue's decision live. Every customer screen fits 320-430 px with no
 * sideways scroll, and axe finds nothing serious.
 */

const WIDTHS = [320, 360, 390, 430] as const;
const HEIGHT = 740;
const VENUE = 'Trattoria Demo';
/** The demo menu's drinks, one of each: with the fries, a cart longer than a phone's screen. */
const DRINKS = [
  'Acqua naturale 0,5 l',
  'Coca-Cola 33 cl',
  'Birra alla spina 0,4 l',
  'Aperol Spritz',
  'Caffè',
  'Limoncello',
];
/** Patatine fritte (4,00 €) and one of each drink (20,00 €). */
const TOTAL = 400 + 150 + 300 + 500 + 600 + 150 + 300;
const LINES = 1 + DRINKS.length;

/** Screenshots for a person to look at (E2E_SHOTS_DIR, else tests/e2e/.screens). */
async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, `first-tap-${name}`);
}

/** A phone that never came here: no session, no cookie consent. */
function phone(browser: Browser, width: number): Promise<BrowserContext> {
  return browser.newContext({
    baseURL: baseUrl(),
    viewport: { width, height: HEIGHT },
    isMobile: true,
    hasTouch: true,
  });
}

/**
 * Nothing scrolls sideways at any of the phone widths: the page (a mobile browser would widen its
 * layout to the content, so the width set is the yardstick) and every open dialog.
 */
async function noSideScroll(page: Page): Promise<void> {
  const original = page.viewportSize();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: HEIGHT });
    await expect
      .poll(
        () =>
          page.evaluate(() => {
            const dialogs = Array.from(
              document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]'),
            );
            return Math.max(
              document.documentElement.scrollWidth,
              ...dialogs.map((d) => d.scrollWidth - d.clientWidth + window.innerWidth),
            );
          }),
        { message: `${page.url()} at ${width} px` },
      )
      .toBeLessThanOrEqual(width);
  }
  if (original) await page.setViewportSize(original);
}

/** The element a finger lands on at the centre of `target` is `target` itself. */
async function expectUncovered(page: Page, target: Locator, name: string): Promise<void> {
  const box = await target.boundingBox();
  if (!box) throw new Error(`${name} is not on screen`);
  const hit = await page.evaluate(
    ({ x: px, y: py }) => document.elementFromPoint(px, py)?.closest('button, a')?.textContent ?? null,
    { x: box.x + box.width / 2, y: box.y + box.height / 2 },
  );
  expect(hit, `${name} is covered`).toContain(name);
}

/** react-aria radios: the input is hidden, a person taps the choice's label. */
async function choose(scope: Page | Locator, label: string): Promise<void> {
  await scope
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();
}

for (const width of [320, 390] as const) {
  test(`first tap at ${width} px: the QR link opens the menu as a guest, 'no, grazie!' is chosen, the order points to Storico`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const number = width === 320 ? 9 : 10;
    const { ownerId, tableId } = demoTable(number);
    const context = await phone(browser, width);
    const page = await context.newPage();

    // The QR code's link: the venue's menu at once, named, no sign-in screen; signing in one tap away.
    // One guest is made: the page's first request makes it (its `userLogin` part), and the app
    // takes that answer instead of sending a login of its own.
    const guestLogins: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === calls.userLogin.path)
        guestLogins.push(request.postData() ?? '');
    });
    const firstAnswers: Array<Promise<unknown>> = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname === calls.userTableFirst.path) firstAnswers.push(response.json());
    });
    await page.goto(`/user/reservation/${ownerId}/${tableId}`);
    await expect(page.getByRole('heading', { level: 1, name: tf.table(number) })).toBeVisible();
    const parts = (await Promise.all(firstAnswers)).flatMap(
      (answer) => (answer as { answers: Array<{ call: string; status: number }> }).answers,
    );
    // One guest, made by the first request (or, were that one refused, by the app's own login).
    const loginParts = parts.filter((part) => part.call === 'userLogin' && part.status === 200);
    expect([...guestLogins, ...loginParts]).toHaveLength(1);
    await expect(page.getByText(VENUE, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/user/reservation/${ownerId}/${tableId}$`));
    await expect(page.getByRole('heading', { name: t.signInTitle })).toHaveCount(0);
    await expect(page.getByRole('link', { name: t.signIn })).toBeVisible();
    // The cookie notice shows, and leaves 'Visualizza e invia' free.
    const banner = page.getByRole('region', { name: x.cookieBannerLabel });
    await expect(banner).toBeVisible();
    const fab = page.getByRole('button', { name: t.viewAndSend });
    await expectUncovered(page, fab, t.viewAndSend);
    await shot(page, `${width}-menu`);
    await expectAccessible(page);
    await noSideScroll(page);

    // An ingredients group: 'no, grazie!' is the first radio, chosen; no box says it.
    await tapDish(page, 'Pizze', 'Capricciosa');
    const capricciosa = page.getByRole('dialog', { name: 'Capricciosa' });
    const ingredients = capricciosa.getByRole('radiogroup', { name: 'Ingredienti' });
    await expect(ingredients.getByRole('radio').first()).toBeChecked();
    await expect(ingredients.locator('label').first()).toContainText(NO_THANKS_LABEL);
    await expect(capricciosa.getByRole('checkbox', { name: NO_THANKS_LABEL })).toHaveCount(0);
    await choose(ingredients, t.ingredientsCustomize);
    await expect(capricciosa.getByRole('checkbox', { name: 'Olive' })).toBeChecked();
    await shot(page, `${width}-picker-ingredients`);
    await expectAccessible(page);
    await capricciosa.getByRole('button', { name: t.close }).click();
    await expect(capricciosa).toBeHidden();

    // A mandatory single choice with 'no, grazie!': its first radio.
    await tapDish(page, 'Fritti', 'Patatine fritte');
    const fries = page.getByRole('dialog', { name: 'Patatine fritte' });
    const salsa = fries.getByRole('radiogroup', { name: /Salsa/ });
    await expect(salsa.locator('label').first()).toHaveText(NO_THANKS_LABEL);
    await choose(salsa, NO_THANKS_LABEL);
    await shot(page, `${width}-picker-salsa`);
    await noSideScroll(page);
    await fries.getByRole('button', { name: t.addToCart }).click();
    await expect(fries).toBeHidden();
    // Every drink too: a cart longer than the screen.
    for (const drink of DRINKS) await tapDish(page, 'Bevande', drink);
    // A count on the cart's tab: the page still does not widen, the button stays free.
    await expect(page.getByRole('navigation', { name: t.tableSections })).toContainText(String(LINES));
    await noSideScroll(page);
    await expectUncovered(page, fab, t.viewAndSend);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(page, `${width}-menu-with-cart`);
    if (width === 390) {
      // The same page on a tablet: the cart column, its order button in view.
      await page.setViewportSize({ width: 1024, height: 768 });
      await expect(page.getByRole('button', { name: tf.orderButton(TOTAL) })).toBeInViewport({ ratio: 1 });
      await shot(page, '1024-menu-with-cart');
      await page.setViewportSize({ width, height: HEIGHT });
    }
    await banner.getByRole('button', { name: t.close }).click();
    await expect(banner).toBeHidden();

    // The guest comes back (the QR code scanned again, a new tab): the same guest, the same cart.
    const again = await context.newPage();
    const logins: string[] = [];
    again.on('request', (request) => {
      if (request.url().endsWith('/api/user/login')) logins.push(request.url());
    });
    await again.goto(`/user/reservation/${ownerId}/${tableId}`);
    await expect(again.getByRole('button', { name: t.viewAndSend })).toContainText(String(LINES));
    expect(logins).toEqual([]);
    await again.close();

    // The cart, longer than the screen: the order button in reach at once, at the bottom, and
    // still there once scrolled to the end; the group named on the line.
    await fab.click();
    const sheet = page.getByRole('dialog', { name: t.cartTitle });
    const order = sheet.getByRole('button', { name: tf.orderButton(TOTAL) });
    await expect(order).toBeInViewport({ ratio: 1 });
    await expect(sheet.locator('.cart-line-variants')).toHaveText(`Salsa: ${NO_THANKS_LABEL}`);
    await sheet.getByRole('listitem').last().scrollIntoViewIfNeeded();
    await expect(order).toBeInViewport({ ratio: 1 });
    await expectUncovered(page, order, tf.orderButton(TOTAL));
    await shot(page, `${width}-cart`);
    await expectAccessible(page);
    await noSideScroll(page);
    await order.click();

    // After sending: no e-mail promised to a table, Storico instead.
    const thanks = page.getByRole('dialog').filter({ hasText: t.orderSuccessCustomer });
    await expect(thanks).toContainText(t.tableOrderInHistory);
    await expect(thanks).not.toContainText(t.orderEmailWillFollow);
    await shot(page, `${width}-success`);
    await expectAccessible(page);
    await thanks.getByRole('link', { name: t.goToHistory }).click();

    // Storico: the header of the other tabs, the waiter button, the line with its group.
    await expect(page).toHaveURL(new RegExp(`/user/history/${ownerId}/${tableId}$`));
    await expect(page.getByText(`${VENUE} · ${tf.table(number)}`)).toBeVisible();
    await expect(page.getByRole('button', { name: t.callWaiterButton })).toBeVisible();
    const line = page.locator('.history-line').filter({ hasText: tf.lineAmount(1, 'Patatine fritte') });
    await expect(line).toContainText(`Salsa: ${NO_THANKS_LABEL}`);
    await shot(page, `${width}-history`);
    await expectAccessible(page);
    await noSideScroll(page);

    // The table's other screens, empty cart included: no 'Ordina 0,00€'.
    await page.goto(`/user/cart/${ownerId}/${tableId}`);
    await expect(page.getByText(t.cartEmpty)).toBeVisible();
    await expect(page.getByRole('button', { name: /^Ordina/ })).toHaveCount(0);
    await expectAccessible(page);
    await noSideScroll(page);
    await page.goto(`/user/chat/${ownerId}/${tableId}`);
    await expect(page.getByRole('heading', { level: 1, name: t.chatTitle })).toBeVisible();
    await shot(page, `${width}-chat`);
    await expectAccessible(page);
    await noSideScroll(page);

    // The kitchen reads the group with the choice.
    const tablet = await ownerDevice(browser, { width: 1024, height: 768 });
    const dashboard = await tablet.newPage();
    await dashboard.goto('/owner/dashboard');
    const ticket = dashboard.locator('article', {
      has: dashboard.getByRole('heading', { name: tf.table(number), exact: true }),
    });
    await expect(ticket).toContainText(`Salsa: ${NO_THANKS_LABEL}`);

    // The table as it was for the journeys that use it next (spec 7 table/delete, no history).
    const freed = await tablet.request.post(calls.dashboardTableDelete.path, {
      data: { isDelivery: false, tableId },
      headers: { [SYNC_HEADERS.idempotencyKey]: randomUUID() },
    });
    expect(freed.ok(), await freed.text()).toBe(true);
    await tablet.close();
    await context.close();
  });
}

test("the delivery link at 320 px: the venue's menu at once; the form's selects and fields; a recap that follows the venue's decision live", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { ownerId } = demoTable(1);
  const context = await phone(browser, 320);
  await context.addCookies([{ name: 'cookieConsent', value: '1', url: baseUrl() }]);
  const page = await context.newPage();
  await page.goto(`/user/delivery/${encodeURIComponent(ownerId)}`);
  await expect(page.getByRole('heading', { level: 1, name: t.deliveryOrderTitle })).toBeVisible();
  await expect(page.getByText(VENUE, { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: t.signInTitle })).toHaveCount(0);
  await noSideScroll(page);

  await tapDish(page, 'Pizze', 'Marinara');
  await page.getByRole('button', { name: t.viewAndSend }).click();
  // Spec 2.9's 'Concludi ordine ( 5,00 € )' on one line, in reach.
  const conclude = page.getByRole('button', { name: tf.concludeOrder(500) });
  await expect(conclude).toBeInViewport({ ratio: 1 });
  expect(
    await conclude.evaluate((b) => ({
      oneLine: b.getBoundingClientRect().height < 60,
      fits: b.scrollWidth <= b.clientWidth,
    })),
  ).toEqual({ oneLine: true, fits: true });
  await shot(page, 'delivery-320-cart');
  await noSideScroll(page);
  await page.getByRole('dialog', { name: t.cartTitle }).getByRole('button', { name: t.close }).click();

  // The cart's own page: the same button, stuck to the bottom of the screen.
  await page
    .getByRole('navigation', { name: t.deliverySections })
    .getByRole('link', { name: /Carrello/ })
    .click();
  await expect(page).toHaveURL(/\/user\/deliverycart\//);
  await expect(conclude).toBeInViewport({ ratio: 1 });
  await shot(page, 'delivery-320-cart-page');
  await expectAccessible(page);
  await noSideScroll(page);
  await conclude.click();

  // The form: a Consegna without its Comune shows the select's error as the fields show theirs.
  const form = page.getByRole('form', { name: t.completeOrderStep });
  await expect(form).toBeVisible();
  await shot(page, 'delivery-320-form');
  await choose(form, t.delivery);
  await form.getByRole('button', { name: t.orderSummary }).click();
  const city = form.locator('.df-select').filter({ hasText: t.city });
  await expect(city).toContainText(t.requiredField);
  const colours = await page.evaluate(() => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--c-danger)';
    document.body.append(probe);
    const danger = getComputedStyle(probe).color;
    probe.remove();
    const select = document.querySelector('.df-select[data-invalid] .df-select-button');
    const note = document.querySelector('.delivery-form textarea');
    return {
      danger,
      select: select ? getComputedStyle(select).borderTopColor : null,
      noteFont: note ? getComputedStyle(note).fontFamily : null,
      bodyFont: getComputedStyle(document.body).fontFamily,
    };
  });
  expect(colours.select).toBe(colours.danger);
  expect(colours.noteFont).toBe(colours.bodyFont);
  await shot(page, 'delivery-320-form-errors');
  await expectAccessible(page);
  await noSideScroll(page);

  // A pickup at the first time offered, no e-mail.
  const name = `Gina${Date.now() % 100_000}`;
  await choose(form, t.pickup);
  await form.getByRole('textbox', { name: t.firstName, exact: true }).fill(name);
  await choose(form, t.setTime);
  await form.getByRole('button', { name: new RegExp(t.chooseSlot) }).click();
  const slot = (await page.getByRole('option').first().textContent()) ?? '';
  await page.getByRole('option').first().click();
  await form.getByRole('button', { name: t.orderSummary }).click();
  await expect(page.getByRole('heading', { name: t.orderSummary })).toBeVisible();
  await shot(page, 'delivery-320-summary');
  await noSideScroll(page);
  await page.getByRole('button', { name: t.sendOrder }).click();

  // The result: a recap and where the order stands, until the venue accepts it.
  const thanks = page.getByRole('dialog').filter({ hasText: t.orderSuccessCustomer });
  const recap = thanks.getByRole('region', { name: t.deliveryRecap });
  await expect(recap).toContainText(t.pickup);
  await expect(recap).toContainText(slot);
  await expect(recap).toContainText('5,00 €');
  await expect(recap).toContainText(t.deliveryStatusPending);
  await expect(thanks).not.toContainText(t.orderEmailWillFollow);
  await shot(page, 'delivery-320-success-pending');
  await expectAccessible(page);
  await noSideScroll(page);

  const { id: deliveryId } = readDb(
    (db) =>
      db.prepare('SELECT id FROM orders WHERE nome = ? ORDER BY created_at DESC').get(name) as { id: string },
  );
  const tablet = await ownerDevice(browser, { width: 1024, height: 768 });
  const accept = await tablet.request.post('/api/delivery/deliveryAccept', {
    data: { deliveryId },
    headers: { [SYNC_HEADERS.clientId]: randomUUID(), [SYNC_HEADERS.mutationId]: '1' },
  });
  expect(accept.ok()).toBe(true);
  await expect(recap).toContainText(t.deliveryStatusAccepted);
  await expect(thanks.getByRole('status')).toHaveText(tf.deliveryNextAccepted('Ritiro', slot));
  await shot(page, 'delivery-320-success-accepted');

  await thanks.getByRole('button', { name: t.close }).click();
  await page.goto(`/user/deliverycart/${encodeURIComponent(ownerId)}`);
  await expect(page.getByText(t.cartEmpty)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Concludi ordine/ })).toHaveCount(0);
  await expectAccessible(page);
  await noSideScroll(page);

  await tablet.close();
  await context.close();
});
