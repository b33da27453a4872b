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

/** CPU time the child has used so far, in ms (it answers a `cpu` message). */
function childCpuMs(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (m: { type: string; ms?: number }) => {
      if (m.type !== 'cpu') return;
      child.off('message', onMessage);
      resolve(m.ms ?? Number.NaN);
    };
    child.on('message', onMessage);
    child.send({ type: 'cpu' });
  });
}

/** CPU ms by who spent it (the server, PostgreSQL, the load's clients): summed over slices, then per request. */
interface CpuShare {
  server: number;
  database: number;
  clients: number;
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
  /** Every request that succeeded, warm-up included: what the CPU figures are divided by. */
  completed: number;
  errors: number;
  firstError: string | null;
}

/** `clients` closed loops for warm-up + duration; only requests that start in the measured window count. */
async function load(url: string, make: MakeRequest, clients: number, warmupMs: number, durationMs: number) {
  const start = performance.now();
  const measureFrom = start + warmupMs;
  const end = measureFrom + durationMs;
  const slice: Slice = { latencies: [], completed: 0, errors: 0, firstError: null };
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
      } else {
        slice.completed += 1;
        if (t0 >= measureFrom && t0 < end) slice.latencies.push(elapsed);
      }
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

/** Runs one slice and measures the CPU it cost each process; the figures add up over slices. */
async function measured(
  child: ChildProcess,
  databaseCpuMs: (() => number) | undefined,
  cpu: CpuShare,
  run: () => Promise<Slice>,
): Promise<Slice> {
  const [server0, database0, clients0] = [
    await childCpuMs(child),
    databaseCpuMs?.() ?? Number.NaN,
    process.cpuUsage(),
  ];
  const slice = await run();
  const clients = process.cpuUsage(clients0);
  cpu.server += (await childCpuMs(child)) - server0;
  cpu.database += (databaseCpuMs?.() ?? Number.NaN) - database0;
  cpu.clients += (clients.user + clients.system) / 1000;
  return slice;
}

const perRequest = (cpu: CpuShare, slices: Slice[]): CpuShare => {
  const n = slices.reduce((sum, s) => sum + s.completed, 0) || Number.NaN;
  return { server: cpu.server / n, database: cpu.database / n, clients: cpu.clients / n };
};

/**
 * Both servers run side by side and are loaded in alternating slices (app, bare, app, bare...),
 * so a busy neighbour on the machine weighs on both figures alike and the ratio stays fair.
 */
export async function benchOrder(
  store: {
    name: string;
    appUrl?: string;
    bareUrl?: string;
    venues?: number;
    /** PostgreSQL's CPU time so far (ms), for the hosted bench: its share of each request. */
    databaseCpuMs?: () => number;
  } = { name: 'order' },
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
  let orderCpuEach: CpuShare;
  let bareCpuEach: CpuShare;
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
    const orderCpu: CpuShare = { server: 0, database: 0, clients: 0 };
    const bareCpu: CpuShare = { server: 0, database: 0, clients: 0 };
    const db = store.databaseCpuMs;
    for (let round = 0; round < rounds; round++) {
      orderSlices.push(
        await measured(app.child, db, orderCpu, () =>
          load(orderUrl, orderRequest, clients, warmupMs, sliceMs),
        ),
      );
      bareSlices.push(
        await measured(bare.child, db, bareCpu, () => load(bareUrl, bareRequest, clients, warmupMs, sliceMs)),
      );
    }
    order = summarise(orderSlices, rounds * sliceMs);
    baseline = summarise(bareSlices, rounds * sliceMs);
    orderCpuEach = perRequest(orderCpu, orderSlices);
    bareCpuEach = perRequest(bareCpu, bareSlices);
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
  // Where each request's CPU went (the machine's cores are shared by all three): what to cut.
  for (const [what, share] of [
    ['order', orderCpuEach],
    ['bare_insert', bareCpuEach],
  ] as const) {
    report({ bench, metric: `${what}_cpu_server`, value: round(share.server, 3), unit: 'ms/request' });
    if (store.databaseCpuMs)
      report({ bench, metric: `${what}_cpu_database`, value: round(share.database, 3), unit: 'ms/request' });
    report({ bench, metric: `${what}_cpu_clients`, value: round(share.clients, 3), unit: 'ms/request' });
  }
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
