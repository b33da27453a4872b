// `npm run bench -- broadcast2`: 5,000 live sockets on PostgreSQL-hosted instances (DESIGN.md
// "Hosted"), first all on ONE instance, then spread over TWO: a second child process joins the
// database and half the sockets move to it (live events between the two through LISTEN/NOTIFY,
// live/pg-bus.ts). 20 venues (copies of the demo
// venue), each with 10 owner tablets and 240 phones on its tables (60 guest sessions of four
// sockets: the per-session cap, live/limits.ts). Each round every venue's owner flips 'Abilita
// ordini' (POST /api/owner/order/toggle, a mutation through the sync core) at once, on one
// instance or the other in turn; its `enableOrder`/`disableOrder` goes to the venue's every
// socket (`to: 'all'`), so a round reaches all 5,000. Each delivery is timed from just before
// its venue's POST to the moment that socket has the frame, matched by the venue version the
// POST answered; deliveries within one instance and across instances are reported apart.
//
// Every socket is held by this one process: the last of a round's 5,000 frames also waits for
// the client to read the 4,999 before it (`load_generator_cpu` says how busy that kept it). The
// machine's two cores are shared by the instances, PostgreSQL and this client, so two instances
// bring no CPU of their own here; `machine_cpu_busy` and `machine_load_1m` say how crowded it was.

import { cpus, loadavg } from 'node:os';
import { calls, SYNC_HEADERS } from '@comanda/shared-schema';
import { childCpuMs } from './bench-child.ts';
import { type Heard, type VenueShape, VenueSockets } from './broadcast-sockets.ts';
import { type HostedDatabase, withInstances } from './hosted-instances.ts';
import type { LiveInstance } from './order-live.ts';
import { ownerCookies } from './order-live-client.ts';
import { percentile, report, round } from './report.ts';

export interface BroadcastOptions {
  venues: number;
  shape: VenueShape;
  /** Unmeasured rounds first (a cold server's first requests are many times slower). */
  warmupRounds: number;
  rounds: number;
  /** A round ends when every socket has its frame, or after this. */
  roundTimeoutMs: number;
  pauseMs: number;
}

const DEFAULTS: BroadcastOptions = {
  venues: 20,
  shape: { owners: 10, guests: 60, perGuest: 4 },
  warmupRounds: 3,
  rounds: 20,
  roundTimeoutMs: 5000,
  pauseMs: 250,
};

interface BroadcastResult {
  sockets: number;
  instances: number;
  /** Sockets connected (or moved to the instance that joined) before the rounds, and how long it took. */
  connected: number;
  connectMs: number;
  deliveries: number[];
  same: number[];
  cross: number[];
  /** Per round: its first POST -> the last socket's frame. */
  toLast: number[];
  answers: number[];
  missed: number;
  late: number;
  closed: number;
  failed: number;
  machineLoad: number;
  serverCpu: number[];
  clientCpu: number;
  machineCpu: number;
  postgresCpu: number;
}

function machineBusyMs(): number {
  return cpus().reduce((ms, { times }) => ms + times.user + times.nice + times.sys + times.irq, 0);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The toggle frames heard since the round began; `wake` once every socket has had one. */
class Ear {
  heard: Heard[] = [];
  private wake: (() => void) | null = null;

  constructor(private readonly sockets: () => number) {}

  hear(h: Heard): void {
    this.heard.push(h);
    if (this.heard.length >= this.sockets()) this.wake?.();
  }

  /** Starts a round: resolves when every socket has heard a frame, or after `timeoutMs`. */
  listen(timeoutMs: number): Promise<unknown> {
    this.heard = [];
    const all = new Promise<void>((resolve) => {
      this.wake = resolve;
    });
    return Promise.race([all, sleep(timeoutMs)]);
  }
}

/**
 * One round: every venue's owner toggles at once, venue v's POST on instance (v + r) mod k; with
 * `into`, the deliveries matched to the versions the POSTs answered are added to it.
 */
async function oneRound(
  r: number,
  bases: string[],
  owners: string[],
  sockets: VenueSockets,
  ear: Ear,
  o: BroadcastOptions,
  into: BroadcastResult | null,
): Promise<void> {
  const runId = `${process.pid}-${r}`;
  const heard = ear.listen(o.roundTimeoutMs);
  const sentAt = new Float64Array(owners.length);
  const versions = new Float64Array(owners.length).fill(-1);
  const postedOn = (v: number) => (v + r) % bases.length;
  const posts = owners.map(async (cookie, v) => {
    sentAt[v] = performance.now();
    const res = await fetch(`${bases[postedOn(v)]}${calls.ownerOrderToggle.path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie,
        [SYNC_HEADERS.idempotencyKey]: `broadcast-${runId}-${v}-${Date.now()}`,
      },
      body: '{}',
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`toggle failed: ${res.status} ${text.slice(0, 200)}`);
    into?.answers.push(performance.now() - (sentAt[v] ?? 0));
    versions[v] = Number(res.headers.get(SYNC_HEADERS.version) ?? -1);
  });
  const answered = await Promise.allSettled(posts);
  await heard;
  if (!into) return;
  into.failed += answered.filter((a) => a.status === 'rejected').length;
  let matched = 0;
  let last = 0;
  const first = Math.min(...sentAt);
  for (const h of ear.heard) {
    const place = sockets.placed[h.socket];
    if (!place || h.version !== versions[place.venue]) {
      into.late += 1;
      continue;
    }
    matched += 1;
    const ms = h.at - (sentAt[place.venue] ?? 0);
    into.deliveries.push(ms);
    (place.instance === postedOn(place.venue) ? into.same : into.cross).push(ms);
    last = Math.max(last, h.at - first);
  }
  into.missed += sockets.size - matched;
  if (matched > 0) into.toLast.push(last);
}

/** Places the sockets over `instances`, then warm-up rounds and the measured ones. */
async function measureBroadcast(
  instances: LiveInstance[],
  owners: string[],
  sockets: VenueSockets,
  ear: Ear,
  o: BroadcastOptions,
  postgresCpuMs: () => number,
): Promise<BroadcastResult> {
  const bases = instances.map(({ port }) => `http://127.0.0.1:${port}`);
  const connectStart = performance.now();
  const connected = await sockets.place(instances.map(({ port }) => port));
  const result: BroadcastResult = {
    sockets: sockets.size,
    instances: instances.length,
    connected,
    connectMs: performance.now() - connectStart,
    deliveries: [],
    same: [],
    cross: [],
    toLast: [],
    answers: [],
    missed: 0,
    late: 0,
    closed: 0,
    failed: 0,
    machineLoad: 0,
    serverCpu: [],
    clientCpu: 0,
    machineCpu: 0,
    postgresCpu: 0,
  };
  for (let r = 0; r < o.warmupRounds; r++) {
    await oneRound(r, bases, owners, sockets, ear, o, null);
    await sleep(o.pauseMs);
  }
  result.machineLoad = loadavg()[0] ?? 0;
  const cpuStart = await Promise.all(instances.map(({ child }) => childCpuMs(child)));
  const clientStart = process.cpuUsage();
  const machineStart = machineBusyMs();
  const postgresStart = postgresCpuMs();
  const start = performance.now();
  for (let r = o.warmupRounds; r < o.warmupRounds + o.rounds; r++) {
    await oneRound(r, bases, owners, sockets, ear, o, result);
    await sleep(o.pauseMs);
  }
  const windowMs = performance.now() - start;
  const client = process.cpuUsage(clientStart);
  const pct = (ms: number) => (ms / windowMs) * 100;
  const cpuEnd = await Promise.all(instances.map(({ child }) => childCpuMs(child)));
  result.serverCpu = cpuEnd.map((ms, i) => pct(ms - (cpuStart[i] ?? 0)));
  result.clientCpu = pct((client.user + client.system) / 1000);
  result.machineCpu = pct(machineBusyMs() - machineStart);
  result.postgresCpu = pct(postgresCpuMs() - postgresStart);
  result.closed = sockets.closed;
  for (const xs of [result.deliveries, result.same, result.cross, result.toLast, result.answers]) {
    xs.sort((a, b) => a - b);
  }
  return result;
}

function reportBroadcast(bench: string, r: BroadcastResult, o: BroadcastOptions): void {
  const fig = (metric: string, value: number, unit: string) => report({ bench, metric, value, unit });
  fig('instances', r.instances, 'processes');
  fig('sockets', r.sockets, 'sockets');
  fig(
    'sockets_connected_before_rounds',
    r.connected,
    'sockets (all at first; the moved half once a second instance joins)',
  );
  fig('connect_time', round(r.connectMs / 1000, 1), 's');
  fig('events_per_round', o.venues, 'events (one per venue, to its every socket)');
  fig('rounds', o.rounds, 'rounds');
  fig('delivery_p50', round(percentile(r.deliveries, 50)), 'ms');
  fig('delivery_p99', round(percentile(r.deliveries, 99)), 'ms');
  fig('delivery_max', round(r.deliveries.at(-1) ?? Number.NaN), 'ms');
  fig('same_instance_p50', round(percentile(r.same, 50)), 'ms');
  fig('same_instance_p99', round(percentile(r.same, 99)), 'ms');
  if (r.instances > 1) {
    fig('cross_instance_p50', round(percentile(r.cross, 50)), 'ms');
    fig('cross_instance_p99', round(percentile(r.cross, 99)), 'ms');
  }
  fig('round_to_last_socket_p50', round(percentile(r.toLast, 50)), 'ms');
  fig('round_to_last_socket_p99', round(percentile(r.toLast, 99)), 'ms');
  // The owner's toggle answered: the mutation's own part of a delivery's time.
  fig('toggle_answer_p50', round(percentile(r.answers, 50)), 'ms');
  fig('toggle_answer_p99', round(percentile(r.answers, 99)), 'ms');
  fig('missed_frames', r.missed, 'frames');
  fig('late_frames', r.late, 'frames (after their round timed out)');
  fig('sockets_dropped', r.closed, 'sockets');
  fig('failed_toggles', r.failed, 'requests');
  fig('machine_load_1m', round(r.machineLoad), 'runnable');
  fig(
    'server_cpu',
    round(
      r.serverCpu.reduce((a, b) => a + b, 0),
      0,
    ),
    '% of a core',
  );
  fig('load_generator_cpu', round(r.clientCpu, 0), '% of a core');
  fig('postgres_cpu', round(r.postgresCpu, 0), '% of a core');
  fig('machine_cpu_busy', round(r.machineCpu, 0), '% of a core');
  fig('machine_cores', cpus().length, 'cores, shared by the instances, PostgreSQL and the load generator');
}

export async function benchBroadcastHosted(db: HostedDatabase, options: Partial<BroadcastOptions> = {}) {
  const o = { ...DEFAULTS, ...options };
  const args = [String(o.venues), `--guests=${o.venues * o.shape.guests}`];
  const held: { sockets?: VenueSockets; owners: string[] } = { owners: [] };
  const ear = new Ear(() => held.sockets?.size ?? 0);
  try {
    // One instance, then a second one joins the same database and half the sockets move to it,
    // as a proxy would rebalance: the venues, sessions and the other half are made once.
    const [one, two] = await withInstances(db, [1, 2], args, async (instances, ready) => {
      if (!held.sockets) {
        if (ready.venues.length !== o.venues) throw new Error(`the child made ${ready.venues.length} venues`);
        held.owners = await ownerCookies(`http://127.0.0.1:${ready.port}`, ready.venues, ready.password);
        held.sockets = new VenueSockets(ready.venues, held.owners, ready.guests, o.shape, (h) => ear.hear(h));
      }
      const result = await measureBroadcast(instances, held.owners, held.sockets, ear, o, db.cpuMs);
      reportBroadcast(`broadcast_pg${instances.length}`, result, o);
      return result;
    });
    if (!one || !two) return;
    // Side by side, measured one after the other on the same machine (see the note above).
    const fig = (metric: string, value: number) =>
      report({ bench: 'broadcast_pg', metric, value, unit: 'ms' });
    fig('one_instance_delivery_p99', round(percentile(one.deliveries, 99)));
    fig('two_instances_delivery_p99', round(percentile(two.deliveries, 99)));
  } finally {
    held.sockets?.terminate();
  }
}
