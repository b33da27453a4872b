// The figures of an order-live measure (order-live.ts), as JSON lines. The SQLite bench prints
// the same lines it always has; a hosted run (several instances, or PostgreSQL) adds the split
// between deliveries within one instance and across instances, the order answers' own latency
// and how busy the whole machine was.

import { cpus } from 'node:os';
import type { OrderLiveResult } from './order-live.ts';
import { percentile, report, round } from './report.ts';

/** The goal: an order reaches its owner's tablets within 50 ms at the 99th percentile. */
export const ORDER_TO_SOCKET_BUDGET_MS = 50;

export function reportOrderLive(bench: string, r: OrderLiveResult, hosted = false): void {
  const o = r.options;
  const fig = (metric: string, value: number, unit: string) => report({ bench, metric, value, unit });
  const clean = r.missed === 0 && r.failed === 0 && r.duplicates === 0 && r.wrongVenue === 0;
  const p99 = percentile(r.deliveries, 99);
  fig('venues', o.venues, 'venues');
  fig('owner_sockets', o.venues * o.socketsPerVenue, 'sockets');
  if (hosted) {
    fig('instances', r.instances, 'processes');
    fig('orders_offered_per_second', o.ordersPerSecond, 'orders/s');
  }
  fig('orders_per_second', round(r.ordersPerSecond, 1), 'orders/s');
  if (hosted) fig('orders_answered_per_second', round(r.answeredPerSecond, 1), 'orders/s');
  fig('order_to_socket_p50', round(percentile(r.deliveries, 50)), 'ms');
  report({
    bench,
    metric: 'order_to_socket_p99',
    value: round(p99),
    unit: 'ms',
    budget: ORDER_TO_SOCKET_BUDGET_MS,
    ok: p99 < ORDER_TO_SOCKET_BUDGET_MS && clean,
  });
  fig('order_to_socket_max', round(r.deliveries.at(-1) ?? Number.NaN), 'ms');
  fig('order_to_last_socket_p99', round(percentile(r.toLast, 99)), 'ms');
  if (hosted) {
    fig('same_instance_p50', round(percentile(r.same, 50)), 'ms');
    fig('same_instance_p99', round(percentile(r.same, 99)), 'ms');
    fig('same_instance_max', round(r.same.at(-1) ?? Number.NaN), 'ms');
    if (r.instances > 1) {
      const crossP99 = percentile(r.cross, 99);
      fig('cross_instance_p50', round(percentile(r.cross, 50)), 'ms');
      report({
        bench,
        metric: 'cross_instance_p99',
        value: round(crossP99),
        unit: 'ms',
        budget: ORDER_TO_SOCKET_BUDGET_MS,
        ok: crossP99 < ORDER_TO_SOCKET_BUDGET_MS && clean,
      });
      fig('cross_instance_max', round(r.cross.at(-1) ?? Number.NaN), 'ms');
      fig('cross_instance_missed', r.missedCross, 'frames');
    }
    // The POST's own answer: the part of a delivery's time the order endpoint takes.
    fig('order_answer_p50', round(percentile(r.answers, 50)), 'ms');
    fig('order_answer_p99', round(percentile(r.answers, 99)), 'ms');
  }
  fig('missed_deliveries', r.missed, 'frames');
  fig('duplicate_or_foreign_deliveries', r.duplicates + r.wrongVenue, 'frames');
  fig('failed_orders', r.failed, 'requests');
  if (hosted) fig('unanswered_orders', r.unanswered, 'requests');
  // The other processes on the machine weigh on the tail: the 1-minute load average says how much.
  fig('machine_load_1m', round(r.machineLoad), 'runnable');
  fig(
    'server_cpu',
    round(
      r.serverCpu.reduce((a, b) => a + b, 0),
      0,
    ),
    '% of a core',
  );
  if (hosted && r.instances > 1) {
    for (const [i, cpu] of r.serverCpu.entries())
      fig(`server_cpu_instance_${i + 1}`, round(cpu, 0), '% of a core');
  }
  fig('load_generator_cpu', round(r.clientCpu, 0), '% of a core');
  if (hosted) {
    // What the cores did altogether: the instances, the load generator, PostgreSQL and whatever
    // else runs on the machine (other people's tests) share them.
    fig('postgres_cpu', round(r.postgresCpu, 0), '% of a core');
    fig('machine_cpu_busy', round(r.machineCpu, 0), '% of a core');
    fig('machine_cores', cpus().length, 'cores, shared by the instances, PostgreSQL and the load generator');
  }
}
