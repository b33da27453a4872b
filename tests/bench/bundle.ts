import { type BrowserContext, chromium } from '@playwright/test';
import type { RunningServer } from '../support/server.ts';
import { chromiumLaunchOptions } from './browser.ts';
import { report, round } from './report.ts';
import { uncompressedText, WireRecorder } from './wire.ts';

/**
 * What a first visit costs on the wire, measured in Chromium: every response of a fresh context
 * (no service worker, no cache) loading `path`, until nothing has loaded for a second (what
 * loads once the page is idle, the customer's live socket code, is part of the visit). Bytes are
 * those received, headers and compressed bodies as sent (`wire.ts`). `prepare` runs in that
 * context before the visit (e.g. a guest sign-in, so a customer route is not the sign-in
 * redirect). The budget is on the scripts, as the issue sets it; the whole visit (the page,
 * style sheets, the API's answers, every response's headers) is reported beside it.
 */
export async function benchFirstVisit(
  server: RunningServer,
  path: string,
  name: string,
  jsBudgetKb: number,
  prepare?: (context: BrowserContext) => Promise<void>,
) {
  const browser = await chromium.launch(chromiumLaunchOptions());
  try {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    await prepare?.(context);
    const page = await context.newPage();
    const wire = await WireRecorder.start(await context.newCDPSession(page));
    await page.goto(server.url + path, { waitUntil: 'load' });
    await wire.quiet();
    const landed = new URL(page.url()).pathname;
    if (landed !== path) process.stderr.write(`bundle bench: ${path} landed on ${landed}\n`);

    const entries = wire.all();
    const scripts = entries.filter((e) => e.type === 'Script');
    const total = wire.kb();
    const js = wire.kb((e) => e.type === 'Script');
    if (process.env.BENCH_VERBOSE) {
      for (const e of entries)
        process.stderr.write(
          `${e.wireBytes}\t${e.type}\t${e.encoding ?? '-'}\t${e.url.replace(server.url, '')}\n`,
        );
    }
    report({
      bench: 'bundle',
      metric: `${name}_wire_js`,
      value: round(js, 1),
      unit: 'KB',
      budget: jsBudgetKb,
      ok: js <= jsBudgetKb,
    });
    report({ bench: 'bundle', metric: `${name}_wire_total`, value: round(total, 1), unit: 'KB' });
    report({
      bench: 'bundle',
      metric: `${name}_wire_css`,
      value: round(
        wire.kb((e) => e.type === 'Stylesheet'),
        1,
      ),
      unit: 'KB',
    });
    report({
      bench: 'bundle',
      metric: `${name}_wire_api`,
      value: round(
        wire.kb((e) => e.type === 'Fetch' || e.type === 'XHR'),
        1,
      ),
      unit: 'KB',
    });
    report({
      bench: 'bundle',
      metric: `${name}_js_decoded`,
      value: round(scripts.reduce((sum, e) => sum + e.bodyBytes, 0) / 1024, 1),
      unit: 'KB',
    });
    report({ bench: 'bundle', metric: `${name}_script_files`, value: scripts.length, unit: 'files' });
    report({ bench: 'bundle', metric: `${name}_requests`, value: entries.length, unit: 'requests' });
    // Every script, style sheet, page and JSON answer of 1 KB or more must arrive compressed.
    const raw = uncompressedText(entries);
    for (const e of raw)
      process.stderr.write(`bundle bench: uncompressed ${e.url.replace(server.url, '')}\n`);
    report({
      bench: 'bundle',
      metric: `${name}_uncompressed_text_responses`,
      value: raw.length,
      unit: 'responses',
      budget: 0,
      ok: raw.length === 0,
    });
  } finally {
    await browser.close();
  }
}
