import { randomUUID } from 'node:crypto';
import {
  calls,
  formatEuro,
  type MenuDish,
  type PrintData,
  type ReportAnswer,
  SYNC_HEADERS,
  t,
  tf,
} from '@comanda/shared-schema';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { readMails } from '../support/mail.ts';
import { phoneAsGuest } from './customer.ts';
import { demoTable, readDb } from './db.ts';
import { acceptedSection, guestOrder, learnServerClock, pendingSection } from './delivery.ts';
import { baseUrl, expect, expectAccessible, mailDir, screenshot, test } from './fixtures.ts';
import { ownerDevice } from './owner.ts';

/**
 * One total everywhere (spec 2.12 rows), at 1024 px. A delivery with the venue's 2,50 € fee
 * (12,00 € of dishes: 14,50 €) and then a 1,00 € discount (NUOVO TOTALE 13,50 €), and a table order
 * of 58,00 € with a 4,00 € discount (NUOVO TOTALE 54,00 €): each total agrees to the cent on the
 * dashboard ticket, the order view, the delivery desk, Home, the customer's mail and the table's
 * history (Storico), the print payload and its browser view, 'Completa', the history rows and the
 * report. Table 2 (the others' files use it for its venue id only).
 */

const TABLE = 2;
const TABLET = { width: 1024, height: 768 };

/** The table's order: 4 Paccheri at 12,00 € and Gnocchi at 10,00 €. */
const TABLE_DISHES: Array<[string, number]> = [
  ['Paccheri al ragù napoletano', 4],
  ['Gnocchi alla sorrentina', 1],
];
/** The delivery: Diavola 7,50 € and Babà 4,50 €. */
const DELIVERY_DISHES: Array<[string, number]> = [
  ['Diavola', 1],
  ['Babà al rum', 1],
];

async function shot(page: Page, name: string): Promise<void> {
  await screenshot(page, name, { fullPage: true });
}

/** Cents from '1.234,50 €'. */
function cents(text: string): number {
  const match = /(-?[\d.]+),(\d\d)\s*€/.exec(text);
  if (!match) throw new Error(`no amount in ${text}`);
  return Number((match[1] ?? '0').replace(/\./g, '')) * 100 + Number(match[2]);
}

/** A guest's table order through the API, as the customer's phone sends it. */
async function guestTableOrder(browser: Browser, ownerId: string, tableId: string): Promise<void> {
  const guest = await browser.newContext({ baseURL: baseUrl() });
  try {
    expect((await guest.request.post('/api/user/login', { data: { isAnonymus: true } })).ok()).toBe(true);
    const menu = await guest.request.post('/api/menu/user/get', { data: { businessId: ownerId } });
    const all = ((await menu.json()) as { data: MenuDish[] }).data;
    const cart = TABLE_DISHES.map(([name, amount]) => {
      const dish = all.find((d) => d.name === name);
      if (!dish) throw new Error(`${name} is not on the demo menu`);
      return {
        ...dish,
        amount,
        variants: dish.variants.map((v) => ({ ...v, selected: v.multi ? [] : null })),
      };
    });
    const res = await guest.request.post('/api/reservation/user/order', {
      data: { cart, tableId, ownerId },
      headers: { [SYNC_HEADERS.idempotencyKey]: randomUUID() },
    });
    expect(res.status(), await res.text()).toBe(200);
  } finally {
    await guest.close();
  }
}

/** The open order of a table, as the server stores it (null when none). */
function openOrderOf(tableId: string): { id: string } | null {
  return readDb(
    (db) =>
      (db.prepare('SELECT id FROM orders WHERE table_id = ? AND closed_at IS NULL').get(tableId) as
        | { id: string }
        | undefined) ?? null,
  );
}

/** Whatever another journey left open on the table is completed first, so the totals are ours. */
async function clearTable(owner: BrowserContext, tableId: string): Promise<void> {
  const open = openOrderOf(tableId);
  if (!open) return;
  const res = await owner.request.post(calls.dashboardTableHistory.path, {
    data: { id: open.id },
    headers: { [SYNC_HEADERS.clientId]: randomUUID(), [SYNC_HEADERS.mutationId]: '1' },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function report(owner: BrowserContext): Promise<ReportAnswer> {
  const res = await owner.request.post(calls.reportOwnerGet.path, { data: {} });
  expect(res.status()).toBe(200);
  return (await res.json()) as ReportAnswer;
}

const ticketOf = (page: Page, title: string): Locator =>
  page.getByRole('article', { name: title, exact: true });
const ticketTotal = (ticket: Locator): Locator => ticket.locator('.dash-ticket-total');
const openValue = (page: Page): Locator => page.getByRole('link', { name: new RegExp(t.openOrdersValue) });

/** 'Visualizza' on a ticket, then 'Modifica', `steps` taps of 'Aumenta sconto', 'Termina'. */
async function giveDiscount(page: Page, title: string, steps: number): Promise<Locator> {
  await page.getByRole('button', { name: `${t.tableMenuView} ${title}` }).click();
  const view = page.getByRole('dialog');
  await view.getByRole('button', { name: t.edit, exact: true }).click();
  for (let i = 0; i < steps; i++) await view.getByRole('button', { name: t.increaseDiscount }).click();
  await view.getByRole('button', { name: t.finishEditing }).click();
  return view;
}

test('one total: a delivery with a fee and a discount, a table with a discount, the same everywhere', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { ownerId, tableId } = demoTable(TABLE);
  const tablet = await ownerDevice(browser, TABLET);
  // The browser's print dialog is not opened.
  await tablet.addInitScript(() => {
    window.print = () => {};
  });
  await learnServerClock(browser, ownerId, [tablet]);
  const phone = await phoneAsGuest(browser);
  try {
    await clearTable(tablet, tableId);
    const page = await tablet.newPage();
    // Home before: other journeys may have left orders open. The figure shows once the device
    // holds the venue ('…' until then).
    await page.goto('/owner/home');
    await expect(openValue(page)).toContainText('€');
    const openBefore = cents((await openValue(page).textContent()) ?? '');
    const before = await report(tablet);

    // A guest orders at table 2, another sends a delivery (cassa) with an address to mail.
    await guestTableOrder(browser, ownerId, tableId);
    const tableOrderId = openOrderOf(tableId)?.id ?? '';
    const email = `totali-${Date.now()}@example.test`;
    const delivery = await guestOrder(
      browser,
      ownerId,
      {
        tipo: 'Consegna',
        nome: 'Lucia',
        cognome: 'Totali',
        telefono: '3331112222',
        indirizzo: 'Via Roma 1',
        comune: 'Avella',
        email,
      },
      DELIVERY_DISHES,
    );

    // The desk accepts it: 12,00 € of dishes and the 2,50 € fee, and the customer is mailed that.
    await page.goto('/owner/delivery');
    const pendingCard = pendingSection(page).getByRole('article', { name: /Lucia Totali/ });
    await expect(pendingCard.getByLabel(t.orderTotals)).toHaveText(
      `${t.rowSubtotal}12,00 €${t.rowDeliveryCost}2,50 €${t.rowTotal}14,50 €`,
    );
    await pendingCard.getByRole('button', { name: new RegExp(`^${t.accept} `) }).click();
    await expect(acceptedSection(page).getByRole('article', { name: /Lucia Totali/ })).toBeVisible();
    await expect.poll(() => readMails(mailDir(), email).length, { timeout: 15_000 }).toBe(1);
    const [mail = ''] = readMails(mailDir(), email);
    expect(mail).toContain(`${t.rowSubtotal}: 12,00 €`);
    expect(mail).toContain(`${t.rowDeliveryCost}: 2,50 €`);
    expect(mail).toContain(`${t.rowTotal}: 14,50 €`);

    // The dashboard: the ticket's total is the order's, fee included (it showed 12,00 € before).
    const deliveryTitle = `${t.delivery} ${delivery.orario} Lucia Totali`;
    const tableTitle = tf.table(TABLE);
    await page.goto('/owner/dashboard');
    await expect(ticketTotal(ticketOf(page, deliveryTitle))).toHaveText(
      `${t.rowDeliveryCost} 2,50 € ${t.rowTotal} 14,50 €`,
    );
    await expect(ticketTotal(ticketOf(page, tableTitle))).toHaveText(`${t.rowTotal} 58,00 €`);

    // Discounts in the order view: 4,00 € on the table, 1,00 € on the delivery.
    let view = await giveDiscount(page, tableTitle, 8);
    await expect(view.getByLabel(t.orderTotals)).toContainText(`${t.rowNewTotal}54,00 €`);
    await shot(page, 'totals-order-view-table');
    await expectAccessible(page);
    await view.getByRole('button', { name: t.close, exact: true }).click();
    view = await giveDiscount(page, deliveryTitle, 2);
    await expect(view.getByLabel(t.orderTotals)).toHaveText(
      `${t.rowSubtotal}12,00 €${t.rowDeliveryCost}2,50 €${t.rowTotal}14,50 €${t.rowDiscount}1,00 €${t.rowNewTotal}13,50 €`,
    );
    await shot(page, 'totals-order-view-delivery');
    await view.getByRole('button', { name: t.close, exact: true }).click();

    // The tickets: the fee and the discount beside the total, NUOVO TOTALE as in the order view.
    await expect(ticketTotal(ticketOf(page, tableTitle))).toHaveText(
      `${t.rowDiscount} −4,00 € ${t.rowNewTotal} 54,00 €`,
    );
    await expect(ticketTotal(ticketOf(page, deliveryTitle))).toHaveText(
      `${t.rowDeliveryCost} 2,50 € ${t.rowDiscount} −1,00 € ${t.rowNewTotal} 13,50 €`,
    );
    // The discounts reached the server (the outbox drained).
    await expect
      .poll(() =>
        readDb(
          (db) =>
            (
              db
                .prepare('SELECT sum(sconto) AS s FROM orders WHERE id IN (?, ?)')
                .get(delivery.id, tableOrderId) as {
                s: number;
              }
            ).s,
        ),
      )
      .toBe(500);
    await shot(page, 'totals-dashboard');
    await expectAccessible(page);

    // The desk: the order view's rows, NUOVO TOTALE included.
    await page.goto('/owner/delivery');
    const acceptedCard = acceptedSection(page).getByRole('article', { name: /Lucia Totali/ });
    await expect(acceptedCard.getByLabel(t.orderTotals)).toHaveText(
      `${t.rowSubtotal}12,00 €${t.rowDeliveryCost}2,50 €${t.rowTotal}14,50 €${t.rowDiscount}1,00 €${t.rowNewTotal}13,50 €`,
    );
    await shot(page, 'totals-desk');
    await expectAccessible(page);

    // Home: 'Ordini aperti' grew by the two real totals.
    await page.goto('/owner/home');
    await expect(openValue(page)).toContainText(formatEuro(openBefore + 5400 + 1350));
    await shot(page, 'totals-home');
    await expectAccessible(page);

    // The customer's Storico at the table: the same 54,00 €.
    // Signed in as a guest through the API: how a phone signs in is not this journey's business.
    expect((await phone.request.post('/api/user/login', { data: { isAnonymus: true } })).ok()).toBe(true);
    const customer = await phone.newPage();
    await customer.goto(`/user/history/${encodeURIComponent(ownerId)}/${encodeURIComponent(tableId)}`);
    await expect(customer.getByRole('heading', { name: t.historyTitle })).toBeVisible();
    const foot = customer.locator('.cart-foot');
    await expect(foot).toContainText(`${t.rowSubtotal}58,00 €`);
    await expect(foot).toContainText(`${t.rowDiscount}−4,00 €`);
    await expect(foot).toContainText(`${t.orderTotal}54,00 €`);
    await shot(customer, 'totals-storico-phone');
    await expectAccessible(customer);

    // The print payload (no bridge here: 'stampa con il browser'), and the receipt drawn from it.
    await page.goto('/owner/dashboard');
    for (const [title, kind, expected] of [
      [
        deliveryTitle,
        'dash_orderPrinter_R_C',
        { subtotal: 1200, costoConsegna: 250, total: 1450, sconto: 100, newTotal: 1350 },
      ],
      [
        tableTitle,
        'dash_orderPrinter_table',
        { subtotal: 5800, costoConsegna: 0, total: 5800, sconto: 400, newTotal: 5400 },
      ],
    ] as const) {
      const payload = page.waitForResponse((res) => res.url().endsWith(`/api/printer/${kind}`));
      await page.getByRole('button', { name: `${t.printWithBrowser} ${title}` }).click();
      const data = ((await (await payload).json()) as { data: PrintData }).data;
      expect(data.totals).toEqual({ ...expected, serviceFee: 0 });
      const receipt = page.locator('.pv-receipts .pv-receipt');
      await expect(receipt.locator('.pv-totals')).toContainText(
        `${t.rowNewTotal}${formatEuro(expected.newTotal)}`,
      );
      if (kind === 'dash_orderPrinter_R_C') {
        await shot(page, 'totals-print-view');
        await expectAccessible(page);
      }
      await page.goto('/owner/dashboard');
    }

    // 'Completa' on the dashboard says what to collect and how: the table at the counter.
    await page.getByRole('button', { name: `${t.completeOrder} ${tableTitle}` }).click();
    const confirm = page.getByRole('alertdialog');
    await expect(confirm).toContainText(`${t.collectDue} 54,00 €`);
    await expect(confirm).toContainText(`${t.paymentMethod}: ${t.collectAtCounter}`);
    await shot(page, 'totals-complete-table');
    await expectAccessible(page);
    await confirm.getByRole('button', { name: t.confirm }).click();
    await expect(ticketOf(page, tableTitle)).toHaveCount(0);

    // And in the order view: the delivery, paid on delivery.
    await page.getByRole('button', { name: `${t.tableMenuView} ${deliveryTitle}` }).click();
    view = page.getByRole('dialog');
    await view.getByRole('button', { name: t.completeOrder, exact: true }).click();
    const inline = view.getByRole('alertdialog', { name: t.completeOrderConfirm });
    await expect(inline).toContainText(`${t.collectDue} 13,50 €`);
    await expect(inline).toContainText(`${t.paymentMethod}: ${t.collectOnDelivery}`);
    await shot(page, 'totals-complete-delivery');
    await expectAccessible(page);
    await inline.getByRole('button', { name: t.confirm }).click();
    await expect(ticketOf(page, deliveryTitle)).toHaveCount(0);

    // The history records the same totals...
    const history = () =>
      readDb(
        (db) =>
          db
            .prepare(
              `SELECT kind, totale_ordine AS items, costo_consegna AS fee, sconto, totale_pagato AS paid
               FROM order_history WHERE order_id IN (?, ?) ORDER BY kind`,
            )
            .all(delivery.id, tableOrderId) as Array<Record<string, unknown>>,
      );
    await expect.poll(history, { timeout: 15_000 }).toEqual([
      { kind: 'consegna', items: 1200, fee: 250, sconto: 100, paid: 1350 },
      { kind: 'table', items: 5800, fee: 0, sconto: 400, paid: 5400 },
    ]);

    // ...and the report sums them: what today held before, plus 54,00 € and 13,50 €.
    const after = await report(tablet);
    expect(after.summary.revenue - before.summary.revenue).toBe(5400 + 1350);
    expect(after.summary.discounts - before.summary.discounts).toBe(500);
    expect(after.summary.deliveryFees - before.summary.deliveryFees).toBe(250);
    await page.goto('/owner/report');
    const revenue = page
      .locator('.report-tile')
      .filter({ has: page.locator('dt', { hasText: t.reportRevenue }) })
      .locator('dd');
    await expect(revenue).toHaveText(formatEuro(after.summary.revenue));
    await shot(page, 'totals-report');
    await expectAccessible(page);
  } finally {
    await phone.close();
    await tablet.close();
  }
});
