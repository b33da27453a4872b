import type { BrowserContext, Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { DEMO_PASSWORD } from './global-setup.ts';

export const DEMO_OWNER = 'demo@comanda.test';

/** Signs the context in as the demo owner through the API (the cookie lands in the context). */
export async function signInDemoOwner(context: BrowserContext, baseURL: string): Promise<void> {
  const res = await context.request.post(`${baseURL}/api/owner/login`, {
    data: { email: DEMO_OWNER, password: DEMO_PASSWORD },
  });
  expect(res.ok()).toBe(true);
}

/** Waits until the service worker controls the page, so an offline reload still opens the app. */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}
