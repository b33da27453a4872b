import { t } from '@comanda/shared-schema';
import type { Page, Response } from '@playwright/test';
import { OWNER_CACHE_PREFIX } from '../../pwa/src/app/owner-device.ts';
import { demoTable } from './db.ts';
import { baseUrl, expect, expectAccessible, screenshot, test } from './fixtures.ts';
import { ownerDevice, ownerScreensCached, waitForServiceWorker } from './owner.ts';

/** Screenshots of this file, for a person to look at (`E2E_SHOTS_DIR` or tests/e2e/.screens). */
async function shoot(page: Page, name: string): Promise<void> {
  await screenshot(page, name, { fullPage: true });
}

/**
 * Code a customer's first visit must not carry: zod, Dexie (the owner's device database), chart.js,
 * and React Router's development build (its dev-only warning, which the production build drops;
 * `src/build/react-router-production.ts`).
 */
const NOT_ON_THE_MENU = {
  zod: 'ZodError',
  dexie: 'DatabaseClosedError',
  'chart.js': 'afterDatasetsDraw',
  'react-router development build': 'Error handled by React Router default ErrorBoundary',
};

/**
 * In the page from its first script: notes each Intl formatter or collator made before the first
 * dish is on the page. A browser's first one loads ICU data, 40-130 ms of a slow phone's main
 * thread each (4x, measured), so the menu's first load makes none (ordering/README.md).
 */
function watchIntl(): void {
  const made: string[] = [];
  let menuShown = false;
  (window as unknown as { __intlBeforeMenu: string[] }).__intlBeforeMenu = made;
  const kinds = ['Collator', 'DateTimeFormat', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat'] as const;
  for (const kind of kinds) {
    const original = Intl[kind] as unknown as new (...args: unknown[]) => object;
    (Intl as unknown as Record<string, unknown>)[kind] = new Proxy(original, {
      construct(target, args, newTarget) {
        if (!menuShown) made.push(`${kind} ${new Error().stack?.split('\n')[2]?.trim() ?? ''}`);
        return Reflect.construct(target, args, newTarget);
      },
    });
  }
  const watch = new MutationObserver(() => {
    if (!document.querySelector('.dish-button')) return;
    menuShown = true;
    watch.disconnect();
  });
  watch.observe(document, { childList: true, subtree: true });
}

// The service worker is this file's subject (playwright.config.ts blocks it where a device stays
// online).
test.use({ serviceWorkers: 'allow' });

test.describe('on the wire: compressed files, 404 for unknown paths', () => {
  test('an unknown path is answered 404 and shows Pagina non trovata, on a phone and a tablet', async ({
    page,
  }) => {
    for (const [size, viewport] of [
      ['320', { width: 320, height: 640 }],
      ['390', { width: 390, height: 844 }],
      ['1024', { width: 1024, height: 768 }],
    ] as const) {
      await page.setViewportSize(viewport);
      const answer = await page.goto('/questa/pagina/non/esiste');
      expect(answer?.status()).toBe(404);
      await expect(page.getByRole('heading', { name: t.notFoundTitle })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(t.notFoundTitle));
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await shoot(page, `wire-not-found-${size}`);
    }
    await expectAccessible(page);
    // A screen of the app is answered 200, a deep one included.
    expect((await page.goto('/privacy'))?.status()).toBe(200);
    const { ownerId } = demoTable(1);
    expect((await page.goto(`/user/delivery/${ownerId}`))?.status()).toBe(200);
  });

  test('the main script and style sheet arrive compressed (brotli or gzip)', async ({ page }) => {
    const answers: Response[] = [];
    page.on('response', (res) => answers.push(res));
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const main = await page.evaluate(
      () => document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '',
    );
    expect(main).toMatch(/\/assets\/index-[\w-]+\.js$/);
    const script = answers.find((res) => res.url() === main);
    if (!script) throw new Error(`no response for ${main}`);
    const headers = await script.allHeaders();
    expect(['br', 'gzip']).toContain(headers['content-encoding']);
    expect(headers.vary?.toLowerCase()).toContain('accept-encoding');
    const sheet = answers.find((res) => /\/assets\/index-[\w-]+\.css$/.test(res.url()));
    expect(['br', 'gzip']).toContain((await sheet?.allHeaders())?.['content-encoding']);
  });

  test('a table`s menu loads neither zod, nor Dexie, nor chart.js, nor a development build, nor an SVG image, and makes no Intl formatter before it shows', async ({
    browser,
  }) => {
    const phone = await browser.newContext({
      baseURL: baseUrl(),
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      serviceWorkers: 'block',
    });
    try {
      await phone.addCookies([{ name: 'cookieConsent', value: '1', url: baseUrl() }]);
      await phone.addInitScript(watchIntl);
      const guest = await phone.request.post('/api/user/login', { data: { isAnonymus: true } });
      expect(guest.ok()).toBe(true);
      const page = await phone.newPage();
      const scripts: Response[] = [];
      const asked: string[] = [];
      page.on('response', (res) => {
        if (res.request().resourceType() === 'script') scripts.push(res);
      });
      page.on('request', (req) => asked.push(new URL(req.url()).pathname));
      const { ownerId, tableId } = demoTable(1);
      // The live socket opens once the page is idle: its code is the last to load.
      const socket = page.waitForEvent('websocket');
      await page.goto(`/user/reservation/${ownerId}/${tableId}`);
      await expect(page.getByRole('button', { name: 'Margherita', exact: true })).toBeVisible();
      await socket;
      expect(
        await page.evaluate(() => (window as unknown as { __intlBeforeMenu: string[] }).__intlBeforeMenu),
      ).toEqual([]);
      // No SVG image (the brand mark, the tab's icon): a browser draws each in a document of its
      // own on the page's main thread, about 25 ms of a slow phone's first visit (traced).
      expect(asked.filter((path) => path.endsWith('.svg'))).toEqual([]);
      expect(scripts.length).toBeGreaterThan(2);
      for (const res of scripts) {
        const code = (await res.body()).toString();
        // Every script worth it is compressed (the build leaves files under 512 bytes as they are).
        if (code.length >= 1024)
          expect(['br', 'gzip'], res.url()).toContain((await res.allHeaders())['content-encoding']);
        for (const [library, mark] of Object.entries(NOT_ON_THE_MENU)) {
          expect(code.includes(mark), `${library} in ${res.url()}`).toBe(false);
        }
      }
    } finally {
      await phone.close();
    }
  });

  test("a phone's service worker leaves the owner screens out; an owner's device caches them and opens one offline", async ({
    browser,
  }) => {
    /** Every path the origin's caches hold, and the names of those caches. */
    const cached = (page: Page) =>
      page.evaluate(async () => {
        const names = await caches.keys();
        const paths: string[] = [];
        for (const name of names) {
          for (const request of await (await caches.open(name)).keys())
            paths.push(new URL(request.url).pathname);
        }
        return { names, paths };
      });
    const phone = await browser.newContext({ baseURL: baseUrl(), viewport: { width: 390, height: 844 } });
    const tablet = await ownerDevice(browser, { width: 1024, height: 768 });
    try {
      // A diner's phone: the menu, its worker installed, not one owner screen downloaded (the
      // public owner pages, sign-up and e-mail confirmation, are everyone's).
      const diner = await phone.newPage();
      const { ownerId, tableId } = demoTable(2);
      await diner.goto(`/user/reservation/${ownerId}/${tableId}`);
      await waitForServiceWorker(diner);
      await expect(diner.getByRole('heading', { level: 1 })).toBeVisible();
      const onPhone = await cached(diner);
      expect(onPhone.paths.length).toBeGreaterThan(20);
      expect(onPhone.names.filter((name) => name.startsWith(OWNER_CACHE_PREFIX))).toEqual([]);
      expect(
        onPhone.paths.filter((path) =>
          /\/assets\/(owner-(frame|home|dashboard|menu|report)|report-chart|kitchen)-/.test(path),
        ),
      ).toEqual([]);

      // The owner's tablet: opening the owner's home caches every owner screen, which then opens
      // without a network though it was never visited.
      const owner = await tablet.newPage();
      await owner.goto('/owner/home');
      await waitForServiceWorker(owner);
      expect(await ownerScreensCached(owner)).toBe(true);
      expect((await cached(owner)).paths.some((path) => /\/assets\/report-chart-/.test(path))).toBe(true);
      await tablet.setOffline(true);
      await owner.goto('/owner/report');
      await expect(owner.getByRole('heading', { level: 1 })).toContainText(t.reportTitle);
      await owner.goto('/owner/kitchen');
      await expect(owner.getByRole('heading', { level: 1 })).toContainText(t.kitchenDisplay);
    } finally {
      await tablet.setOffline(false);
      await phone.close();
      await tablet.close();
    }
  });

  test('the service worker caches the decoded files and keeps 404 for unknown paths, offline too', async ({
    page,
    context,
  }) => {
    await page.goto('/');
    await waitForServiceWorker(page);
    // What the worker precached is the script as the page runs it, not its brotli bytes.
    const cached = await page.evaluate(async () => {
      const src = document.querySelector<HTMLScriptElement>('script[type="module"][src]')?.src ?? '';
      for (const name of await caches.keys()) {
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if (new URL(request.url).pathname !== new URL(src).pathname) continue;
          const stored = await (await cache.match(request))?.text();
          const network = await (await fetch(src, { cache: 'no-store' })).text();
          return {
            stored: stored?.length ?? 0,
            equal: stored === network,
            starts: stored?.slice(0, 40) ?? '',
          };
        }
      }
      return null;
    });
    expect(cached).not.toBeNull();
    expect(cached?.equal).toBe(true);
    expect(cached?.stored).toBeGreaterThan(10_000);

    // Online, with the worker in charge: the server's 404 and the not-found screen.
    const online = await page.goto('/nessuna/pagina');
    expect(online?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: t.notFoundTitle })).toBeVisible();
    // Offline: a screen of the app from the cache, and an unknown path still shows the screen.
    await context.setOffline(true);
    try {
      await page.goto('/privacy');
      await expect(page.getByRole('heading', { name: t.privacyTitle })).toBeVisible();
      await page.goto('/ancora/nessuna/pagina');
      await expect(page.getByRole('heading', { name: t.notFoundTitle })).toBeVisible();
    } finally {
      await context.setOffline(false);
    }
  });
});
