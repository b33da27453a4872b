import type { KitchenArea, ReportKind, ReportPaymentMethod } from '@comanda/shared-schema';
import type Database from 'better-sqlite3';
import { type Db, perDb, sqliteOf } from '../db/client.ts';
import { romeHourSql } from './calendar.ts';

/** Named parameters (`@businessId`) are passed as one object. */
type Statement = Database.Statement<unknown[]>;

/**
 * The daily report rollup, created by migration `drizzle/0005_report_rollup.sql`, so present in
 * every database the server opens. Scanning a busy venue's year of raw history (200,000 orders,
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
 * The report's SQL: three grouped scans of one venue's daily rollup (above, made by
 * migration 0005) between two service dates. Each answers a few hundred groups at most, which
 * `figures.ts` rolls up (days into weeks and months, dish groups into categories and areas)
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

const HISTORY_SQL = `
  SELECT service_date AS date, kind, payment_method AS method, sum(orders) AS orders,
    sum(revenue) AS revenue, sum(items) AS items, sum(discounts) AS discounts,
    sum(delivery_fees) AS deliveryFees, sum(service_fees) AS serviceFees
  FROM report_day_orders
  WHERE business_id = @businessId AND service_date BETWEEN @from AND @to
  GROUP BY service_date, kind, payment_method`;

const LINES_SQL = `
  SELECT dish_id AS dishId, name, category_id AS categoryId, category_name AS categoryName, area,
    max(last_completed_at) AS last, sum(quantity) AS quantity, sum(sales) AS sales
  FROM report_day_lines
  WHERE business_id = @businessId AND service_date BETWEEN @from AND @to
  GROUP BY dish_key, category_key, area`;

/** The Rome hour depends on the clock changes inside the range, so the SQL does too. */
const hoursSql = (from: string, to: string) => `
  SELECT ${romeHourSql('(opened_hour * 3600000)', from, to)} AS hour, sum(orders) AS orders,
    sum(revenue) AS revenue
  FROM report_day_orders
  WHERE business_id = @businessId AND service_date BETWEEN @from AND @to
  GROUP BY hour`;

/**
 * Prepared statements of one connection (a statement belongs to the connection that prepared
 * it, and the port hands in its read connection), made on first use: an hours query per set of
 * clock changes.
 */
const statementsOf = perDb(() => new Map<string, Statement>());

function statement(db: Db, sql: string): Statement {
  const statements = statementsOf(db);
  let prepared = statements.get(sql);
  if (!prepared) {
    // A few distinct hours queries in practice (one per span of years); bounded anyway.
    if (statements.size > 50) statements.clear();
    prepared = sqliteOf(db).prepare<unknown[]>(sql);
    statements.set(sql, prepared);
  }
  return prepared;
}

/**
 * One venue's groups for service dates `from` to `to` (both included). Three scans: run inside
 * one read of the port (`app.store.port.read`), so a table completed meanwhile is in all or none.
 */
export function readReportRows(db: Db, businessId: string, from: string, to: string): ReportRows {
  const params = { businessId, from, to };
  return {
    history: statement(db, HISTORY_SQL).all(params) as HistoryGroup[],
    hours: statement(db, hoursSql(from, to)).all(params) as HourGroup[],
    lines: statement(db, LINES_SQL).all(params) as LineGroup[],
  };
}
