import { readFileSync } from 'node:fs';
import type { ReportAnswer } from '@comanda/shared-schema';
import { type Db, sqliteOf } from '../src/db/client.ts';
import { romeHourSql } from '../src/lib/rome-hours.ts';
import { reportFigures } from '../src/reports/figures.ts';
import type { HistoryGroup, HourGroup, LineGroup, ReportRows } from '../src/store/report-rollup.ts';

/**
 * The report figures computed straight from the history (`order_history`,
 * `order_history_lines`), to check the daily rollup the server reads (src/reports/queries.ts)
 * against: the same groups as src/reports/queries.ts, summed over every completed order instead
 * of per-day sums. Used by reports-rollup.test.ts and the report bench (what the rollup saves).
 *
 * Indexes used: `order_history_business_date` (business_id, service_date) for the orders; for
 * the lines, `order_history_lines_business_completed` (business_id, completed_at) through a
 * completed_at window that contains every line of the range (see `linesWindow`), the exact
 * service_date test applied on top.
 */

const HISTORY_SQL = `
  SELECT service_date AS date, kind, payment_method AS method, count(*) AS orders,
    sum(totale_pagato) AS revenue, sum(totale_ordine) AS items, sum(sconto) AS discounts,
    sum(costo_consegna) AS deliveryFees, sum(service_fee) AS serviceFees
  FROM order_history
  WHERE business_id = @venueId AND service_date BETWEEN @from AND @to
  GROUP BY service_date, kind, payment_method`;

// Bare columns (name, category_name) come from the row holding max(completed_at): SQLite's rule
// for a query with exactly one min/max aggregate. So a renamed dish shows its latest name.
const LINES_SQL = `
  SELECT dish_id AS dishId, name, category_id AS categoryId, category_name AS categoryName, area,
    max(completed_at) AS last, sum(amount) AS quantity, sum(total) AS sales
  FROM order_history_lines
  WHERE business_id = @venueId AND completed_at >= @windowStart AND completed_at < @windowEnd
    AND service_date BETWEEN @from AND @to AND status <> 'owner_deleted'
  GROUP BY dish_id, CASE WHEN dish_id IS NULL THEN name END, category_id, area`;

const hoursSql = (from: string, to: string) => `
  SELECT ${romeHourSql('opened_at', from, to)} AS hour, count(*) AS orders, sum(totale_pagato) AS revenue
  FROM order_history
  WHERE business_id = @venueId AND service_date BETWEEN @from AND @to
  GROUP BY hour`;

/**
 * The completed_at window holding every line whose service date is in [from, to]: a service
 * date is the Rome date of completion or the day before (a night past midnight), so from Rome
 * midnight of `from` (UTC midnight minus the largest offset, 2 h) to Rome midnight two days after
 * `to` (UTC midnight minus the smallest, 1 h). Wide by an hour at each end; the exact test is on
 * service_date.
 */
function linesWindow(from: string, to: string): { windowStart: number; windowEnd: number } {
  const utcMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`);
  return {
    windowStart: utcMidnight(from) - 2 * 3_600_000,
    windowEnd: utcMidnight(to) + 2 * 86_400_000 - 3_600_000,
  };
}

/**
 * One venue's groups for service dates `from` to `to` (both included), from the raw history.
 * Run it inside `app.store.port.read` for one snapshot of the three scans.
 */
export function reportRowsFromHistory(db: Db, venueId: string, from: string, to: string): ReportRows {
  const sqlite = sqliteOf(db);
  const params = { venueId, from, to };
  return {
    history: sqlite.prepare(HISTORY_SQL).all(params) as HistoryGroup[],
    hours: sqlite.prepare(hoursSql(from, to)).all(params) as HourGroup[],
    lines: sqlite.prepare(LINES_SQL).all({ ...params, ...linesWindow(from, to) }) as LineGroup[],
  };
}

/** The report answer from the raw history: what the server must answer from its rollup. */
export function reportFromHistory(
  db: Db,
  venueId: string,
  range: { from: string; to: string },
  today: string,
): ReportAnswer {
  const rows = reportRowsFromHistory(db, venueId, range.from, range.to);
  return reportFigures(rows, range.from, range.to, today);
}

/**
 * The rollup's SQL exactly as migration 0005 runs it (one source: the migration file), for the
 * tests and the bench that drop the rollup and make it again. Read when asked, not at start-up.
 */
export function reportRollupSql(): string {
  const migration = new URL('../drizzle/0005_report_rollup.sql', import.meta.url);
  return readFileSync(migration, 'utf8').replaceAll('--> statement-breakpoint', '');
}

/** Removes the rollup (the test of its backfill and the bench, which measures the raw history). */
export const DROP_ROLLUP_SQL = `
DROP TRIGGER IF EXISTS report_day_orders_insert;
DROP TRIGGER IF EXISTS report_day_orders_delete;
DROP TRIGGER IF EXISTS report_day_lines_insert;
DROP TRIGGER IF EXISTS report_day_lines_delete;
DROP TABLE IF EXISTS report_day_orders;
DROP TABLE IF EXISTS report_day_lines;
`;
