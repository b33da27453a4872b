// `npm run bench -- orderlive`: order placed -> owner socket receives `order`, on loopback.
// The real app runs in a child process (order-live-server.ts) with 20 venues (copies of the demo
// venue); each venue's owner has 10 tablets on /live; guest customers POST
// /api/reservation/user/order (3 lines) open-loop at 100 orders/s spread over the venues and
// tables. Each delivery is timed from just before its POST is sent to the moment that tablet's
// socket has the frame; the frame is matched by a note carrying the order's number.

import { type ChildProcess, fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import type { MenuDish } from '@comanda/shared-schema';
import { calls, SYNC_HEADERS } from '@comanda/shared-schema';
import WebSocket from 'ws';
import { sessionCookie } from '../support/guest-orders.ts';
import { repoRoot } from '../support/server.ts';
import type { LiveVenue, LiveVenuesReady } from './order-live-protocol.ts';
import { percentile, report, round } from './report.ts';

export interface OrderLiveOptions {
  venues: number;
  socketsPerVenue: number;
  ordersPerSecond: number;
  warmupMs: number;
  durationMs: number;
  /** How long to wait for late frames once the last order is sent. */
  drainMs: number;
}

const DEFAULTS: OrderLiveOptions = {
  venues: 20,
  socketsPerVenue: 10,
  ordersPerSecond: 100,
  warmupMs: 2000,
  durationMs: 10_000,
  drainMs: 3000,
};

/** `COMANDA_BENCH_CPU_PROF=<dir>` profiles the server child (node --cpu-prof). */
function startChild(venues: number): Promise<{ child: ChildProcess; ready: LiveVenuesReady }> {
  const profDir = process.env.COMANDA_BENCH_CPU_PROF;
  const child = fork(join(repoRoot, 'tests', 'bench', 'order-live-server.ts'), [String(venues)], {
    execArgv: ['--import', 'tsx', ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`order-live bench child exited: ${code}`)));
    child.once('message', (m: LiveVenuesReady) => resolve({ child, ready: m }));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.send({ type: 'stop' });
  });
}

/** CPU time the server child has used so far, in ms. */
function serverCpuMs(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    const onMessage = (m: { type: string; micros?: number }) => {
      if (m.type !== 'cpu') return;
      child.off('message', onMessage);
      resolve((m.micros ?? 0) / 1000);
    };
    child.on('message', onMessage);
    child.send({ type: 'cpu' });
  });
}

async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

async function loginCookie(url: string, body: unknown): Promise<string> {
  const res = await postJson(url, body);
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return sessionCookie(res);
}

/** Three lines as the PWA sends them: one dish with its mandatory choices made, two plain ones. */
async function threeLineCart(base: string, businessId: string, cookie: string): Promise<MenuDish[]> {
  const res = await postJson(`${base}${calls.userMenuGet.path}`, { businessId }, { cookie });
  if (!res.ok) throw new Error(`menu failed: ${res.status} ${await res.text()}`);
  const dishes = ((await res.json()) as { data: MenuDish[] }).data;
  const withChoice = dishes.find((d) => d.variants.some((v) => v.multi === 0));
  const plain = dishes.filter((d) => d.variants.length === 0).slice(0, 2);
  if (!withChoice || plain.length < 2) throw new Error('the demo menu lacks the dishes this bench orders');
  return [withChoice, ...plain].map((dish, i) => ({
    ...dish,
    amount: i + 1,
    variants: dish.variants.map((v) => ({ ...v, selected: v.multi === 0 ? (v.options[0] ?? null) : [] })),
  }));
}

/** The first line's note names the order: `"note":"ol<n>"`, unique in the frame. */
const MARK = Buffer.from('"note":"ol');
const QUOTE = 0x22;

/** The order number in an `order` frame, or -1 for any other frame. Reads bytes, no JSON.parse. */
function orderNumber(raw: Buffer): number {
  const at = raw.indexOf(MARK);
  if (at < 0) return -1;
  let n = 0;
  for (let i = at + MARK.length; i < raw.length; i++) {
    const c = raw[i] ?? QUOTE;
    if (c === QUOTE) return n;
    n = n * 10 + (c - 0x30);
  }
  return -1;
}

/** Every socket of every venue connected (batches of 50), each recording into `onOrder`. */
async function connectTablets(
  port: number,
  venues: LiveVenue[],
  cookies: string[],
  perVenue: number,
  onOrder: (venue: number, slot: number, n: number, at: number) => void,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  const pending: Array<Promise<void>> = [];
  for (const [v, venue] of venues.entries()) {
    for (let slot = 0; slot < perVenue; slot++) {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/live?ownerId=${venue.businessId}`, {
        headers: { cookie: cookies[v] ?? '' },
        perMessageDeflate: false,
      });
      sockets.push(ws);
      pending.push(
        new Promise<void>((resolve, reject) => {
          ws.once('error', reject);
          ws.once('unexpected-response', (_req, res) => reject(new Error(`live refused: ${res.statusCode}`)));
          ws.on('message', (raw: Buffer) => {
            const at = performance.now();
            const n = orderNumber(raw);
            if (n >= 0) onOrder(v, slot, n, at);
            else resolve(); // `connect` (or another event) first: the socket is in.
          });
        }),
      );
      if (pending.length >= 50) await Promise.all(pending.splice(0));
    }
  }
  await Promise.all(pending);
  return sockets;
}

export async function benchOrderLive(options: Partial<OrderLiveOptions> = {}): Promise<void> {
  const o = { ...DEFAULTS, ...options };
  const { child, ready } = await startChild(o.venues);
  const base = `http://127.0.0.1:${ready.port}`;
  const venues = ready.venues;
  const warmupOrders = Math.round((o.ordersPerSecond * o.warmupMs) / 1000);
  const totalOrders = warmupOrders + Math.round((o.ordersPerSecond * o.durationMs) / 1000);
  const sentAt = new Float64Array(totalOrders);
  /** One bit per tablet of the order's venue. */
  const got = new Uint32Array(totalOrders);
  const deliveries: number[] = [];
  const toLast = new Float64Array(totalOrders);
  let duplicates = 0;
  let wrongVenue = 0;
  let failed = 0;
  let acceptedInWindow = 0;
  let firstFailure: string | null = null;
  const allBits = 2 ** o.socketsPerVenue - 1;
  let sockets: WebSocket[] = [];
  try {
    if (venues.length !== o.venues) throw new Error(`the child made ${venues.length} venues`);
    const ownerCookies: string[] = [];
    for (const venue of venues) {
      ownerCookies.push(
        await loginCookie(`${base}${calls.ownerLogin.path}`, {
          email: venue.email,
          password: ready.password,
        }),
      );
    }
    // Two phones per venue (guest logins are rate-limited to 60 a minute per address).
    const guests: string[] = [];
    for (let i = 0; i < o.venues * 2; i++) {
      guests.push(await loginCookie(`${base}${calls.userLogin.path}`, { isAnonymus: true }));
    }
    const carts = await Promise.all(venues.map((v, i) => threeLineCart(base, v.businessId, guests[i] ?? '')));

    sockets = await connectTablets(ready.port, venues, ownerCookies, o.socketsPerVenue, (v, slot, n, at) => {
      if (n >= totalOrders || n % o.venues !== v) {
        wrongVenue += 1;
        return;
      }
      const bit = 1 << slot;
      const seen = got[n] ?? 0;
      if (seen & bit) {
        duplicates += 1;
        return;
      }
      const now = seen | bit;
      got[n] = now;
      const elapsed = at - (sentAt[n] ?? 0);
      if (n >= warmupOrders) {
        deliveries.push(elapsed);
        if (now === allBits) toLast[n] = elapsed;
      }
    });

    const orderUrl = `${base}${calls.userOrder.path}`;
    const runId = Date.now().toString(36);
    const send = (n: number): void => {
      const v = n % o.venues;
      const venue = venues[v] as LiveVenue;
      const tableId = venue.tableIds[Math.floor(n / o.venues) % venue.tableIds.length];
      const [first, ...rest] = carts[v] ?? [];
      const body = JSON.stringify({
        cart: [{ ...first, note: `ol${n}` }, ...rest],
        tableId,
        ownerId: venue.businessId,
      });
      const headers = {
        'content-type': 'application/json',
        cookie: guests[n % guests.length] ?? '',
        [SYNC_HEADERS.idempotencyKey]: `orderlive-${runId}-${n}`,
      };
      sentAt[n] = performance.now();
      fetch(orderUrl, { method: 'POST', headers, body })
        .then(async (res) => {
          const text = await res.text();
          if (!res.ok) {
            failed += 1;
            firstFailure ??= `${res.status} ${text.slice(0, 200)}`;
          } else if (n >= warmupOrders) acceptedInWindow += 1;
        })
        .catch((err: unknown) => {
          failed += 1;
          firstFailure ??= String(err);
        });
    };

    // Open loop: order n leaves at start + n / rate, whatever the answers to the earlier ones.
    const interval = 1000 / o.ordersPerSecond;
    let serverCpuStart = 0;
    let clientCpuStart = process.cpuUsage();
    let windowStart = 0;
    let machineLoad = 0;
    await new Promise<void>((resolve) => {
      const start = performance.now();
      let next = 0;
      const tick = (): void => {
        const due = Math.min(totalOrders, Math.floor((performance.now() - start) / interval) + 1);
        while (next < due) {
          if (next === warmupOrders) {
            windowStart = performance.now();
            machineLoad = loadavg()[0] ?? 0;
            clientCpuStart = process.cpuUsage();
            void serverCpuMs(child).then((ms) => {
              serverCpuStart = ms;
            });
          }
          send(next++);
        }
        if (next >= totalOrders) resolve();
        else setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
      };
      tick();
    });
    const windowMs = performance.now() - windowStart + interval;
    const clientCpu = process.cpuUsage(clientCpuStart);
    const serverCpu = (await serverCpuMs(child)) - serverCpuStart;

    const drainUntil = performance.now() + o.drainMs;
    const complete = () => got.every((bits, n) => n < warmupOrders || bits === allBits);
    while (!complete() && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));

    const measured = totalOrders - warmupOrders;
    const missed = measured * o.socketsPerVenue - deliveries.length;
    deliveries.sort((a, b) => a - b);
    const last = Array.from(toLast.subarray(warmupOrders))
      .filter((ms) => ms > 0)
      .sort((a, b) => a - b);
    if (failed > 0) process.stderr.write(`orderlive: ${failed} orders failed, first: ${firstFailure}\n`);
    const p99 = percentile(deliveries, 99);
    const ok = p99 < 50 && missed === 0 && failed === 0 && duplicates === 0 && wrongVenue === 0;
    const fig = (metric: string, value: number, unit: string) =>
      report({ bench: 'orderlive', metric, value, unit });
    fig('venues', o.venues, 'venues');
    fig('owner_sockets', o.venues * o.socketsPerVenue, 'sockets');
    fig('orders_per_second', round(acceptedInWindow / (windowMs / 1000), 1), 'orders/s');
    fig('order_to_socket_p50', round(percentile(deliveries, 50)), 'ms');
    report({
      bench: 'orderlive',
      metric: 'order_to_socket_p99',
      value: round(p99),
      unit: 'ms',
      budget: 50,
      ok,
    });
    fig('order_to_socket_max', round(deliveries.at(-1) ?? Number.NaN), 'ms');
    fig('order_to_last_socket_p99', round(percentile(last, 99)), 'ms');
    fig('missed_deliveries', missed, 'frames');
    fig('duplicate_or_foreign_deliveries', duplicates + wrongVenue, 'frames');
    fig('failed_orders', failed, 'requests');
    // The other processes on the machine weigh on the tail: the 1-minute load average says how much.
    fig('machine_load_1m', round(machineLoad), 'runnable');
    fig('server_cpu', round((serverCpu / windowMs) * 100, 0), '% of a core');
    fig(
      'load_generator_cpu',
      round(((clientCpu.user + clientCpu.system) / 1000 / windowMs) * 100, 0),
      '% of a core',
    );
  } finally {
    for (const ws of sockets) ws.terminate();
    await stopChild(child);
  }
}
