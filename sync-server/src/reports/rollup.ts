import type { Sqlite } from '../db/client.ts';

/**
 * The daily report rollup, created by migration `drizzle/0005_report_rollup.sql` (the same SQL,
 * split into statements; a test holds the two equal). Scanning a busy venue's year of raw history (200,000 orders,
 * 600,000 lines) takes well over a second on a small box whatever the index; summing per-day
 * groups takes tens of milliseconds (`npm run bench -- report` measures both).
 *
 * Two tables keyed by venue and service date, kept by triggers in the very transaction that
 * writes the history (so no writer changes and no way to miss one), filled from the existing
 * history when created. `ReportQueries` reads them when they exist and the raw history
 * otherwise; both give the same figures (reports-rollup.test.ts). History rows are write-once:
 * an UPDATE of them would need triggers of its own.
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
export const REPORT_ROLLUP_SQL = `
CREATE TABLE report_day_orders (
  business_id TEXT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  service_date TEXT NOT NULL,
  kind TEXT NOT NULL,
  payment_method TEXT NOT NULL,
  opened_hour INTEGER NOT NULL,
  orders INTEGER NOT NULL,
  revenue INTEGER NOT NULL,
  items INTEGER NOT NULL,
  discounts INTEGER NOT NULL,
  delivery_fees INTEGER NOT NULL,
  service_fees INTEGER NOT NULL,
  PRIMARY KEY (business_id, service_date, kind, payment_method, opened_hour)
) WITHOUT ROWID;

CREATE TABLE report_day_lines (
  business_id TEXT NOT NULL REFERENCES businesses(id) ON DELETE CASCADE,
  service_date TEXT NOT NULL,
  dish_key TEXT NOT NULL,
  category_key TEXT NOT NULL,
  area TEXT NOT NULL,
  dish_id TEXT,
  name TEXT NOT NULL,
  category_id TEXT,
  category_name TEXT NOT NULL,
  last_completed_at INTEGER NOT NULL,
  lines INTEGER NOT NULL,
  quantity INTEGER NOT NULL,
  sales INTEGER NOT NULL,
  PRIMARY KEY (business_id, service_date, dish_key, category_key, area)
) WITHOUT ROWID;

CREATE TRIGGER report_day_orders_insert AFTER INSERT ON order_history BEGIN
  INSERT INTO report_day_orders VALUES (NEW.business_id, NEW.service_date, NEW.kind, NEW.payment_method,
    NEW.opened_at / 3600000, 1, NEW.totale_pagato, NEW.totale_ordine, NEW.sconto, NEW.costo_consegna,
    NEW.service_fee)
  ON CONFLICT (business_id, service_date, kind, payment_method, opened_hour) DO UPDATE SET
    orders = orders + 1, revenue = revenue + excluded.revenue, items = items + excluded.items,
    discounts = discounts + excluded.discounts, delivery_fees = delivery_fees + excluded.delivery_fees,
    service_fees = service_fees + excluded.service_fees;
END;

CREATE TRIGGER report_day_orders_delete AFTER DELETE ON order_history BEGIN
  UPDATE report_day_orders SET orders = orders - 1, revenue = revenue - OLD.totale_pagato,
    items = items - OLD.totale_ordine, discounts = discounts - OLD.sconto,
    delivery_fees = delivery_fees - OLD.costo_consegna, service_fees = service_fees - OLD.service_fee
  WHERE business_id = OLD.business_id AND service_date = OLD.service_date AND kind = OLD.kind
    AND payment_method = OLD.payment_method AND opened_hour = OLD.opened_at / 3600000;
  DELETE FROM report_day_orders WHERE business_id = OLD.business_id AND service_date = OLD.service_date
    AND kind = OLD.kind AND payment_method = OLD.payment_method AND opened_hour = OLD.opened_at / 3600000
    AND orders <= 0;
END;

CREATE TRIGGER report_day_lines_insert AFTER INSERT ON order_history_lines
WHEN NEW.status <> 'owner_deleted' BEGIN
  INSERT INTO report_day_lines VALUES (NEW.business_id, NEW.service_date,
    coalesce(NEW.dish_id, 'name:' || NEW.name), coalesce(NEW.category_id, ''), NEW.area, NEW.dish_id,
    NEW.name, NEW.category_id, NEW.category_name, NEW.completed_at, 1, NEW.amount, NEW.total)
  ON CONFLICT (business_id, service_date, dish_key, category_key, area) DO UPDATE SET
    name = CASE WHEN excluded.last_completed_at >= last_completed_at THEN excluded.name ELSE name END,
    category_name = CASE WHEN excluded.last_completed_at >= last_completed_at
      THEN excluded.category_name ELSE category_name END,
    last_completed_at = max(last_completed_at, excluded.last_completed_at),
    lines = lines + 1, quantity = quantity + excluded.quantity, sales = sales + excluded.sales;
END;

CREATE TRIGGER report_day_lines_delete AFTER DELETE ON order_history_lines
WHEN OLD.status <> 'owner_deleted' BEGIN
  UPDATE report_day_lines SET lines = lines - 1, quantity = quantity - OLD.amount, sales = sales - OLD.total
  WHERE business_id = OLD.business_id AND service_date = OLD.service_date
    AND dish_key = coalesce(OLD.dish_id, 'name:' || OLD.name) AND category_key = coalesce(OLD.category_id, '')
    AND area = OLD.area;
  DELETE FROM report_day_lines WHERE business_id = OLD.business_id AND service_date = OLD.service_date
    AND dish_key = coalesce(OLD.dish_id, 'name:' || OLD.name) AND category_key = coalesce(OLD.category_id, '')
    AND area = OLD.area AND lines <= 0;
END;

INSERT INTO report_day_orders
  SELECT business_id, service_date, kind, payment_method, opened_at / 3600000, count(*), sum(totale_pagato),
    sum(totale_ordine), sum(sconto), sum(costo_consegna), sum(service_fee)
  FROM order_history GROUP BY 1, 2, 3, 4, 5;

INSERT INTO report_day_lines
  SELECT business_id, service_date, coalesce(dish_id, 'name:' || name), coalesce(category_id, ''), area,
    dish_id, name, category_id, category_name, max(completed_at), count(*), sum(amount), sum(total)
  FROM order_history_lines WHERE status <> 'owner_deleted' GROUP BY 1, 2, 3, 4, 5;
`;

/** Counts the rollup's tables: 2 when a migration created them. */
export const ROLLUP_PRESENT_SQL =
  "SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('report_day_orders', 'report_day_lines')";

/** Whether the rollup's tables exist in this database. */
export function hasRollup(sqlite: Sqlite): boolean {
  return (sqlite.prepare(ROLLUP_PRESENT_SQL).get() as { n: number }).n === 2;
}

/** Removes the rollup (tests and the bench measure the raw history against it). */
export const DROP_ROLLUP_SQL = `
DROP TRIGGER IF EXISTS report_day_orders_insert;
DROP TRIGGER IF EXISTS report_day_orders_delete;
DROP TRIGGER IF EXISTS report_day_lines_insert;
DROP TRIGGER IF EXISTS report_day_lines_delete;
DROP TABLE IF EXISTS report_day_orders;
DROP TABLE IF EXISTS report_day_lines;
`;
