// `npm run bench -- dashboard`: the owner dashboard with 100 open tables of 30 lines
// each (3,000 lines) in Chromium on a 1024 px tablet viewport. Figures: time from navigation to
// all 100 tickets shown (first visit: snapshot into Dexie; then a reload from Dexie), JS heap,
// and for 30 status taps spread over the board the time from the tap to the frame that shows the
// line's new status. Each tap goes the real way: outbox mutation -> Dexie -> live query -> React.
// The page taps itself (no test-runner round trip is counted) after scrolling the line into view,
// as an owner would, and waits for the board to settle (ack, catch-up) before the next tap. The
// main thread's busy time per tap (CDP Performance) counts that follow-up work too.
// To see where a tap's time goes: COMANDA_BENCH_PROFILE=<file> writes a CPU profile of the taps
// (open it in Chromium's DevTools), COMANDA_BENCH_TRACE=<file> a timeline trace.
import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { calls, type MenuDish } from '@comanda/shared-schema';
import type { CDPSession, Page } from '@playwright/test';
import { sessionCookie } from '../support/guest-orders.ts';
import { chromiumLaunchOptions, launchWithDemoServer } from './browser.ts';
import { percentile, report, round } from './report.ts';
import { OwnerApi, shimKeepNames, signInOwner } from './venue.ts';

const TABLES = 100;
const LINES_PER_TABLE = 30;
const TAPS = 30;
const GOAL_MS = 50;
const ROOM = 'Sala bench';

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** A cart of `LINES_PER_TABLE` lines as the PWA sends it, cycling through the demo menu. */
function cartOf(dishes: readonly MenuDish[], table: number): unknown[] {
  return Array.from({ length: LINES_PER_TABLE }, (_, i) => {
    const dish = dishes[(table + i) % dishes.length] as MenuDish;
    return {
      ...dish,
      amount: 1 + (i % 3),
      ...(i % 7 === 3 ? { note: 'Senza sale, per favore' } : {}),
      variants: dish.variants.map((v) => ({ ...v, selected: v.multi === 0 ? (v.options[0] ?? null) : [] })),
    };
  });
}

/** A new room of 100 tables (the owner's mutations), each with a guest's order of 30 lines. */
async function seedVenue(owner: OwnerApi): Promise<void> {
  const roomId = randomUUID();
  await owner.mutate('roomsAdd', { id: roomId, name: ROOM });
  const tableIds: string[] = [];
  for (let i = 0; i < TABLES; i++) {
    const id = randomUUID();
    tableIds.push(id);
    await owner.mutate('tablesAdd', { id, roomId, x: 20 + (i % 10) * 95, y: 20 + Math.floor(i / 10) * 95 });
  }
  const login = await postJson(owner.url + calls.userLogin.path, { isAnonymus: true });
  if (!login.ok) throw new Error(`guest login failed: ${login.status} ${await login.text()}`);
  const cookie = sessionCookie(login);
  const menu = await postJson(
    owner.url + calls.userMenuGet.path,
    { businessId: owner.businessId },
    { cookie },
  );
  if (!menu.ok) throw new Error(`menu failed: ${menu.status} ${await menu.text()}`);
  const dishes = ((await menu.json()) as { data: MenuDish[] }).data;
  if (dishes.length === 0) throw new Error('the demo menu is empty');
  for (const [i, tableId] of tableIds.entries()) {
    const res = await postJson(
      owner.url + calls.userOrder.path,
      { ownerId: owner.businessId, tableId, cart: cartOf(dishes, i) },
      { cookie, 'idempotency-key': randomUUID() },
    );
    if (!res.ok) throw new Error(`order failed: ${res.status} ${(await res.text()).slice(0, 300)}`);
  }
}

interface LoadProbe {
  shown: number | null;
}

/** In the page from its first script: notes when the board shows `tickets` tickets. */
function loadProbe(tickets: number): void {
  const state: LoadProbe = { shown: null };
  (window as unknown as { __dashLoad: LoadProbe }).__dashLoad = state;
  const watch = () => {
    if (document.querySelectorAll('.dash-ticket').length >= tickets) {
      // The first task after the frame that drew them (style, layout and paint done).
      setTimeout(() => {
        state.shown = performance.now();
      }, 0);
      return;
    }
    requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
}

async function loadTime(page: Page): Promise<number> {
  await page.waitForFunction(
    () => (window as unknown as { __dashLoad: LoadProbe }).__dashLoad.shown !== null,
    null,
    { timeout: 120_000 },
  );
  return page.evaluate(() => (window as unknown as { __dashLoad: LoadProbe }).__dashLoad.shown ?? Number.NaN);
}

interface TapResult {
  /** Tap to the DOM showing the new status. */
  dom: number;
  /** Tap to the first task after the frame that painted it. */
  painted: number;
}

/**
 * One tap, inside the page: the line (the `index`-th line button of the board) is scrolled into
 * view and drawn, then clicked by the page's own script; a MutationObserver sees its status
 * change, and a rAF + setTimeout after that marks the frame that painted it. Then it waits until
 * the board has not changed for 400 ms (the entry acked, caught up), so taps do not overlap.
 */
function tapInPage(index: number): Promise<TapResult | string> {
  const frame = () =>
    new Promise<number>((r) => requestAnimationFrame(() => setTimeout(() => r(performance.now()), 0)));
  const quiet = (board: Element, ms: number, since: number) =>
    new Promise<void>((resolve) => {
      let last = since;
      const observer = new MutationObserver(() => {
        last = performance.now();
      });
      observer.observe(board, { subtree: true, childList: true, attributes: true, characterData: true });
      const check = () => {
        if (performance.now() - last >= ms) {
          observer.disconnect();
          resolve();
        } else setTimeout(check, 50);
      };
      setTimeout(check, ms);
    });
  return (async () => {
    const board = document.querySelector('.dash-board');
    const button = document.querySelectorAll<HTMLElement>('.dash-line-button')[index];
    const item = button?.closest('li');
    if (!board || !button || !item) return `no line button ${index}`;
    button.scrollIntoView({ block: 'center' });
    await frame();
    await frame();
    const before = item.className;
    let dom = 0;
    const shown = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        // The row may be a new element if React remounted it: look it up again by position.
        const now = document.querySelectorAll<HTMLElement>('.dash-line-button')[index]?.closest('li');
        if (now && now.className !== before) {
          observer.disconnect();
          dom = performance.now();
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now()), 0));
        }
      });
      observer.observe(board, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    const t0 = performance.now();
    button.click();
    const timeout = new Promise<null>((r) => setTimeout(() => r(null), 10_000));
    const painted = await Promise.race([shown, timeout]);
    if (painted === null) return `line ${index} never changed (${before})`;
    await quiet(board, 400, painted);
    return { dom: dom - t0, painted: painted - t0 };
  })();
}

async function heapMb(cdp: CDPSession): Promise<{ used: number; afterGc: number }> {
  const used = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  await cdp.send('HeapProfiler.collectGarbage');
  const afterGc = (await cdp.send('Runtime.getHeapUsage')).usedSize;
  const mb = (n: number) => round(n / 1024 / 1024, 1);
  return { used: mb(used), afterGc: mb(afterGc) };
}

export async function benchDashboard(): Promise<void> {
  const launch = chromiumLaunchOptions();
  // Unquantised `performance.memory` (Chromium rounds it otherwise).
  const { browser, server } = await launchWithDemoServer({
    ...launch,
    args: [...(launch.args ?? []), '--enable-precise-memory-info'],
  });
  try {
    const owner = await OwnerApi.signIn(server.url);
    await seedVenue(owner);
    const snapshot = await owner.snapshot();
    const orders = snapshot.filter((r) => r.entity === 'order').length;
    const lines = snapshot.filter((r) => r.entity === 'line').length;
    if (orders !== TABLES || lines !== TABLES * LINES_PER_TABLE) {
      throw new Error(
        `the venue has ${orders} orders and ${lines} lines, not ${TABLES} and ${TABLES * LINES_PER_TABLE}`,
      );
    }

    const context = await browser.newContext({
      viewport: { width: 1024, height: 768 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
    });
    await signInOwner(context, server.url);
    await shimKeepNames(context);
    await context.addInitScript(loadProbe, TABLES);
    const page = await context.newPage();
    page.on('pageerror', (err) => process.stderr.write(`dashboard page error: ${err.message}\n`));

    // First visit: an empty device database, so the board comes from /api/sync/snapshot.
    await page.goto(`${server.url}/owner/dashboard`);
    const firstLoad = await loadTime(page);
    const cdp = await context.newCDPSession(page);
    // Let the first sync finish (socket, replayer) before the heap and the reload.
    await page.waitForTimeout(1500);
    const heap = await heapMb(cdp);
    const perfMemory = await page.evaluate(
      () =>
        (performance as unknown as { memory?: { usedJSHeapSize: number } }).memory?.usedJSHeapSize ??
        Number.NaN,
    );

    // A reload: the same board from Dexie (what a tablet sees every morning).
    await page.reload();
    const reload = await loadTime(page);
    await page.waitForTimeout(1500);
    const shownTickets = await page.locator('.dash-ticket').count();
    const buttons = await page.locator('.dash-line-button').count();
    if (shownTickets !== TABLES || buttons !== TABLES * LINES_PER_TABLE) {
      throw new Error(`the board shows ${shownTickets} tickets and ${buttons} lines`);
    }

    // Lines spread over the board, first ticket to last, each in a different ticket and row.
    const targets = Array.from({ length: TAPS }, (_, i) => {
      const ticket = Math.round((i * (TABLES - 1)) / (TAPS - 1));
      return ticket * LINES_PER_TABLE + ((i * 7) % LINES_PER_TABLE);
    });
    const results: TapResult[] = [];
    await cdp.send('Performance.enable');
    const busy = async () => {
      const { metrics } = await cdp.send('Performance.getMetrics');
      const of = (name: string) => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
      return { task: of('TaskDuration'), script: of('ScriptDuration') };
    };
    const before = await busy();
    const profile = process.env.COMANDA_BENCH_PROFILE;
    if (profile) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    const trace = process.env.COMANDA_BENCH_TRACE;
    if (trace)
      await browser.startTracing(page, {
        path: trace,
        categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
      });
    for (const index of targets) {
      const result = await page.evaluate(tapInPage, index);
      if (typeof result === 'string') throw new Error(result);
      results.push(result);
    }
    const sorted = (pick: (r: TapResult) => number) => results.map(pick).sort((a, b) => a - b);
    const painted = sorted((r) => r.painted);
    const dom = sorted((r) => r.dom);
    const after = await busy();
    if (trace) await browser.stopTracing();
    if (profile) {
      const { profile: cpu } = await cdp.send('Profiler.stop');
      writeFileSync(profile, JSON.stringify(cpu));
    }
    const p50 = percentile(painted, 50);
    const p95 = percentile(painted, 95);
    const max = painted.at(-1) ?? Number.NaN;

    const b = 'dashboard';
    report({ bench: b, metric: 'open_tables', value: TABLES, unit: 'tables' });
    report({ bench: b, metric: 'lines', value: lines, unit: 'lines' });
    report({ bench: b, metric: 'first_visit_to_all_tickets', value: round(firstLoad, 0), unit: 'ms' });
    report({ bench: b, metric: 'reload_to_all_tickets', value: round(reload, 0), unit: 'ms' });
    report({ bench: b, metric: 'taps', value: results.length, unit: 'taps' });
    report({
      bench: b,
      metric: 'tap_to_repaint_p50',
      value: round(p50, 1),
      unit: 'ms',
      budget: GOAL_MS,
      ok: p50 < GOAL_MS,
    });
    report({
      bench: b,
      metric: 'tap_to_repaint_p95',
      value: round(p95, 1),
      unit: 'ms',
      budget: GOAL_MS,
      ok: p95 < GOAL_MS,
    });
    report({
      bench: b,
      metric: 'tap_to_repaint_max',
      value: round(max, 1),
      unit: 'ms',
      budget: GOAL_MS,
      ok: max < GOAL_MS,
    });
    report({ bench: b, metric: 'tap_to_dom_p50', value: round(percentile(dom, 50), 1), unit: 'ms' });
    // Everything a tap sets off on the main thread (outbox, ack, catch-up, renders, the scroll to
    // the line), not only the path to the paint: what a cook tapping fast would queue up.
    const perTap = (ms: number) => round(ms / Math.max(1, results.length), 1);
    report({ bench: b, metric: 'main_thread_per_tap', value: perTap(after.task - before.task), unit: 'ms' });
    report({ bench: b, metric: 'script_per_tap', value: perTap(after.script - before.script), unit: 'ms' });
    report({ bench: b, metric: 'js_heap_used', value: heap.used, unit: 'MB' });
    report({ bench: b, metric: 'js_heap_used_after_gc', value: heap.afterGc, unit: 'MB' });
    report({
      bench: b,
      metric: 'performance_memory_used_js_heap',
      value: round(perfMemory / 1024 / 1024, 1),
      unit: 'MB',
    });
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
  }
}
