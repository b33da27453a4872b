import { randomUUID } from 'node:crypto';
import { type MenuDish, SYNC_HEADERS, type TableOrder, t, tf } from '@comanda/shared-schema';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { readMails } from '../support/mail.ts';
import { demoTable, readDb } from './db.ts';
import { baseUrl, expect, expectAccessible, mailDir, shootAllSizes, test } from './fixtures.ts';
import { ownerDevice } from './owner.ts';

/**
 * Issue 6's owner side: a guest sends a consegna through the real API; the owner's dashboard
 * counts it and rings; the desk lists it with everything the owner needs; a pickup arriving
 * while the desk is open lights up and rings; accepting moves the first to the dashboard and
 * mails the customer; rejecting the second (after confirmation) removes it from both tablets.
 */

const beeps = (page: Page) => page.evaluate(() => (window as unknown as { __beeps: number }).__beeps);

/** Deliveries awaiting a decision, as the server stores them. */
function pendingInDb(): number {
  return readDb(
    (db) =>
      (
        db
          .prepare(
            "SELECT count(*) AS n FROM orders WHERE kind != 'table' AND accettato = 0 AND closed_at IS NULL",
          )
          .get() as { n: number }
      ).n,
  );
}

function storedOrder(id: string): { accettato: number; closed_at: number | null } | undefined {
  return readDb(
    (db) =>
      db.prepare('SELECT accettato, closed_at FROM orders WHERE id = ?').get(id) as
        | { accettato: number; closed_at: number | null }
        | undefined,
  );
}

/** A guest sends a delivery or pickup the way the customer's form does (cassa, 'Prima possibile'). */
async function guestOrder(
  browser: Browser,
  ownerId: string,
  fields: Record<string, unknown>,
  dishes: Array<[string, number]>,
): Promise<TableOrder> {
  const guest = await browser.newContext({ baseURL: baseUrl() });
  try {
    const login = await guest.request.post('/api/user/login', { data: { isAnonymus: true } });
    expect(login.ok()).toBe(true);
    const menu = await guest.request.post('/api/menu/user/get', { data: { businessId: ownerId } });
    const all = ((await menu.json()) as { data: MenuDish[] }).data;
    const cart = dishes.map(([name, amount]) => {
      const dish = all.find((d) => d.name === name);
      if (!dish) throw new Error(`${name} is not on the demo menu`);
      // Dishes without mandatory variants: nothing to pick.
      return {
        ...dish,
        amount,
        variants: dish.variants.map((v) => ({ ...v, selected: v.multi ? [] : null })),
      };
    });
    const res = await guest.request.post('/api/reservation/user/orderDelivery', {
      data: { ...fields, primaPossibile: true, cart, ownerId },
      headers: { [SYNC_HEADERS.idempotencyKey]: randomUUID() },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { table: TableOrder }).table;
  } finally {
    await guest.close();
  }
}

/**
 * The e2e server runs on a fake evening clock (COMANDA_FAKE_NOW); a tablet keeps the offset to
 * the server's clock in local storage once learned (data/server-clock.ts). The desk's 'today'
 * counts on that clock, so each owner device starts as one that already learned it, from the
 * server's own `currentTime_db`.
 */
async function learnServerClock(browser: Browser, ownerId: string, owners: BrowserContext[]): Promise<void> {
  const guest = await browser.newContext({ baseURL: baseUrl() });
  try {
    expect((await guest.request.post('/api/user/login', { data: { isAnonymus: true } })).ok()).toBe(true);
    const res = await guest.request.post('/api/user/deliveryOptions', { data: { ownerId } });
    const { result } = (await res.json()) as { result: { business: { currentTime_db: string } } };
    const offset = Date.parse(result.business.currentTime_db) - Date.now();
    for (const context of owners) {
      await context.addInitScript((ms) => localStorage.setItem('serverClockOffset', String(ms)), offset);
    }
  } finally {
    await guest.close();
  }
}

const pendingSection = (page: Page): Locator => page.getByRole('region', { name: /^Da accettare/ });
const acceptedSection = (page: Page): Locator => page.getByRole('region', { name: /^Accettati oggi/ });
const deliveryButton = (page: Page, n: number): Locator =>
  page.getByRole('button', { name: tf.deliveriesCount(n), exact: true });

test('delivery desk: a guest order rings, is listed, accepted to the dashboard with a mail; another rejected everywhere', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const { ownerId } = demoTable(1);
  const email = `cliente-${Date.now()}@example.test`;
  const tablet = await ownerDevice(browser, { width: 1024, height: 768 });
  const phone = await ownerDevice(browser, { width: 390, height: 844 });
  await learnServerClock(browser, ownerId, [tablet, phone]);
  const a = await tablet.newPage();
  const b = await phone.newPage();
  await a.goto('/owner/dashboard');
  await expect(a.getByRole('radiogroup', { name: t.kitchenFilterLabel })).toBeVisible();
  const before = pendingInDb();
  await expect(deliveryButton(a, before)).toBeVisible();
  const beepsBefore = await beeps(a);

  // A guest sends a consegna: the dashboard's delivery button counts it and rings.
  const lucia = await guestOrder(
    browser,
    ownerId,
    {
      tipo: 'Consegna',
      nome: 'Lucia',
      cognome: 'Bianchi',
      telefono: '3331234567',
      email,
      indirizzo: 'Via Roma 1',
      comune: 'Avella',
      noteConsegna: 'citofono Bianchi',
    },
    [
      ['Marinara', 2],
      ['Caffè', 1],
    ],
  );
  await expect(deliveryButton(a, before + 1)).toBeVisible();
  await expect.poll(() => beeps(a)).toBeGreaterThan(beepsBefore);

  // The button opens the desk, which lists it with everything the owner needs.
  await deliveryButton(a, before + 1).click();
  await expect(a).toHaveURL(/\/owner\/delivery$/);
  const luciaCard = pendingSection(a).getByRole('article', { name: /Lucia Bianchi/ });
  await expect(luciaCard).toBeVisible();
  await expect(luciaCard.getByRole('heading')).toContainText(
    `${t.delivery} ${tf.asapAssigned(lucia.orario ?? '')}`,
  );
  await expect(luciaCard.getByRole('link', { name: '3331234567' })).toHaveAttribute('href', 'tel:3331234567');
  for (const text of ['Via Roma 1', 'Avella', email, 'citofono Bianchi', t.paymentMethodCash]) {
    await expect(luciaCard.getByText(text)).toBeVisible();
  }
  // 2 Marinara (5,00 €) and a coffee (1,50 €), the demo venue's 2,50 € fee.
  await expect(luciaCard.getByLabel(t.orderTotals)).toHaveText(
    `${t.rowSubtotal}11,50 €${t.rowDeliveryCost}2,50 €${t.rowTotal}14,00 €`,
  );
  await b.goto('/owner/delivery');
  await expect(pendingSection(b).getByRole('article', { name: /Lucia Bianchi/ })).toBeVisible();

  // A pickup arrives while the desk is open: it lights up, rings and says so.
  const deskBeeps = await beeps(a);
  const mario = await guestOrder(
    browser,
    ownerId,
    { tipo: 'Ritiro', nome: 'Mario', telefono: '3339876543' },
    [['Diavola', 1]],
  );
  const marioCard = pendingSection(a).getByRole('article', { name: /Mario/ });
  await expect(marioCard).toBeVisible();
  await expect(marioCard).toHaveClass(/desk-card-new/);
  await expect(
    a.getByText(tf.newOrderFor(`${t.pickup} ${tf.asapAssigned(mario.orario ?? '')} Mario`)),
  ).toBeVisible();
  expect(await beeps(a)).toBeGreaterThan(deskBeeps);
  // Lucia's came first: oldest first.
  await expect(pendingSection(a).getByRole('article').first()).toHaveAccessibleName(/Lucia Bianchi/);

  // Payment status, changed on the tablet, shows on the phone.
  await luciaCard.getByRole('radio', { name: t.paid }).click();
  await expect(
    pendingSection(b)
      .getByRole('article', { name: /Lucia Bianchi/ })
      .getByRole('radio', { name: t.paid }),
  ).toBeChecked();

  // Accept: it leaves the pending list, shows among today's accepted, the customer gets the mail.
  await luciaCard.getByRole('button', { name: new RegExp(`^${t.accept} `) }).click();
  await expect(pendingSection(a).getByRole('article', { name: /Lucia Bianchi/ })).toHaveCount(0);
  await expect(acceptedSection(a).getByRole('article', { name: /Lucia Bianchi/ })).toBeVisible();
  await expect(acceptedSection(b).getByRole('article', { name: /Lucia Bianchi/ })).toBeVisible();
  await expect.poll(() => storedOrder(lucia.id)?.accettato).toBe(1);
  await expect.poll(() => readMails(mailDir(), email).length, { timeout: 10_000 }).toBe(1);
  await expectAccessible(a);
  await shootAllSizes(a, 'delivery-desk');
  await expectAccessible(b);

  // Reject the pickup on the phone, after confirming: gone from both desks and the server.
  await pendingSection(b)
    .getByRole('article', { name: /Mario/ })
    .getByRole('button', { name: new RegExp(`^${t.reject} `) })
    .click();
  const confirm = b.getByRole('alertdialog');
  await expect(confirm).toContainText(t.rejectDeliveryConfirm);
  await shootAllSizes(b, 'delivery-desk-reject-confirm');
  await confirm.getByRole('button', { name: t.confirm }).click();
  for (const page of [a, b]) {
    await expect(page.getByRole('article', { name: /Mario/ })).toHaveCount(0, { timeout: 10_000 });
  }
  await expect.poll(() => storedOrder(mario.id)?.closed_at ?? null).not.toBeNull();
  expect(pendingInDb()).toBe(before);

  // The dashboard shows the accepted delivery as a ticket and the count is back where it was.
  await a.goto('/owner/dashboard');
  const ticket = a.getByRole('heading', { name: `${t.delivery} ${lucia.orario} Lucia Bianchi`, exact: true });
  await expect(ticket).toBeVisible();
  await expect(deliveryButton(a, before)).toBeVisible();
  await expect(a.getByRole('heading', { name: /Mario/ })).toHaveCount(0);

  // 'Nuova consegna / Ritiro' leads to where the owner's phone order is entered.
  await a.goto('/owner/delivery');
  await a.getByRole('button', { name: t.newDeliveryOrPickup }).click();
  await expect(a).toHaveURL(new RegExp(`/owner/reservation/${ownerId}$`));

  for (const context of [tablet, phone]) await context.close();
});
