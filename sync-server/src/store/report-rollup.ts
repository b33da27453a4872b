import type { KitchenArea, ReportKind, ReportPaymentMethod } from '@comanda/shared-schema';
import { and, between, eq, max, sql, sum } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { reportDayLines, reportDayOrders } from '../db/schema.ts';
import { latestOf } from '../db/sql-dialect.ts';
import { romeHourSql } from '../lib/rome-hours.ts';

/**
 * The daily report rollup, created by a migration of each store
 * (`drizzle/0005_report_rollup.sql`, `drizzle-pg/0001_report_rollup.sql`), so present in every
 * database the server opens; its columns for queries are db/rollup-schema.ts. Scanning a busy venue's year of raw history (200,000 orders,
 * 600,000 lines) takes well over a second on a small box whatever the index; summing per-day
 * groups takes tens of milliseconds (`npm run bench -- report` measures both).
 *
 * Two tables keyed by venue and service date, kept by triggers in the very transaction that
 * writes the history (so no writer changes and no way to miss one), filled from the existing
 * history when created. The reports read only them (below); they give the figures the raw
 * history gives (reports-rollup.test.ts, against test-support/report-oracle.ts). History rows
 * are write-once: an UPDATE of them would need triggers of its own.
 *
 * - report_day_orders: per (venue, service date, kind, payment method, UTC hour of opened_at)
 *   the orders and the sums of the history's money columns. The UTC hour (not Rome's) because
 *   Rome's offset needs the time zone rules, which SQL lacks; Rome's offsets being whole hours,
 *   the Rome hour is computed from it exactly when reading.
 * - report_day_lines: per (venue, service date, dish key, category key, area) the lines not
 *   deleted by the owner, quantity and sales, with the latest name and category name seen.
 *   dish_key is the dish id, or 'name:' + name for out-of-menu lines; category_key the category
 *   id or ''.
 */

/**
 * The report's queries: three grouped scans of one venue's daily rollup (above) between two
 * service dates. Each answers a few hundred groups at most, which
 * reports/figures.ts rolls up (days into weeks and months, dish groups into categories and areas)
 * without touching a row again. The figures straight from the raw history, which the rollup must
 * equal, are the tests' oracle (test-support/report-oracle.ts).
 */

export interface HistoryGroup {
  date: string;
  kind: ReportKind;
  method: ReportPaymentMethod;
  orders: number;
  revenue: number;
  items: number;
  discounts: number;
  deliveryFees: number;
  serviceFees: number;
}

export interface HourGroup {
  hour: number;
  orders: number;
  revenue: number;
}

export interface LineGroup {
  dishId: string | null;
  name: string;
  categoryId: string | null;
  categoryName: string;
  area: KitchenArea;
  /** completed_at of the newest line of the group: whose name and category are shown. */
  last: number;
  quantity: number;
  sales: number;
}

export interface ReportRows {
  history: HistoryGroup[];
  hours: HourGroup[];
  lines: LineGroup[];
}

const total = (column: Parameters<typeof sum>[0]) => sum(column).mapWith(Number);

/**
 * One venue's groups for service dates `from` to `to` (both included). Three scans: run inside
 * one read of the port (`app.store.port.read`), so a table completed meanwhile is in all or none.
 */
export async function readReportRows(db: Db, venueId: string, from: string, to: string): Promise<ReportRows> {
  const o = reportDayOrders;
  const l = reportDayLines;
  const ordersOfRange = and(eq(o.venueId, venueId), between(o.serviceDate, from, to));
  const history = await db
    .select({
      date: o.serviceDate,
      kind: sql<ReportKind>`${o.kind}`,
      method: sql<ReportPaymentMethod>`${o.paymentMethod}`,
      orders: total(o.orders),
      revenue: total(o.revenue),
      items: total(o.items),
      discounts: total(o.discounts),
      deliveryFees: total(o.deliveryFees),
      serviceFees: total(o.serviceFees),
    })
    .from(o)
    .where(ordersOfRange)
    .groupBy(o.serviceDate, o.kind, o.paymentMethod);
  // The Rome hour depends on the clock changes inside the range, so the SQL does too; its
  // numbers are computed, never taken from a request.
  const hour = sql.raw(romeHourSql(`(${o.openedHour.name} * 3600000)`, from, to));
  const hours = await db
    .select({
      hour: sql<number>`${hour}`.mapWith(Number),
      orders: total(o.orders),
      revenue: total(o.revenue),
    })
    .from(o)
    .where(ordersOfRange)
    .groupBy(hour);
  const lines = await db
    .select({
      // The newest line's (the `last` below): a dish renamed keeps one row, under its new name.
      dishId: latestOf<string | null>(l.dishId, l.lastCompletedAt),
      name: latestOf<string>(l.name, l.lastCompletedAt),
      categoryId: latestOf<string | null>(l.categoryId, l.lastCompletedAt),
      categoryName: latestOf<string>(l.categoryName, l.lastCompletedAt),
      area: sql<KitchenArea>`${l.area}`,
      last: max(l.lastCompletedAt).mapWith(Number),
      quantity: total(l.quantity),
      sales: total(l.sales),
    })
    .from(l)
    .where(and(eq(l.venueId, venueId), between(l.serviceDate, from, to)))
    .groupBy(l.dishKey, l.categoryKey, l.area);
  return { history, hours, lines };
}
