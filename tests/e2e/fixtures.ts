import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { test as base, expect, type Locator, type Page, type PageScreenshotOptions } from '@playwright/test';
import { repoRoot } from '../support/server.ts';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export const baseUrl = (): string => {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run through playwright.config.ts');
  return url;
};
export const mailDir = (): string => process.env.E2E_MAIL_DIR ?? '';

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** Runs axe-core in the page; fails on any serious or critical violation. */
export async function expectAccessible(page: Page): Promise<void> {
  // Evaluated through the DevTools protocol: the app's CSP (rightly) refuses inline scripts.
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    // axe is injected above; its typings are not in this page's scope
    const axe = (
      window as unknown as { axe: { run: (ctx: Document) => Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document);
    return result.violations;
  });
  const serious = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} @ ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/**
 * Context options of a device that goes offline in its journey: it runs the service worker a real
 * device has (playwright.config.ts blocks it on the others, which stay online).
 */
export const GOES_OFFLINE = { serviceWorkers: 'allow' } as const;

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  tablet: { width: 1024, height: 768 },
  wall: { width: 1920, height: 1080 },
} as const;

/**
 * Screenshots are for a person to look at (`npm run screens` takes them, into
 * tests/e2e/.screens/ or E2E_SHOTS_DIR); `npm test` asserts and does not take them: resizing a
 * page to three sizes and capturing it whole cost a third of some journeys' time on a 2-core
 * machine, for pictures nobody opens on CI.
 */
const screensWanted = (): boolean => process.env.E2E_SCREENS === '1';

function screensDir(): string {
  const dir = process.env.E2E_SHOTS_DIR ?? join(repoRoot, 'tests', 'e2e', '.screens');
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** `name`.png of a page or an element, when screenshots are wanted (see above). */
export async function screenshot(
  target: Page | Locator,
  name: string,
  options: Omit<PageScreenshotOptions, 'path'> = {},
): Promise<void> {
  if (!screensWanted()) return;
  await target.screenshot({ ...options, path: join(screensDir(), `${name}.png`) });
}

/** `name`-phone/-tablet/-wall.png at the three sizes, when screenshots are wanted. */
export async function shootAllSizes(page: Page, name: string): Promise<void> {
  if (!screensWanted()) return;
  const original = page.viewportSize();
  for (const [size, viewport] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(viewport);
    // The whole page, up to five screens: the shared demo venue's dashboard grows with every
    // journey, and a 320 px capture of all of it took Chromium minutes on a busy machine.
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    const clip = { x: 0, y: 0, width: viewport.width, height: Math.min(height, viewport.height * 5) };
    await screenshot(page, `${name}-${size}`, { fullPage: true, clip });
  }
  if (original) await page.setViewportSize(original);
}

export const test = base.extend<{ baseURL: string }>({
  baseURL: async ({ browserName: _ }, use) => {
    await use(baseUrl());
  },
});
export { expect };
