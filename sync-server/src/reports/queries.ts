import type { KitchenArea, ReportKind, ReportPaymentMethod } from '@comanda/shared-schema';
import type Database from 'better-sqlite3';
import type { Sqlite } from '../db/client.ts';
import { romeHourSql } from './calendar.ts';
import { ROLLUP_PRESENT_SQL } from './rollup.ts';

/** Named parameters (`@businessId`) are passed as one object; the presence check takes none. */
type Statement = Database.Statement<unknown[]>;

/**
 * The report's SQL: three grouped scans of one venue's history between two service dates. Each
 * answers a few hundred groups at most, which `figures.ts` rolls up (days into weeks and months,
 * dish groups into categories and areas) without touching a row again.
 *
 * Raw history, indexes used: `order_history_business_date` (business_id, service_date) for the
 * orders; for the lines, `order_history_lines_business_completed` (business_id, completed_at)
 * through a completed_at window that contains every line of the range (see `linesWindow`), the
 * exact service_date test applied on top. The proposed daily rollup (rollup.ts) is read instead
 * when a migration has created it.
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

/** The three queries over the raw history, or over the daily rollup when it exists. */
interface ReportSql {
  history: string;
  lines: string;
  hours: (from: string, to: string) => string;
}

const RAW: ReportSql = {
  history: `
    SELECT service_date AS date, kind, payment_method AS method, count(*) AS orders,
      sum(totale_pagato) AS revenue, sum(totale_ordine) AS items, sum(sconto) AS discounts,
      sum(costo_consegna) AS deliveryFees, sum(service_fee) AS serviceFees
    FROM order_history
    WHERE business_id = @businessId AND service_date BETWEEN @from AND @to
    GROUP BY service_date, kind, payment_method`,
  // Bare columns (name, category_name) come from the row holding max(completed_at): SQLite's
  // rule for a query with exactly one min/max aggregate. So a renamed dish shows its latest name.
  lines: `
    SELECT dish_id AS dishId, name, category_id AS categoryId, category_name AS categoryName, area,
      max(completed_at) AS last, sum(amount) AS quantity, sum(total) AS sales
    FROM order_history_lines
    WHERE business_id = @businessId AND completed_at >= @windowStart AND completed_at < @windowEnd
      AND service_date BETWEEN @from AND @to AND status <> 'owner_deleted'
    GROUP BY dish_id, CASE WHEN dish_id IS NULL THEN name END, category_id, area`,
  hours: (from, to) => `
    SELECT ${romeHourSql('opened_at', from, to)} AS hour, count(*) AS orders, sum(totale_pagato) AS revenue
    FROM order_history
    WHERE business_id = @businessId AND service_date BETWEEN @from AND @to
    GROUP BY hour`,
};

/** The same groups from the proposed daily rollup (rollup.ts): a few rows per venue and day. */
const ROLLUP: ReportSql = {
  history: `
    SELECT service_date AS date, kind, payment_method AS method, sum(orders) AS orders,
      sum(revenue) AS revenue, sum(items) AS items, sum(discounts) AS discounts,
      sum(delivery_fees) AS deliveryFees, sum(service_fees) AS serviceFees
    FROM report_day_orders
    WHERE business_id = @businessId AND service_date BETWEEN @from AND @to
    GROUP BY service_date, kind, payment_method`,
  lines: `
    SELECT dish_id AS dishId, name, category_id AS categoryId, category_name AS categoryName, area,
      max(last_completed_at) AS last, sum(quantity) AS quantity, sum(sales) AS sales
    FROM report_day_lines
    WHERE business_id = @businessId AND service_date BETWEEN @from AND @to
    GROUP BY dish_key, category_key, area`,
  hours: (from, to) => `
    SELECT ${romeHourSql('(opened_hour * 3600000)', from, to)} AS hour, sum(orders) AS orders,
      sum(revenue) AS revenue
    FROM report_day_orders
    WHERE business_id = @businessId AND service_date BETWEEN @from AND @to
    GROUP BY hour`,
};

/**
 * The completed_at window holding every line whose service date is in [from, to]: a service
 * date is the Rome date of completion or the day before (a night past midnight), so from Rome
 * midnight of `from` (UTC midnight minus the largest offset, 2 h) to Rome midnight two days after
 * `to` (UTC midnight minus the smallest, 1 h). Wide by an hour at each end; the exact test is on
 * service_date.
 */
export function linesWindow(from: string, to: string): { windowStart: number; windowEnd: number } {
  const utcMidnight = (date: string) => Date.parse(`${date}T00:00:00Z`);
  return {
    windowStart: utcMidnight(from) - 2 * 3_600_000,
    windowEnd: utcMidnight(to) + 2 * 86_400_000 - 3_600_000,
  };
}

/**
 * Prepared statements of one database, made on first use (an hours query per set of DST
 * changes). Reads the rollup when its tables exist: checked on every read (a microsecond), so a
 * database that gains them is used at once.
 */
export class ReportQueries {
  private readonly statements = new Map<string, Statement>();

  /** `raw`: never the rollup (tests compare the two). */
  constructor(
    private readonly sqlite: Sqlite,
    private readonly source: 'auto' | 'raw' = 'auto',
  ) {}

  private statement(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (!statement) {
      // A few distinct hours queries in practice (one per span of years); bounded anyway.
      if (this.statements.size > 50) this.statements.clear();
      statement = this.sqlite.prepare<unknown[]>(sql);
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** Whether the reads go to the daily rollup (rollup.ts) rather than the raw history. */
  usesRollup(): boolean {
    if (this.source === 'raw') return false;
    return (this.statement(ROLLUP_PRESENT_SQL).get() as { n: number }).n === 2;
  }

  /** One venue's groups for service dates `from` to `to` (both included), in one read transaction. */
  read(businessId: string, from: string, to: string): ReportRows {
    const params = { businessId, from, to };
    // One snapshot for the three scans: a table completed meanwhile is in all or in none.
    return this.sqlite.transaction(() => {
      const sql = this.usesRollup() ? ROLLUP : RAW;
      const lineParams = sql === RAW ? { ...params, ...linesWindow(from, to) } : params;
      return {
        history: this.statement(sql.history).all(params) as HistoryGroup[],
        hours: this.statement(sql.hours(from, to)).all(params) as HourGroup[],
        lines: this.statement(sql.lines).all(lineParams) as LineGroup[],
      };
    })();
  }
}
