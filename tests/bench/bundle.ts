import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import type { RunningServer } from '../support/server.ts';
import { chromiumLaunchOptions } from './browser.ts';
import { report, round } from './report.ts';

/**
 * The JavaScript a first visit downloads, gzipped, measured in Chromium: every script response
 * of a fresh context (no service worker, no cache) loading `path`.
 */
export async function benchFirstVisitJs(server: RunningServer, path: string, name: string, budgetKb: number) {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const bodies: Promise<Buffer>[] = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') bodies.push(res.body());
    });
    await page.goto(server.url + path, { waitUntil: 'networkidle' });
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
