import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { OWNER_CACHE_COMPLETE, OWNER_CACHE_PREFIX } from '../../pwa/src/app/owner-device.ts';
import type { RunningServer } from '../support/server.ts';
import { chromiumLaunchOptions } from './browser.ts';
import { report, round } from './report.ts';
import { pwaDist } from './venue.ts';

/**
 * What the service worker downloads in the background of a first visit, on a diner's phone (the
 * table's menu) and on an owner's tablet (the owner's home: the owner screens too,
 * pwa/src/build/owner-precache.ts). Measured as the paths the worker really cached, in
 * Chromium, each counted at the size it goes out at (the build's brotli copy when it has one,
 * as the server sends it to a browser that accepts it).
 */
export async function benchPrecache(
  server: RunningServer,
  menuPath: string,
  signIn: {
    guest: (context: BrowserContext) => Promise<void>;
    owner: (context: BrowserContext) => Promise<void>;
  },
) {
  const dist = pwaDist();
  const wireKb = (paths: string[]) =>
    paths.reduce((sum, path) => {
      const file = join(dist, path);
      const sent = existsSync(`${file}.br`) ? `${file}.br` : file;
      return sum + (existsSync(sent) ? statSync(sent).size : 0);
    }, 0) / 1024;
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    for (const [device, path, prepare] of [
      ['customer_phone', menuPath, signIn.guest],
      ['owner_tablet', '/owner/home', signIn.owner],
    ] as const) {
      const context = await browser.newContext();
      await prepare(context);
      const page = await context.newPage();
      await page.goto(server.url + path, { waitUntil: 'load' });
      const paths = await cachedPaths(page, device === 'owner_tablet');
      report({
        bench: 'bundle',
        metric: `${device}_service_worker_cached_files`,
        value: paths.length,
        unit: 'files',
      });
      report({
        bench: 'bundle',
        metric: `${device}_service_worker_cached_wire`,
        value: round(wireKb(paths), 1),
        unit: 'KB',
      });
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

/** Every file path the origin's caches hold once the worker is active (and, for an owner, its owner cache complete). */
async function cachedPaths(page: Page, owner: boolean): Promise<string[]> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { paths, ownerComplete } = await page.evaluate(
      async ({ prefix, complete }) => {
        const found = new Set<string>();
        let done = false;
        for (const name of await caches.keys()) {
          const cache = await caches.open(name);
          if (name.startsWith(prefix) && (await cache.match(complete))) done = true;
          for (const request of await cache.keys()) found.add(new URL(request.url).pathname);
        }
        found.delete(complete);
        return { paths: [...found], ownerComplete: done };
      },
      { prefix: OWNER_CACHE_PREFIX, complete: OWNER_CACHE_COMPLETE },
    );
    if (!owner || ownerComplete) return paths;
    if (Date.now() > deadline) throw new Error('the owner screens were not cached within a minute');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
