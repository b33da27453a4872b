// `npm run bench -- order`: POST /api/reservation/user/order on embedded SQLite (3 lines per
// order, a fresh Idempotency-Key each, guest sessions, tables spread over the demo venue),
// against a bare Fastify route inserting one row with better-sqlite3, both in a child process
// and driven the same way: N concurrent fetch clients in closed loops, in alternating slices.

import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { calls, SYNC_HEADERS } from '@comanda/shared-schema';
import { guestCookie, postJson, threeLineCart } from '../support/guest-orders.ts';
import { repoRoot } from '../support/server.ts';
import { percentile, report, round } from './report.ts';

const ORDER_TABLES = 100;

interface Ready {
  type: 'ready';
  port: number;
  businessId?: string;
  tableIds?: string[];
  venues?: Array<{ businessId: string; tableIds: string[] }>;
}

function startChild(
  mode: 'app' | 'bare',
  databaseUrl: string | undefined,
  venues = 1,
): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(join(repoRoot, 'tests', 'bench', 'order-server.ts'), [mode], {
    execArgv: ['--import', 'tsx'],
    // The store is chosen when the server's modules load (sync-server/src/db/dialect.ts).
    env: { ...process.env, DATABASE_URL: databaseUrl ?? '', BENCH_VENUES: String(venues) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`order bench child (${mode}) exited: ${code}`)));
    child.once('message', (m: Ready) => resolve({ child, ready: m }));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.send({ type: 'stop' });
  });
}

interface LoadResult {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  firstError: string | null;
}

type MakeRequest = (client: number) => { body: unknown; headers: Record<string, string> };

/** Latencies of the requests that started inside the measured window, and the failures. */
interface Slice {
  latencies: number[];
  errors: number;
  firstError: string | null;
}

/** `clients` closed loops for warm-up + duration; only requests that start in the measured window count. */
async function load(url: string, make: MakeRequest, clients: number, warmupMs: number, durationMs: number) {
  const start = performance.now();
  const measureFrom = start + warmupMs;
  const end = measureFrom + durationMs;
  const slice: Slice = { latencies: [], errors: 0, firstError: null };
  const worker = async (client: number) => {
    while (performance.now() < end) {
      const { body, headers } = make(client);
      const t0 = performance.now();
      const res = await postJson(url, body, headers);
      const text = await res.text();
      const elapsed = performance.now() - t0;
      if (!res.ok) {
        slice.errors += 1;
        slice.firstError ??= `${res.status} ${text.slice(0, 200)}`;
      } else if (t0 >= measureFrom && t0 < end) slice.latencies.push(elapsed);
    }
  };
  await Promise.all(Array.from({ length: clients }, (_, i) => worker(i)));
  return slice;
}

function summarise(slices: Slice[], measuredMs: number): LoadResult {
  const latencies = slices.flatMap((s) => s.latencies).sort((a, b) => a - b);
  return {
    perSecond: latencies.length / (measuredMs / 1000),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors: slices.reduce((n, s) => n + s.errors, 0),
    firstError: slices.find((s) => s.firstError)?.firstError ?? null,
  };
}

/**
 * Both servers run side by side and are loaded in alternating slices (app, bare, app, bare...),
 * so a busy neighbour on the machine weighs on both figures alike and the ratio stays fair.
 */
export async function benchOrder(
  store: { name: string; appUrl?: string; bareUrl?: string; venues?: number } = { name: 'order' },
  clients = 16,
  rounds = 4,
  sliceMs = 2000,
  warmupMs = 500,
): Promise<void> {
  const bench = store.name;
  const [app, bare] = await Promise.all([
    startChild('app', store.appUrl, store.venues),
    startChild('bare', store.bareUrl),
  ]);
  let order: LoadResult;
  let baseline: LoadResult;
  try {
    const base = `http://127.0.0.1:${app.ready.port}`;
    const businessId = app.ready.businessId ?? '';
    const venues = app.ready.venues ?? [{ businessId, tableIds: app.ready.tableIds ?? [] }];
    const cookies = await Promise.all(Array.from({ length: clients }, () => guestCookie(base)));
    const carts = await Promise.all(venues.map((v) => threeLineCart(base, v.businessId, cookies[0] ?? '')));
    let sent = 0;
    const orderRequest: MakeRequest = (client) => {
      const at = ++sent;
      // One venue after another; in each, the next of a hundred tables: most sends join an open
      // order, as in a busy evening, and none nears the entry ceiling (500 lines) within the
      // bench's few thousand.
      const venue = venues[at % venues.length] ?? venues[0];
      const tableIds = venue?.tableIds ?? [];
      const turn = Math.floor(at / venues.length);
      return {
        body: {
          cart: carts[at % venues.length],
          tableId: tableIds[turn % Math.min(ORDER_TABLES, tableIds.length)],
          ownerId: venue?.businessId,
        },
        headers: {
          cookie: cookies[client] ?? '',
          [SYNC_HEADERS.idempotencyKey]: `bench-${client}-${at}-${randomUUID()}`,
        },
      };
    };
    const cart = carts[0];
    const tableIds = venues[0]?.tableIds ?? [];
    // The same JSON body, stored as one row.
    const barePayload = { cart, tableId: tableIds[0], ownerId: businessId };
    const bareRequest: MakeRequest = () => ({ body: barePayload, headers: {} });
    const orderUrl = `${base}${calls.userOrder.path}`;
    const bareUrl = `http://127.0.0.1:${bare.ready.port}/bare`;
    const orderSlices: Slice[] = [];
    const bareSlices: Slice[] = [];
    for (let round = 0; round < rounds; round++) {
      orderSlices.push(await load(orderUrl, orderRequest, clients, warmupMs, sliceMs));
      bareSlices.push(await load(bareUrl, bareRequest, clients, warmupMs, sliceMs));
    }
    order = summarise(orderSlices, rounds * sliceMs);
    baseline = summarise(bareSlices, rounds * sliceMs);
  } finally {
    await Promise.all([stopChild(app.child), stopChild(bare.child)]);
  }

  if (order.errors > 0)
    process.stderr.write(`order bench: ${order.errors} failed requests, first: ${order.firstError}\n`);
  if (baseline.errors > 0)
    process.stderr.write(`bare bench: ${baseline.errors} failed, first: ${baseline.firstError}\n`);
  report({ bench, metric: 'clients', value: clients, unit: 'connections' });
  report({ bench, metric: 'venues', value: store.venues ?? 1, unit: 'venues' });
  report({ bench, metric: 'lines_per_order', value: 3, unit: 'lines' });
  report({ bench, metric: 'orders_per_second', value: round(order.perSecond, 0), unit: 'orders/s' });
  report({ bench, metric: 'order_p50', value: round(order.p50), unit: 'ms' });
  report({ bench, metric: 'order_p99', value: round(order.p99), unit: 'ms' });
  report({ bench, metric: 'order_errors', value: order.errors, unit: 'requests' });
  report({
    bench,
    metric: 'bare_insert_per_second',
    value: round(baseline.perSecond, 0),
    unit: 'req/s',
  });
  report({ bench, metric: 'bare_insert_p50', value: round(baseline.p50), unit: 'ms' });
  report({ bench, metric: 'bare_insert_p99', value: round(baseline.p99), unit: 'ms' });
  const ratio = order.perSecond / baseline.perSecond;
  report({
    bench,
    metric: 'order_over_bare_throughput',
    value: round(ratio),
    unit: 'ratio',
    budget: 0.25,
    ok: ratio >= 0.25 && order.errors === 0,
  });
}
