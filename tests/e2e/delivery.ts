import { randomUUID } from 'node:crypto';
import { type MenuDish, SYNC_HEADERS, type TableOrder, tf } from '@comanda/shared-schema';
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
import { readDb } from './db.ts';
import { baseUrl, expect } from './fixtures.ts';

/** What the delivery journeys share: the server's view of deliveries and a guest's API order. */

export const beeps = (page: Page) => page.evaluate(() => (window as unknown as { __beeps: number }).__beeps);

/** Deliveries awaiting a decision, as the server stores them (a card checkout not paid yet is none). */
export function pendingInDb(): number {
  return readDb(
    (db) =>
      (
        db
          .prepare(
            "SELECT count(*) AS n FROM orders WHERE kind != 'table' AND accettato = 0 AND closed_at IS NULL AND checkout_until IS NULL",
          )
          .get() as { n: number }
      ).n,
  );
}

export function storedOrder(id: string): { accettato: number; closed_at: number | null } | undefined {
  return readDb(
    (db) =>
      db.prepare('SELECT accettato, closed_at FROM orders WHERE id = ?').get(id) as
        | { accettato: number; closed_at: number | null }
        | undefined,
  );
}

/** A cart of the demo menu's dishes by name, as a customer's phone builds it. */
async function menuCart(guest: BrowserContext, ownerId: string, dishes: Array<[string, number]>) {
  const menu = await guest.request.post('/api/menu/user/get', { data: { businessId: ownerId } });
  const all = ((await menu.json()) as { data: MenuDish[] }).data;
  return dishes.map(([name, amount]) => {
    const dish = all.find((d) => d.name === name);
    if (!dish) throw new Error(`${name} is not on the demo menu`);
    // Dishes without mandatory variants: nothing to pick.
    return {
      ...dish,
      amount,
      variants: dish.variants.map((v) => ({ ...v, selected: v.multi ? [] : null })),
    };
  });
}

/** A guest sends a delivery or pickup the way the customer's form does (cassa, 'Prima possibile'). */
export async function guestOrder(
  browser: Browser,
  ownerId: string,
  fields: Record<string, unknown>,
  dishes: Array<[string, number]>,
): Promise<TableOrder> {
  const guest = await browser.newContext({ baseURL: baseUrl() });
  try {
    const login = await guest.request.post('/api/user/login', { data: { isAnonymus: true } });
    expect(login.ok()).toBe(true);
    const cart = await menuCart(guest, ownerId, dishes);
    const res = await guest.request.post('/api/reservation/user/orderDelivery', {
      data: { primaPossibile: true, ...fields, cart, ownerId },
      headers: { [SYNC_HEADERS.idempotencyKey]: randomUUID() },
    });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { table: TableOrder }).table;
  } finally {
    await guest.close();
  }
}

/** The fake Stripe API the e2e server talks to (global-setup.ts): its control calls. */
export async function fakeStripe<T = unknown>(path: 'state' | 'confirm', body?: object): Promise<T> {
  const url = process.env.E2E_FAKE_STRIPE_URL;
  if (!url) throw new Error('E2E_FAKE_STRIPE_URL is not set: run through playwright.config.ts');
  const res = await fetch(`${url}/_fake/${path}`, body ? { method: 'POST', body: JSON.stringify(body) } : {});
  expect(res.status, `fake stripe ${path}`).toBe(200);
  return (await res.json()) as T;
}

/**
 * A guest pays a delivery or pickup by card through the API, as the customer's phone does: the
 * card send (create-payment-intent), the card confirmed at the fake as Stripe.js would, and the
 * return page's payment-status. Answers the order and its intent.
 */
export async function guestCardOrder(
  browser: Browser,
  ownerId: string,
  fields: Record<string, unknown>,
  dishes: Array<[string, number]>,
): Promise<{ deliveryId: string; paymentIntentId: string }> {
  const guest = await browser.newContext({ baseURL: baseUrl() });
  try {
    expect((await guest.request.post('/api/user/login', { data: { isAnonymus: true } })).ok()).toBe(true);
    const cart = await menuCart(guest, ownerId, dishes);
    const res = await guest.request.post('/api/stripe/create-payment-intent', {
      data: { primaPossibile: true, ...fields, cart, ownerId, deliveryId: randomUUID() },
      headers: { [SYNC_HEADERS.idempotencyKey]: randomUUID() },
    });
    expect(res.status(), await res.text()).toBe(200);
    const { deliveryId, paymentIntentId } = (await res.json()) as {
      deliveryId: string;
      paymentIntentId: string;
    };
    await fakeStripe('confirm', { id: paymentIntentId });
    const paid = await guest.request.post('/api/stripe/payment-status', {
      data: { ownerId, paymentIntentId },
    });
    expect(((await paid.json()) as { paymentStatus: string }).paymentStatus).toBe('paid');
    return { deliveryId, paymentIntentId };
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
export async function learnServerClock(
  browser: Browser,
  ownerId: string,
  owners: BrowserContext[],
): Promise<void> {
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

export const pendingSection = (page: Page): Locator => page.getByRole('region', { name: /^Da accettare/ });
export const acceptedSection = (page: Page): Locator => page.getByRole('region', { name: /^Accettati oggi/ });
/** 'Pagamenti in corso': card checkouts not paid yet, apart from the orders to decide. */
export const checkoutsSection = (page: Page): Locator =>
  page.getByRole('region', { name: /^Pagamenti in corso/ });
export const deliveryButton = (page: Page, n: number): Locator =>
  page.getByRole('button', { name: tf.deliveriesCount(n), exact: true });
