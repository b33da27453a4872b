import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium } from '@playwright/test';
import type { RunningServer } from '../support/server.ts';
import { chromiumLaunchOptions } from './browser.ts';
import { report, round } from './report.ts';

/**
 * The JavaScript a first visit downloads, gzipped, measured in Chromium: every script response
 * of a fresh context (no service worker, no cache) loading `path`. `prepare` runs in that context
 * before the visit (e.g. a guest sign-in, so a customer route is not the sign-in redirect).
 */
export async function benchFirstVisitJs(
  server: RunningServer,
  path: string,
  name: string,
  budgetKb: number,
  prepare?: (context: BrowserContext) => Promise<void>,
) {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await prepare?.(context);
    const page = await context.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') bodies.push(res.body());
    });
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
    const landed = new URL(page.url()).pathname;
    if (landed !== path) process.stderr.write(`bundle bench: ${path} landed on ${landed}\n`);
    const all = await Promise.all(bodies);
    const gz = all.reduce((sum, b) => sum + gzipSync(b, { level: 9 }).length, 0) / 1024;
    const raw = all.reduce((sum, b) => sum + b.length, 0) / 1024;
    report({
      bench: 'bundle',
      metric: `${name}_js_gzip`,
      value: round(gz, 1),
      unit: 'KB',
      budget: budgetKb,
      ok: gz <= budgetKb,
    });
    report({ bench: 'bundle', metric: `${name}_js_raw`, value: round(raw, 1), unit: 'KB' });
    report({ bench: 'bundle', metric: `${name}_script_files`, value: all.length, unit: 'files' });
  } finally {
    await browser.close();
  }
}
