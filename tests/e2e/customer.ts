import { t, tf } from '@comanda/shared-schema';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { baseUrl, expect } from './fixtures.ts';

/** A customer's phone, as the ordering and dashboard journeys drive it. */

export async function phoneAsGuest(
  browser: Browser,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const phone = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    ...options,
  });
  // Consent given once, so the banner does not sit over 'Visualizza e invia'.
  await phone.addCookies([{ name: 'cookieConsent', value: '1', url: baseUrl() }]);
  return phone;
}

export async function openTable(page: Page, ownerId: string, tableId: string): Promise<void> {
  await page.goto(`/user/reservation/${encodeURIComponent(ownerId)}/${encodeURIComponent(tableId)}`);
  // Not signed in yet: the link makes a guest by itself and opens the menu, no sign-in screen.
  await expect(page.getByRole('heading', { level: 1, name: /^Tavolo \d+$/ })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/user/reservation/${ownerId}/${tableId}$`));
}

/** Opens a category (tab on phones, button on wider screens) and taps a dish, as a customer would. */
export async function tapDish(page: Page, category: string, dish: string): Promise<void> {
  const tab = page.getByRole('tab', { name: category, exact: true });
  const button = page.getByRole('button', { name: category, exact: true });
  await expect(tab.or(button).first()).toBeVisible();
  await ((await tab.isVisible()) ? tab : button).click();
  await page.getByRole('button', { name: dish, exact: true }).click();
}

/** Taps 'Visualizza e invia', sends the cart for `totalCents`, reads the thank-you and closes it. */
export async function sendCart(page: Page, totalCents: number): Promise<void> {
  await page.getByRole('button', { name: t.viewAndSend }).click();
  await page.getByRole('button', { name: tf.orderButton(totalCents) }).click();
  const thanks = page.getByRole('dialog').filter({ hasText: t.orderSuccessCustomer });
  await expect(thanks).toBeVisible();
  await thanks.getByRole('button', { name: t.close }).click();
  await expect(thanks).toBeHidden();
}
