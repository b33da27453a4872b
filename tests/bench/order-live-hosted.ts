// `npm run bench -- orderlive2`: the order-live scenario (order-live.ts: 20 venues x 10 owner
// tablets, guest customers ordering open-loop at 100 orders/s) hosted (DESIGN.md "Hosted") on
// PostgreSQL, first with ONE server instance, then with TWO: separate child processes, each with
// its own port, on one database and one SESSION_SECRET, live events between them through
// PostgreSQL LISTEN/NOTIFY (live/pg-bus.ts). With two, each venue's tablets are spread over both
// and the orders alternate between them, so half of the deliveries cross instances: those and
// the same-instance ones are reported apart (`cross_instance_*`, `same_instance_*`). The two
// instances also run at 20 orders/s first (`orderlive_pg2_light`): below what this machine can
// answer, so the cross-instance figures show the bus's own hop rather than a queue.
//
// Read the one-against-two figures for what they are: this machine has two cores, and both
// instances, PostgreSQL and the load generator (and whatever else runs here) share them, so a
// second instance brings no CPU of its own; it can only overlap one instance's waits on the
// database with the other's work. `machine_cpu_busy` and `machine_load_1m` say how crowded the
// cores were. A real deployment puts each instance on a machine of its own.

import { type HostedDatabase, withInstances } from './hosted-instances.ts';
import { measureOrderLive, type OrderLiveOptions } from './order-live.ts';
import { reportOrderLive } from './order-live-report.ts';
import { percentile, report, round } from './report.ts';

/** The load: 100 orders/s over 20 venues; primed first, late answers waited for (10 s at most). */
const FULL: Partial<OrderLiveOptions> = {
  venues: 20,
  ordersPerSecond: 100,
  settleMs: 10_000,
  primeOrders: 120,
};
/**
 * A rate this machine keeps up with on PostgreSQL (one order per venue a second): without a
 * queue in front of the order endpoint, what is left is the order's own time and the bus's hop.
 */
const LIGHT: Partial<OrderLiveOptions> = { ...FULL, ordersPerSecond: 20, durationMs: 8000 };

export async function benchOrderLiveHosted(db: HostedDatabase): Promise<void> {
  const args = [String(FULL.venues), `--guests=${(FULL.venues ?? 0) * 2}`];
  const [one] = await withInstances(db, [1], args, async (instances, ready) => {
    const result = await measureOrderLive(instances, ready, FULL, db.cpuMs);
    reportOrderLive('orderlive_pg1', result, true);
    return result;
  });
  const [two] = await withInstances(db, [2], args, async (instances, ready) => {
    reportOrderLive('orderlive_pg2_light', await measureOrderLive(instances, ready, LIGHT, db.cpuMs), true);
    // Warm already: the light run primed both instances.
    const result = await measureOrderLive(instances, ready, { ...FULL, primeOrders: 0 }, db.cpuMs);
    reportOrderLive('orderlive_pg2', result, true);
    return result;
  });
  if (!one || !two) return;
  // Side by side, measured one after the other on the same machine (see the note above).
  const bench = 'orderlive_pg';
  const fig = (metric: string, value: number, unit: string) => report({ bench, metric, value, unit });
  fig('one_instance_answered_per_second', round(one.answeredPerSecond, 1), 'orders/s');
  fig('two_instances_answered_per_second', round(two.answeredPerSecond, 1), 'orders/s');
  fig('one_instance_p99', round(percentile(one.deliveries, 99)), 'ms');
  fig('two_instances_p99', round(percentile(two.deliveries, 99)), 'ms');
  fig(
    'two_over_one_answered_throughput',
    round(two.answeredPerSecond / one.answeredPerSecond),
    'ratio (2 cores shared by both instances, PostgreSQL and the load generator)',
  );
}
