// `npm run bench -- orderlive`: order placed -> owner socket receives `order`, on loopback.
// The real app runs in a child process (order-live-server.ts) with 20 venues (copies of the demo
// venue); each venue's owner has 10 tablets on /live; guest customers POST
// /api/reservation/user/order (3 lines) open-loop at 100 orders/s spread over the venues and
// tables. Each delivery is timed from just before its POST is sent to the moment that tablet's
// socket has the frame; the frame is matched by a note carrying the order's number.
// The hosted benches (order-live-hosted.ts) run the same measure over several instances.

import type { ChildProcess } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { calls, SYNC_HEADERS } from '@comanda/shared-schema';
import type WebSocket from 'ws';
import { childCpuMs, forkBench, stopChild } from './bench-child.ts';
import { connectTablets, orderNote, ownerCookies, threeLineCart } from './order-live-client.ts';
import type { LiveVenue, LiveVenuesReady } from './order-live-protocol.ts';
import { reportOrderLive } from './order-live-report.ts';

export interface OrderLiveOptions {
  venues: number;
  socketsPerVenue: number;
  ordersPerSecond: number;
  warmupMs: number;
  durationMs: number;
  /** How long to wait for late frames once the last order is sent (and answered, see settleMs). */
  drainMs: number;
  /**
   * How long to wait, once the last order is sent, for the answers still outstanding before the
   * drain: a saturated server's queue is then measured to its end rather than counted as lost.
   */
  settleMs: number;
  /**
   * Orders placed before the tablets connect, a few at a time on every instance: a cold server
   * (JIT, pool connections, the database's caches) is many times slower than a warm one for its
   * first hundreds of requests, and an open loop at 100/s would carry that backlog into the
   * measured window.
   */
  primeOrders: number;
}

const DEFAULTS: OrderLiveOptions = {
  venues: 20,
  socketsPerVenue: 10,
  ordersPerSecond: 100,
  warmupMs: 2000,
  durationMs: 10_000,
  drainMs: 3000,
  settleMs: 0,
  primeOrders: 0,
};

/** A server instance the bench drives: where it listens, and its process (for its CPU time). */
export interface LiveInstance {
  port: number;
  child: ChildProcess;
}

/** Sorted samples in ms, and what went wrong; CPU in % of one core over the measured window. */
export interface OrderLiveResult {
  options: OrderLiveOptions;
  instances: number;
  /** Orders of the measured window accepted (whenever answered), per second of the window. */
  ordersPerSecond: number;
  /** Successful answers (to any order) inside the window, per second of it: what the servers kept up with. */
  answeredPerSecond: number;
  deliveries: number[];
  /** Deliveries to a tablet on the instance the order was placed on, and on another one. */
  same: number[];
  cross: number[];
  toLast: number[];
  /** POST sent -> its answer. */
  answers: number[];
  missed: number;
  missedCross: number;
  duplicates: number;
  wrongVenue: number;
  failed: number;
  unanswered: number;
  machineLoad: number;
  serverCpu: number[];
  clientCpu: number;
  /** Every core of the machine, busy: the servers, the load generator, PostgreSQL and the rest. */
  machineCpu: number;
  /** The PostgreSQL server's processes (NaN on SQLite, or when they cannot be read). */
  postgresCpu: number;
}

/** Busy and total CPU time of the machine so far, in ms (all cores). */
function machineTimes(): { busy: number; total: number } {
  let busy = 0;
  let total = 0;
  for (const { times } of cpus()) {
    const all = times.user + times.nice + times.sys + times.irq + times.idle;
    total += all;
    busy += all - times.idle;
  }
  return { busy, total };
}

/** `count` requests, four at a time per instance, each instance's in turn; any failure stops the bench. */
async function prime(
  count: number,
  instances: number,
  send: (n: number, instance: number) => Promise<Response>,
) {
  let next = 0;
  const worker = async (instance: number): Promise<void> => {
    while (next < count) {
      const res = await send(next++, instance);
      const text = await res.text();
      if (!res.ok) throw new Error(`priming order failed: ${res.status} ${text.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: instances * 4 }, (_, w) => worker(w % instances)));
}

/**
 * Tablet `slot` of venue `v` is on instance (v + slot) mod k, and order n is placed (venue n mod
 * venues) on instance floor(n / venues) mod k: with two instances every order reaches half its
 * venue's tablets on the instance it was placed on and half through the other one.
 */
export async function measureOrderLive(
  instances: LiveInstance[],
  ready: LiveVenuesReady,
  options: Partial<OrderLiveOptions> = {},
  postgresCpuMs: () => number = () => Number.NaN,
): Promise<OrderLiveResult> {
  const o = { ...DEFAULTS, ...options };
  const k = instances.length;
  const socketOn = (v: number, slot: number) => (v + slot) % k;
  const orderOn = (n: number) => Math.floor(n / o.venues) % k;
  const baseOf = (i: number) => `http://127.0.0.1:${instances[i]?.port ?? 0}`;
  const base = baseOf(0);
  const venues = ready.venues;
  if (venues.length !== o.venues) throw new Error(`the child made ${venues.length} venues`);
  const warmupOrders = Math.round((o.ordersPerSecond * o.warmupMs) / 1000);
  const totalOrders = warmupOrders + Math.round((o.ordersPerSecond * o.durationMs) / 1000);
  const sentAt = new Float64Array(totalOrders);
  const answeredAt = new Float64Array(totalOrders);
  /** One bit per tablet of the order's venue. */
  const got = new Uint32Array(totalOrders);
  const deliveries: number[] = [];
  const same: number[] = [];
  const cross: number[] = [];
  const toLast = new Float64Array(totalOrders);
  let duplicates = 0;
  let wrongVenue = 0;
  let failed = 0;
  let outstanding = 0;
  let acceptedInWindow = 0;
  let firstFailure: string | null = null;
  const allBits = 2 ** o.socketsPerVenue - 1;
  let sockets: WebSocket[] = [];
  try {
    const cookies = await ownerCookies(base, venues, ready.password);
    // Two phones per venue, each its own guest session.
    const guests = ready.guests.slice(0, o.venues * 2);
    if (guests.length < o.venues * 2) throw new Error('too few guest sessions');
    const carts = await Promise.all(venues.map((v, i) => threeLineCart(base, v.businessId, guests[i] ?? '')));

    const runId = Date.now().toString(36);
    /** Order n as a phone sends it: its venue's cart, a table of it in turn, the note naming it. */
    const order = (n: number, key: string): RequestInit => {
      const v = n % o.venues;
      const venue = venues[v] as LiveVenue;
      const [first, ...rest] = carts[v] ?? [];
      return {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          cookie: guests[n % guests.length] ?? '',
          [SYNC_HEADERS.idempotencyKey]: `orderlive-${runId}-${key}`,
        },
        body: JSON.stringify({
          cart: [{ ...first, note: orderNote(n) }, ...rest],
          tableId: venue.tableIds[Math.floor(n / o.venues) % venue.tableIds.length],
          ownerId: venue.businessId,
        }),
      };
    };
    // Before any tablet listens: their frames reach no one.
    await prime(o.primeOrders, k, (n, i) =>
      fetch(`${baseOf(i)}${calls.userOrder.path}`, order(n, `prime-${n}`)),
    );

    const portOf = (v: number, slot: number) => instances[socketOn(v, slot)]?.port ?? 0;
    sockets = await connectTablets(portOf, venues, cookies, o.socketsPerVenue, (v, slot, n, at) => {
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
        (socketOn(v, slot) === orderOn(n) ? same : cross).push(elapsed);
        if (now === allBits) toLast[n] = elapsed;
      }
    });

    const send = (n: number): void => {
      const init = order(n, String(n));
      sentAt[n] = performance.now();
      outstanding += 1;
      fetch(`${baseOf(orderOn(n))}${calls.userOrder.path}`, init)
        .then(async (res) => {
          const text = await res.text();
          if (!res.ok) {
            failed += 1;
            firstFailure ??= `${res.status} ${text.slice(0, 200)}`;
          } else {
            answeredAt[n] = performance.now();
            if (n >= warmupOrders) acceptedInWindow += 1;
          }
        })
        .catch((err: unknown) => {
          failed += 1;
          firstFailure ??= String(err);
        })
        .finally(() => {
          outstanding -= 1;
        });
    };

    // Open loop: order n leaves at start + n / rate, whatever the answers to the earlier ones.
    const interval = 1000 / o.ordersPerSecond;
    const cpuAtStart: Array<Promise<number>> = [];
    let clientCpuStart = process.cpuUsage();
    let machineStart = machineTimes();
    let postgresStart = 0;
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
            machineStart = machineTimes();
            postgresStart = postgresCpuMs();
            for (const { child } of instances) cpuAtStart.push(childCpuMs(child));
          }
          send(next++);
        }
        if (next >= totalOrders) resolve();
        else setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
      };
      tick();
    });
    const windowEnd = performance.now() + interval;
    const windowMs = windowEnd - windowStart;
    const clientCpu = process.cpuUsage(clientCpuStart);
    const machineEnd = machineTimes();
    const postgresEnd = postgresCpuMs();
    const cpuAtEnd = await Promise.all(instances.map(({ child }) => childCpuMs(child)));
    const serverCpu = (await Promise.all(cpuAtStart)).map((ms, i) => (cpuAtEnd[i] ?? 0) - ms);

    const settleUntil = performance.now() + o.settleMs;
    while (outstanding > 0 && performance.now() < settleUntil) await new Promise((r) => setTimeout(r, 50));
    const drainUntil = performance.now() + o.drainMs;
    const complete = () => got.every((bits, n) => n < warmupOrders || bits === allBits);
    while (!complete() && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));

    const measured = totalOrders - warmupOrders;
    let expectedCross = 0;
    for (let n = warmupOrders; n < totalOrders; n++) {
      for (let slot = 0; slot < o.socketsPerVenue; slot++) {
        if (socketOn(n % o.venues, slot) !== orderOn(n)) expectedCross += 1;
      }
    }
    const answers: number[] = [];
    // Whichever orders they were (a saturated server is still answering the warm-up's): what the
    // servers got through while the window lasted.
    let answeredInWindow = 0;
    for (let n = 0; n < totalOrders; n++) {
      const at = answeredAt[n] ?? 0;
      if (at === 0) continue;
      if (n >= warmupOrders) answers.push(at - (sentAt[n] ?? 0));
      if (at >= windowStart && at <= windowEnd) answeredInWindow += 1;
    }
    if (failed > 0) process.stderr.write(`orderlive: ${failed} orders failed, first: ${firstFailure}\n`);
    const sorted = (xs: Iterable<number>) => Array.from(xs).sort((a, b) => a - b);
    const cpuPct = (ms: number) => (ms / windowMs) * 100;
    return {
      options: o,
      instances: k,
      ordersPerSecond: acceptedInWindow / (windowMs / 1000),
      answeredPerSecond: answeredInWindow / (windowMs / 1000),
      deliveries: sorted(deliveries),
      same: sorted(same),
      cross: sorted(cross),
      toLast: sorted(toLast.subarray(warmupOrders).filter((ms) => ms > 0)),
      answers: sorted(answers),
      missed: measured * o.socketsPerVenue - deliveries.length,
      missedCross: expectedCross - cross.length,
      duplicates,
      wrongVenue,
      failed,
      unanswered: outstanding,
      machineLoad,
      serverCpu: serverCpu.map(cpuPct),
      clientCpu: cpuPct((clientCpu.user + clientCpu.system) / 1000),
      machineCpu: cpuPct(machineEnd.busy - machineStart.busy),
      postgresCpu: cpuPct(postgresEnd - postgresStart),
    };
  } finally {
    for (const ws of sockets) ws.terminate();
  }
}

export async function benchOrderLive(options: Partial<OrderLiveOptions> = {}): Promise<void> {
  const venues = options.venues ?? DEFAULTS.venues;
  const { child, ready } = await forkBench<LiveVenuesReady>('order-live-server.ts', [String(venues)]);
  try {
    const result = await measureOrderLive([{ port: ready.port, child }], ready, options);
    reportOrderLive('orderlive', result);
  } finally {
    await stopChild(child);
  }
}
