import type { Browser, BrowserContext, BrowserContextOptions, Page } from '@playwright/test';
import { OWNER_CACHE_COMPLETE, OWNER_CACHE_PREFIX } from '../../pwa/src/app/owner-device.ts';
import { baseUrl, expect } from './fixtures.ts';
import { DEMO_PASSWORD } from './global-setup.ts';

export const DEMO_OWNER = 'demo@comanda.test';

/** Signs the context in as the demo owner through the API (the cookie lands in the context). */
export async function signInDemoOwner(context: BrowserContext, baseURL: string): Promise<void> {
  const res = await context.request.post(`${baseURL}/api/owner/login`, {
    data: { email: DEMO_OWNER, password: DEMO_PASSWORD },
  });
  expect(res.ok()).toBe(true);
}

/**
 * Waits until the service worker controls the page, so an offline reload still opens the app; on
 * an owner's screen, also until the worker has cached the owner screens (pwa/src/app/owner-device.ts).
 */
export async function waitForServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  if (new URL(page.url()).pathname.startsWith('/owner/')) {
    await expect.poll(() => ownerScreensCached(page), { timeout: 30_000 }).toBe(true);
  }
}

/** Does the page's origin hold a complete cache of the owner screens? */
export function ownerScreensCached(page: Page): Promise<boolean> {
  return page.evaluate(
    async ({ prefix, complete }) => {
      for (const name of await caches.keys()) {
        if (name.startsWith(prefix) && (await (await caches.open(name)).match(complete))) return true;
      }
      return false;
    },
    { prefix: OWNER_CACHE_PREFIX, complete: OWNER_CACHE_COMPLETE },
  );
}

/**
 * An owner's device signed in as the demo owner, consent given, with the dashboard's beeps
 * counted in `window.__beeps`; `options` adds context options (`GOES_OFFLINE`).
 */
export async function ownerDevice(
  browser: Browser,
  viewport: { width: number; height: number },
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, ...options });
  await context.addCookies([{ name: 'cookieConsent', value: '1', url: baseUrl() }]);
  await signInDemoOwner(context, baseUrl());
  // Counts the dashboard's beeps: each is made of Web Audio oscillators (sound.ts).
  await context.addInitScript(() => {
    const w = window as unknown as { __beeps: number };
    w.__beeps = 0;
    const original = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function createOscillator(this: AudioContext) {
      w.__beeps += 1;
      return original.call(this);
    };
  });
  return context;
}
