import { readFileSync } from 'node:fs';

/**
 * The daily report rollup, created by migration `drizzle/0005_report_rollup.sql`, so present in
 * every database the server opens. Scanning a busy venue's year of raw history (200,000 orders,
 * 600,000 lines) takes well over a second on a small box whatever the index; summing per-day
 * groups takes tens of milliseconds (`npm run bench -- report` measures both).
 *
 * Two tables keyed by venue and service date, kept by triggers in the very transaction that
 * writes the history (so no writer changes and no way to miss one), filled from the existing
 * history when created. The reports read only them (queries.ts); they give the figures the raw
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
 * The rollup's SQL exactly as migration 0005 runs it (one source: the migration file), for the
 * tests and the bench that drop the rollup and make it again. Read when asked, not at start-up.
 */
export function reportRollupSql(): string {
  const migration = new URL('../../drizzle/0005_report_rollup.sql', import.meta.url);
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
