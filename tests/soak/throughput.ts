// `npm run soak -- throughput`: the real server process (the demo venue, embedded SQLite) under a
// steady evening for SOAK_MINUTES (default 10): guests in closed loops send 3-line table orders to
// every table while the owner completes half the room every 10 s, as a busy service does. It
// reports the orders per second held, each minute's rate, p50/p99 latency, errors, and the server's
// resident memory at the start, every minute and at the end: a leak shows as steady growth.

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { calls, SYNC_HEADERS, type TableOrder } from '@comanda/shared-schema';
import { percentile, round } from '../bench/report.ts';
import { BENCH_PASSWORD, OPEN_NOW, OwnerApi } from '../bench/venue.ts';
import { guestCookie, postJson, threeLineCart } from '../support/guest-orders.ts';
import { LOAD_TOOL_ENV, startServer } from '../support/server.ts';

export type Emit = (line: Record<string, unknown>) => void;

export interface ThroughputOptions {
  minutes: number;
  clients: number;
  completeEveryMs: number;
  /** Tables added to the demo venue's first room before the load starts. */
  extraTables: number;
}

/** Resident memory of a process, in MB, from /proc (Linux). */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return round(kb / 1024, 1);
}

/**
 * The owner closes a round of tables as a service does: guests at those tables stop ordering
 * (`closing`), in-flight orders land, then each open entry of those tables is completed and the
 * tables take guests again. A completion refused because a late line came in waits for the next round.
 */
async function completeTables(
  owner: OwnerApi,
  tableIds: string[],
  closing: Set<string>,
): Promise<{ completed: number; refused: number; why: string | null }> {
  for (const id of tableIds) closing.add(id);
  await new Promise((r) => setTimeout(r, 500));
  const res = await postJson(`${owner.url}${calls.dashboardGet.path}`, {}, { cookie: owner.cookie });
  if (!res.ok) throw new Error(`dashboard failed: ${res.status} ${await res.text()}`);
  const entries = ((await res.json()) as { reservations: TableOrder[] }).reservations;
  let completed = 0;
  let refused = 0;
  let why: string | null = null;
  for (const table of entries) {
    if (!table.tableId || !closing.has(table.tableId)) continue;
    try {
      await owner.mutate('dashboardTableHistory', {
        table,
        totaleOrdine: 0,
        costoConsegna: 0,
        totalePagato: 0,
      });
      completed++;
    } catch (err) {
      refused++;
      why ??= String(err instanceof Error ? err.message : err);
    }
  }
  for (const id of tableIds) closing.delete(id);
  return { completed, refused, why };
}

export async function runThroughput(emit: Emit, options: ThroughputOptions): Promise<void> {
  const server = await startServer({
    env: {
      COMANDA_DEMO: '1',
      COMANDA_DEMO_PASSWORD: BENCH_PASSWORD,
      COMANDA_FAKE_NOW: OPEN_NOW,
      ...LOAD_TOOL_ENV,
    },
  });
  try {
    const base = server.url;
    const owner = await OwnerApi.signIn(base);
    // A big room: with many tables each gathers a real party's order between two closings
    // (a handful of tables would collect thousands of lines each at this rate).
    const rows = await owner.snapshot();
    const roomId = rows.find((r) => r.entity === 'room')?.entityId;
    if (!roomId) throw new Error('the demo venue has no room');
    for (let k = 0; k < options.extraTables; k++) await owner.mutate('tablesAdd', { roomId });
    const tableIds = (await owner.snapshot()).filter((r) => r.entity === 'table').map((r) => r.entityId);
    const cookies = await Promise.all(Array.from({ length: options.clients }, () => guestCookie(base)));
    const cart = await threeLineCart(base, owner.businessId, cookies[0] ?? '');
    const orderUrl = `${base}${calls.userOrder.path}`;

    const start = performance.now();
    const end = start + options.minutes * 60_000;
    const latencies: number[] = [];
    const perMinute: number[] = [];
    let errors = 0;
    let firstError: string | null = null;
    let sent = 0;
    const closing = new Set<string>();
    const rss: number[] = [rssMb(server.pid)];
    emit({ soak: 'throughput', figure: 'rss_start_mb', value: rss[0] });

    const client = async (i: number) => {
      while (performance.now() < end) {
        const open = tableIds.filter((id) => !closing.has(id));
        const t0 = performance.now();
        const res = await postJson(
          orderUrl,
          { cart, tableId: open[(i + sent) % open.length], ownerId: owner.businessId },
          { cookie: cookies[i] ?? '', [SYNC_HEADERS.idempotencyKey]: `soak-${i}-${++sent}-${randomUUID()}` },
        );
        const text = await res.text();
        const elapsed = performance.now() - t0;
        if (!res.ok) {
          errors++;
          firstError ??= `${res.status} ${text.slice(0, 200)}`;
          continue;
        }
        latencies.push(elapsed);
        const minute = Math.floor((t0 - start) / 60_000);
        perMinute[minute] = (perMinute[minute] ?? 0) + 1;
      }
    };
    let completed = 0;
    let completionRefused = 0;
    let roundNo = 0;
    let refusal: string | null = null;
    const closer = async () => {
      while (performance.now() < end) {
        await new Promise((r) => setTimeout(r, options.completeEveryMs));
        // Half the room at a time, alternating, so guests always have tables to order at.
        const half = tableIds.filter((_, k) => k % 2 === roundNo % 2);
        roundNo++;
        const round = await completeTables(owner, half, closing);
        completed += round.completed;
        completionRefused += round.refused;
        refusal ??= round.why;
      }
    };
    const sampler = setInterval(() => rss.push(rssMb(server.pid)), 60_000);
    await Promise.all([...Array.from({ length: options.clients }, (_, i) => client(i)), closer()]);
    clearInterval(sampler);
    rss.push(rssMb(server.pid));

    const seconds = (performance.now() - start) / 1000;
    latencies.sort((a, b) => a - b);
    emit({ soak: 'throughput', figure: 'minutes', value: options.minutes });
    emit({ soak: 'throughput', figure: 'clients', value: options.clients });
    emit({ soak: 'throughput', figure: 'orders', value: latencies.length });
    emit({ soak: 'throughput', figure: 'orders_per_second', value: round(latencies.length / seconds, 1) });
    perMinute.forEach((n, minute) => {
      emit({
        soak: 'throughput',
        figure: 'orders_per_second_minute',
        minute: minute + 1,
        value: round(n / 60, 1),
      });
    });
    emit({ soak: 'throughput', figure: 'p50_ms', value: round(percentile(latencies, 50)) });
    emit({ soak: 'throughput', figure: 'p99_ms', value: round(percentile(latencies, 99)) });
    emit({
      soak: 'throughput',
      figure: 'errors',
      value: errors,
      ...(firstError ? { first: firstError } : {}),
    });
    emit({ soak: 'throughput', figure: 'tables_completed', value: completed });
    emit({
      soak: 'throughput',
      figure: 'completions_retried',
      value: completionRefused,
      ...(refusal ? { first: refusal } : {}),
    });
    rss.slice(1, -1).forEach((mb, i) => {
      emit({ soak: 'throughput', figure: 'rss_minute_mb', minute: i + 1, value: mb });
    });
    emit({ soak: 'throughput', figure: 'rss_end_mb', value: rss.at(-1) });
  } finally {
    await server.stop();
  }
}

export async function soak(emit: Emit): Promise<void> {
  await runThroughput(emit, {
    minutes: Number(process.env.SOAK_MINUTES ?? 10),
    clients: 16,
    completeEveryMs: Number(process.env.SOAK_COMPLETE_MS ?? 10_000),
    extraTables: 150,
  });
}
