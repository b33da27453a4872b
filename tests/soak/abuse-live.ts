// `npm run soak -- abuse` (the live hub's part): the attack on the live hub found in the field,
// run against one venue while a second venue's evening is measured. The real app runs in a child
// process (tests/bench/order-live-server.ts, production settings) with two venues: B (the demo
// venue) takes table orders over HTTP, open loop, 5 a second, each timed from its POST to `order`
// on B's owner socket, while /api/health is asked every 100 ms. First a quiet baseline, then the
// flood at A: one guest session opening 100 sockets at one table, and 25 more guest sessions with
// 4 sockets each, every socket sending `joinChat` 10 times a second and reconnecting whenever the
// hub closes it; and at the same time the HTTP floods (abuse-http.ts): a password spray on both
// login paths, an order flood at A's tables, pickups booking A's slots, 600 idle connections and
// 20 slow request heads. The attackers run in a process of their own (abuse-attacker.ts) from
// 127.0.0.2, another machine on the network, and the server keeps production's per-address caps.
// Figures (JSON lines): B's order -> owner socket p50/p99, health p50/p99 and B's owner login
// time for each phase, the server's CPU use, orders lost or refused, the attackers' sockets
// opened and refused, the frames they sent and received (the server's frames out per frame in),
// the closes for too many frames, and each HTTP flood's answers by status.
//
//   node --import tsx -e "import('./tests/soak/abuse-live.ts').then((m) => m.soak(console.log))"
//
// Environment: SOAK_ABUSE_PHASE_S (seconds per phase, default 12).

import { type ChildProcess, fork } from 'node:child_process';
import { calls, SYNC_HEADERS } from '@comanda/shared-schema';
import WebSocket from 'ws';
import type { LiveVenue, LiveVenuesReady } from '../bench/order-live-protocol.ts';
import { percentile, round } from '../bench/report.ts';
import { postJson, sessionCookie, threeLineCart } from '../support/guest-orders.ts';
import { repoRoot } from '../support/server.ts';
import type { AttackPlan, FloodCounts } from './abuse-attacker.ts';

type Emit = (line: Record<string, unknown>) => void;

const ORDERS_PER_SECOND = 5;
const HEALTH_EVERY_MS = 100;
const FLOOD_FRAMES_PER_SECOND = 10;
/** The attackers' machine: another loopback address, so per-address limits tell them apart. */
const ATTACKER_ADDRESS = '127.0.0.2';
const OWNER_LOGIN_EVERY_MS = 2000;

/** `COMANDA_BENCH_CPU_PROF=<dir>` profiles the server child (node --cpu-prof). */
function startChild(): Promise<{ child: ChildProcess; ready: LiveVenuesReady }> {
  const profDir = process.env.COMANDA_BENCH_CPU_PROF;
  const child = fork(`${repoRoot}/tests/bench/order-live-server.ts`, ['2', 'caps'], {
    execArgv: ['--import', 'tsx', ...(profDir ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [])],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`abuse soak child exited: ${code}`)));
    child.once('message', (m: LiveVenuesReady) => resolve({ child, ready: m }));
  });
}

/**
 * The attackers in a process of their own (abuse-attacker.ts), started and loaded before anything
 * is measured; `attack` resolves with their counts.
 */
async function attackerProcess(): Promise<{
  attack: (plan: AttackPlan) => Promise<FloodCounts>;
  stop: () => void;
}> {
  const child = fork(`${repoRoot}/tests/soak/abuse-attacker.ts`, [], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`abuse attacker exited: ${code}`))),
  );
  exited.catch(() => {});
  await Promise.race([new Promise((resolve) => child.once('message', resolve)), exited]);
  return {
    attack: (plan) => {
      const done = new Promise<FloodCounts>((resolve) =>
        child.once('message', (m: { type: 'done'; counts: FloodCounts }) => resolve(m.counts)),
      );
      child.send(plan);
      return Promise.race([done, exited]);
    },
    stop: () => {
      if (child.exitCode === null) child.kill();
    },
  };
}

/** The server's CPU time so far (user + system), ms. */
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

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.send({ type: 'stop' });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Percentiles of one phase, in ms. */
function figures(emit: Emit, phase: string, name: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  emit({ soak: 'abuse', phase, figure: `${name}_p50_ms`, value: round(percentile(sorted, 50), 1) });
  emit({ soak: 'abuse', phase, figure: `${name}_p99_ms`, value: round(percentile(sorted, 99), 1) });
}

export async function soak(emit: Emit): Promise<void> {
  const phaseMs = Number(process.env.SOAK_ABUSE_PHASE_S ?? 12) * 1000;
  const { child, ready } = await startChild();
  const base = `http://127.0.0.1:${ready.port}`;
  const [b, a] = ready.venues as [LiveVenue, LiveVenue];
  const sockets: WebSocket[] = [];
  const attackers = await attackerProcess();
  try {
    // B's owner tablet on /live; orders are matched by the note of their first line.
    const ownerLogin = () =>
      postJson(`${base}${calls.ownerLogin.path}`, { email: b.email, password: ready.password });
    const login = await ownerLogin();
    if (!login.ok) throw new Error(`owner login: ${login.status} ${await login.text()}`);
    const ownerCookie = sessionCookie(login);
    const arrived = new Map<number, number>();
    const tablet = new WebSocket(`ws://127.0.0.1:${ready.port}/live?ownerId=${b.businessId}`, {
      headers: { cookie: ownerCookie },
      perMessageDeflate: false,
    });
    sockets.push(tablet);
    tablet.on('message', (raw: Buffer) => {
      const at = performance.now();
      const match = /"note":"ab(\d+)"/.exec(raw.toString());
      if (match) arrived.set(Number(match[1]), at);
    });
    await new Promise((resolve, reject) => {
      tablet.once('message', resolve);
      tablet.once('error', reject);
    });
    // The first guests order at B; the others attack A.
    const guests = ready.guests;
    const cart = (await threeLineCart(base, b.businessId, guests[0] ?? '')) as Array<Record<string, unknown>>;
    let orderNo = 0;
    const sentAt = new Map<number, number>();
    let refusedOrders = 0;
    let firstRefusal: string | null = null;

    /** B's evening for `ms`: orders open loop, health asked in a loop. */
    const evening = async (phase: string, ms: number) => {
      const cpuBefore = await serverCpuMs(child);
      const start = performance.now();
      const end = start + ms;
      const first = orderNo;
      const health: number[] = [];
      let healthErrors = 0;
      const orders: Array<Promise<void>> = [];
      // B's owner signing in again on another tablet, while A is sprayed with passwords.
      const logins: number[] = [];
      let loginErrors = 0;
      const loginLoop = (async () => {
        while (performance.now() < end) {
          const t0 = performance.now();
          const res = await ownerLogin().catch(() => null);
          if (res?.ok) {
            await res.text();
            logins.push(performance.now() - t0);
          } else loginErrors++;
          await sleep(Math.max(0, OWNER_LOGIN_EVERY_MS - (performance.now() - t0)));
        }
      })();
      const healthLoop = (async () => {
        while (performance.now() < end) {
          const t0 = performance.now();
          const res = await fetch(`${base}/api/health`).catch(() => null);
          if (res?.ok) {
            await res.text();
            health.push(performance.now() - t0);
          } else healthErrors++;
          await sleep(Math.max(0, HEALTH_EVERY_MS - (performance.now() - t0)));
        }
      })();
      for (let k = 0; performance.now() < end; k++) {
        await sleep(Math.max(0, start + (k * 1000) / ORDERS_PER_SECOND - performance.now()));
        const n = orderNo++;
        const [line, ...rest] = cart;
        const body = {
          cart: [{ ...line, note: `ab${n}` }, ...rest],
          tableId: b.tableIds[n % b.tableIds.length],
          ownerId: b.businessId,
        };
        sentAt.set(n, performance.now());
        orders.push(
          postJson(`${base}${calls.userOrder.path}`, body, {
            cookie: guests[1 + (n % 99)] ?? '',
            [SYNC_HEADERS.idempotencyKey]: `abuse-${n}-${Date.now()}`,
          }).then(async (res) => {
            const text = await res.text();
            if (!res.ok) {
              refusedOrders++;
              firstRefusal ??= `${res.status} ${text.slice(0, 200)}`;
            }
          }),
        );
      }
      await Promise.all([healthLoop, loginLoop, ...orders]);
      const cpu = (await serverCpuMs(child)) - cpuBefore;
      emit({
        soak: 'abuse',
        phase,
        figure: 'server_cpu_percent',
        value: round((100 * cpu) / (performance.now() - start), 1),
      });
      // Late frames: a few seconds for the last orders' events.
      const deadline = performance.now() + 5000;
      while (performance.now() < deadline && [...sentAt.keys()].some((n) => n >= first && !arrived.has(n)))
        await sleep(50);
      const latencies: number[] = [];
      // Past the flood's first 2 s (its burst of connections and upgrades): the steady attack.
      const steady: number[] = [];
      let missing = 0;
      let worst = { ms: 0, atS: 0 };
      for (let n = first; n < orderNo; n++) {
        const at = arrived.get(n);
        const sent = sentAt.get(n) ?? 0;
        if (at === undefined) missing++;
        else {
          latencies.push(at - sent);
          if (sent - start >= 2000) steady.push(at - sent);
        }
        if (at !== undefined && at - sent > worst.ms) worst = { ms: at - sent, atS: (sent - start) / 1000 };
      }
      emit({ soak: 'abuse', phase, figure: 'orders', value: orderNo - first });
      figures(emit, phase, 'order_to_owner_socket', latencies);
      figures(emit, phase, 'order_to_owner_socket_after_2s', steady);
      // The slowest one, and how far into the phase it was sent (the flood's first second is its
      // burst of upgrades).
      emit({
        soak: 'abuse',
        phase,
        figure: 'order_to_owner_socket_max_ms',
        value: round(worst.ms, 1),
        sent_at_s: round(worst.atS, 1),
      });
      emit({ soak: 'abuse', phase, figure: 'orders_without_event', value: missing });
      figures(emit, phase, 'health', health);
      emit({ soak: 'abuse', phase, figure: 'health_errors', value: healthErrors });
      figures(emit, phase, 'owner_login', logins);
      emit({ soak: 'abuse', phase, figure: 'owner_login_errors', value: loginErrors });
    };

    await evening('baseline', phaseMs);

    // The flood at A's first table, for the whole second phase.
    const floodGuests = guests.slice(100, 126);
    const cartA = await threeLineCart(base, a.businessId, guests[200] ?? '');
    const flooding = attackers.attack({
      type: 'attack',
      localAddress: ATTACKER_ADDRESS,
      http: {
        origin: base,
        localAddress: ATTACKER_ADDRESS,
        businessId: a.businessId,
        tableIds: a.tableIds,
        cookies: guests.slice(200, 220),
        cart: cartA,
        ms: phaseMs,
        idleConnections: 600,
        slowHeads: 20,
      },
      url: `ws://127.0.0.1:${ready.port}/live?ownerId=${a.businessId}&tableId=${a.tableIds[0]}`,
      frame: JSON.stringify({ event: 'joinChat', data: { ownerId: a.businessId, tableId: a.tableIds[0] } }),
      sessions: [
        // The attack as found: one guest session, 100 sockets.
        { cookie: floodGuests[0] ?? '', sockets: 100 },
        // The same with 25 more guest sessions, within the cap of each.
        ...floodGuests.slice(1).map((cookie) => ({ cookie, sockets: 4 })),
      ],
      framesPerSecond: FLOOD_FRAMES_PER_SECOND,
      ms: phaseMs,
    });
    await evening('flood', phaseMs);
    const counts = await flooding;
    emit({ soak: 'abuse', phase: 'flood', figure: 'attack_sockets_opened', value: counts.opened });
    emit({ soak: 'abuse', phase: 'flood', figure: 'attack_upgrades_refused', value: counts.refused });
    emit({ soak: 'abuse', phase: 'flood', figure: 'attack_frames_sent', value: counts.sent });
    emit({
      soak: 'abuse',
      phase: 'flood',
      figure: 'attack_frames_received',
      value: counts.received,
      by_event: counts.receivedByEvent,
    });
    emit({
      soak: 'abuse',
      phase: 'flood',
      figure: 'frames_out_per_frame_in',
      value: round(counts.received / Math.max(1, counts.sent), 3),
    });
    emit({
      soak: 'abuse',
      phase: 'flood',
      figure: 'attack_closed_too_many_frames',
      value: counts.closedTooMany,
    });
    emit({ soak: 'abuse', phase: 'flood', figure: 'attack_closed_other', value: counts.closedOther });
    const { http } = counts;
    for (const [flood, statuses] of Object.entries({
      login_spray: http.loginSpray,
      order_flood: http.orderFlood,
      slot_booking: http.slotBooking,
    }))
      emit({
        soak: 'abuse',
        phase: 'flood',
        figure: `${flood}_answers`,
        value: Object.values(statuses).reduce((n, k) => n + k, 0),
        by_status: statuses,
      });
    emit({ soak: 'abuse', phase: 'flood', figure: 'idle_connections_accepted', value: http.idle.accepted });
    emit({
      soak: 'abuse',
      phase: 'flood',
      figure: 'idle_connections_refused_by_cap',
      value: http.idle.refusedAtOnce,
    });
    emit({
      soak: 'abuse',
      phase: 'flood',
      figure: 'idle_connections_closed_by_server',
      value: http.idle.closedByServer,
      after_ms_p50: http.idle.closedAfterMsP50,
    });
    emit({
      soak: 'abuse',
      phase: 'flood',
      figure: 'slow_heads_closed_by_server',
      value: http.slowHeads.closedByServer,
      after_ms_p50: http.slowHeads.closedAfterMsP50,
    });
    emit({
      soak: 'abuse',
      figure: 'orders_refused',
      value: refusedOrders,
      ...(firstRefusal ? { first: firstRefusal } : {}),
    });
  } finally {
    attackers.stop();
    for (const ws of sockets) ws.terminate();
    await stopChild(child);
  }
}
