import { t, tf } from '@comanda/shared-schema';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { readMails } from '../support/mail.ts';
import { tapDish } from './customer.ts';
import { demoTable, readDb } from './db.ts';
import {
  beeps,
  deliveryButton,
  guestOrder,
  learnServerClock,
  pendingSection,
  storedOrder,
} from './delivery.ts';
import { baseUrl, expect, expectAccessible, mailDir, shootAllSizes, test } from './fixtures.ts';
import { ownerDevice } from './owner.ts';

/**
 * Delivery orders, the customer's side (spec 2.10, 2.11, 5 send-time checks): a phone orders a
 * consegna at 'Imposta orario' through the real screens; the owner's tablet counts it and rings;
 * the owner accepts and the customer's mail is written. A second phone had loaded the same slot,
 * the last place in it: its send gets the slot-taken dialog, and it picks another time and gets
 * through.
 */

/** The demo venue's slot capacity (demo-seed.ts). */
const SLOT_CAPACITY = 2;

async function deliveryPhone(browser: Browser): Promise<BrowserContext> {
  const phone = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await phone.addCookies([{ name: 'cookieConsent', value: '1', url: baseUrl() }]);
  return phone;
}

/** Open orders of the venue in one slot of the evening. */
function ordersInSlot(ownerId: string, orario: string): number {
  return readDb(
    (db) =>
      (
        db
          .prepare(
            "SELECT count(*) AS n FROM orders WHERE business_id = ? AND kind != 'table' AND orario = ? AND closed_at IS NULL",
          )
          .get(ownerId, orario) as { n: number }
      ).n,
  );
}

/** The phone opens the venue's delivery page as a guest and puts two dishes in the cart. */
async function fillCart(page: Page, ownerId: string): Promise<void> {
  // The delivery link makes a guest by itself: no sign-in screen.
  await page.goto(`/user/delivery/${encodeURIComponent(ownerId)}`);
  await expect(page).toHaveURL(new RegExp(`/user/delivery/${ownerId}$`));
  await expect(page.getByRole('heading', { name: t.deliveryOrderTitle, level: 1 })).toBeVisible();
  await tapDish(page, 'Pizze', 'Marinara');
  await tapDish(page, 'Bevande', 'Caffè');
}

/** react-aria radios: the input is hidden, a person taps the choice's label. */
async function choose(scope: Page | Locator, label: string): Promise<void> {
  await scope
    .locator('label')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .click();
}

async function pick(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${label}|${label}$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** From the cart to 'Riepilogo ordine': a consegna to Avella at `slot`. */
async function fillForm(page: Page, name: string, email: string, slot: string): Promise<void> {
  await page.getByRole('button', { name: t.viewAndSend }).click();
  // One Marinara (5,00 €) and a coffee (1,50 €).
  await page.getByRole('button', { name: tf.concludeOrder(650) }).click();
  const form = page.getByRole('form', { name: t.completeOrderStep });
  await expect(form).toBeVisible();
  await form.getByRole('textbox', { name: t.firstName, exact: true }).fill(name);
  await choose(form, t.delivery);
  await form.getByRole('textbox', { name: t.addressAndNumber }).fill('Via Roma 1');
  await pick(page, t.city, 'Avella');
  await choose(form, t.setTime);
  await pick(page, t.chooseSlot, slot);
  await form.getByRole('textbox', { name: t.email, exact: true }).fill(email);
  await form.getByRole('button', { name: t.orderSummary }).click();
  await expect(page.getByRole('heading', { name: t.orderSummary })).toBeVisible();
}

test('delivery order: a phone orders a consegna at a set time; the owner accepts; a second phone gets the slot-taken dialog and picks another', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const { ownerId } = demoTable(1);
  const tablet = await ownerDevice(browser, { width: 1024, height: 768 });
  await learnServerClock(browser, ownerId, [tablet]);
  const owner = await tablet.newPage();
  await owner.goto('/owner/dashboard');
  await expect(owner.getByRole('radiogroup', { name: t.kitchenFilterLabel })).toBeVisible();

  const first = await deliveryPhone(browser);
  const second = await deliveryPhone(browser);
  const a = await first.newPage();
  const b = await second.newPage();
  await fillCart(a, ownerId);
  await fillCart(b, ownerId);

  // The last slot of the evening, with one place left (a guest took the other through the API).
  await a.getByRole('button', { name: t.viewAndSend }).click();
  await a.getByRole('button', { name: tf.concludeOrder(650) }).click();
  await choose(a, t.setTime);
  await a.getByRole('button', { name: new RegExp(t.chooseSlot) }).click();
  const slots = await a.getByRole('option').allTextContents();
  const slot = slots.at(-1) ?? '';
  const other = slots.at(-2) ?? '';
  expect(slot).toMatch(/^\d\d:\d\d$/);
  await a.keyboard.press('Escape');
  await a.getByRole('button', { name: t.back }).click();
  await a.keyboard.press('Escape');
  for (let n = ordersInSlot(ownerId, slot); n < SLOT_CAPACITY - 1; n++) {
    await guestOrder(
      browser,
      ownerId,
      { tipo: 'Ritiro', nome: 'Posto', primaPossibile: false, orario: slot },
      [['Marinara', 1]],
    );
  }

  const emailA = `anna-${Date.now()}@example.test`;
  await fillForm(a, 'Anna', emailA, slot);
  await fillForm(b, 'Bruno', `bruno-${Date.now()}@example.test`, slot);
  await expectAccessible(a);
  await shootAllSizes(a, 'delivery-summary');

  // Anna sends first: hers is stored, the owner's counter rises and rings.
  const beepsBefore = await beeps(owner);
  const pending = readDb(
    (db) =>
      (
        db
          .prepare(
            "SELECT count(*) AS n FROM orders WHERE kind != 'table' AND accettato = 0 AND closed_at IS NULL",
          )
          .get() as { n: number }
      ).n,
  );
  await a.getByRole('button', { name: t.sendOrder }).click();
  const thanks = a.getByRole('dialog').filter({ hasText: t.orderSuccessCustomer });
  await expect(thanks).toBeVisible();
  await expect(thanks).toContainText(t.orderEmailWillFollow);
  await expect(thanks).toContainText(t.checkSpam);
  await shootAllSizes(a, 'delivery-success');
  await thanks.getByRole('button', { name: t.close }).click();
  // The cart and the form are cleared (spec 4: on success).
  expect(
    await a.evaluate(() => [sessionStorage.getItem('cart'), sessionStorage.getItem('dataClient')]),
  ).toEqual([null, null]);
  await expect(deliveryButton(owner, pending + 1)).toBeVisible();
  await expect.poll(() => beeps(owner)).toBeGreaterThan(beepsBefore);

  // Bruno had loaded the same slot: the server says it is taken, he picks another.
  await b.getByRole('button', { name: t.sendOrder }).click();
  const taken = b.getByRole('alertdialog');
  await expect(taken).toContainText(t.slotTakenTitle);
  await expectAccessible(b);
  await shootAllSizes(b, 'delivery-slot-taken');
  await taken.getByRole('button', { name: t.chooseAnotherTime }).click();
  const form = b.getByRole('form', { name: t.completeOrderStep });
  await expect(form).toBeVisible();
  // The form kept everything but the time; the taken slot is no longer offered.
  await expect(form.getByRole('textbox', { name: t.firstName, exact: true })).toHaveValue('Bruno');
  await b.getByRole('button', { name: new RegExp(t.chooseSlot) }).click();
  await expect(b.getByRole('option', { name: slot, exact: true })).toHaveCount(0);
  await b.getByRole('option', { name: other, exact: true }).click();
  await form.getByRole('button', { name: t.orderSummary }).click();
  await b.getByRole('button', { name: t.sendOrder }).click();
  await expect(b.getByRole('dialog').filter({ hasText: t.orderSuccessCustomer })).toBeVisible();
  await expect(deliveryButton(owner, pending + 2)).toBeVisible();

  // The owner accepts Anna's order on the desk; the mail with the details is written for her.
  await deliveryButton(owner, pending + 2).click();
  const card = pendingSection(owner).getByRole('article', { name: /Anna/ });
  await expect(card).toContainText(slot);
  await card.getByRole('button', { name: new RegExp(`^${t.accept} `) }).click();
  await expect(pendingSection(owner).getByRole('article', { name: /Anna/ })).toHaveCount(0);
  const anna = readDb(
    (db) =>
      db.prepare("SELECT id FROM orders WHERE nome = 'Anna' ORDER BY created_at DESC").get() as {
        id: string;
      },
  );
  await expect.poll(() => storedOrder(anna.id)?.accettato).toBe(1);
  await expect.poll(() => readMails(mailDir(), emailA).length, { timeout: 10_000 }).toBe(1);
  expect(ordersInSlot(ownerId, slot)).toBe(SLOT_CAPACITY);

  for (const context of [tablet, first, second]) await context.close();
});
