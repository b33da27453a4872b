import { addDays, romeTime } from '@comanda/shared-schema';

/*
 * Rome's UTC offset changes, and the Rome hour of an epoch-ms column in SQL: the busiest hours
 * of the report (spec 2.8), read from the rollup by the store (store/report-rollup.ts).
 */

const HOUR_MS = 3_600_000;
const transitionsByYear = new Map<number, number[]>();

/** First instant at which Rome's offset differs from the one at `lo` (lo < hi, one change between). */
function changeBetween(lo: number, hi: number): number {
  const before = romeTime(lo).offsetMinutes;
  let a = lo;
  let b = hi;
  while (b - a > 1000) {
    const mid = Math.floor((a + b) / 2 / 1000) * 1000;
    if (romeTime(mid).offsetMinutes === before) a = mid;
    else b = mid;
  }
  return b;
}

/**
 * The instants of a year at which Rome's clock changes (summer time on and off), found through
 * Intl rather than a hard-coded EU rule, so a rule change in the time zone data is followed.
 */
export function romeOffsetChanges(year: number): number[] {
  const cached = transitionsByYear.get(year);
  if (cached) return cached;
  const changes: number[] = [];
  for (let month = 0; month < 12; month++) {
    const start = Date.UTC(year, month, 1);
    const end = Date.UTC(year, month + 1, 1);
    if (romeTime(start).offsetMinutes !== romeTime(end).offsetMinutes) {
      changes.push(changeBetween(start, end));
    }
  }
  transitionsByYear.set(year, changes);
  return changes;
}

/**
 * A SQL expression of the Rome hour of day (0-23) of the epoch-ms column `column`, exact across
 * summer time: a CASE over the offset changes of the years around the range (Rome's offsets are
 * whole hours, so the hour is (instant + offset) / 1 h modulo 24). The numbers are computed here,
 * never taken from a request, so they are written into the SQL as literals.
 */
export function romeHourSql(column: string, from: string, to: string): string {
  const firstYear = Number(from.slice(0, 4)) - 1;
  const lastYear = Number(addDays(to, 2).slice(0, 4));
  const changes: number[] = [];
  for (let y = firstYear; y <= lastYear; y++) changes.push(...romeOffsetChanges(y));
  const startOffset = romeTime(Date.UTC(firstYear, 0, 1)).offsetMinutes * 60_000;
  const branches = changes.map(
    (instant) => `WHEN ${column} < ${instant} THEN ${romeTime(instant - 1).offsetMinutes * 60_000}`,
  );
  const last = changes.at(-1);
  const finalOffset = last === undefined ? startOffset : romeTime(last).offsetMinutes * 60_000;
  const offset =
    branches.length === 0 ? String(startOffset) : `CASE ${branches.join(' ')} ELSE ${finalOffset} END`;
  return `((${column} + ${offset}) / ${HOUR_MS}) % 24`;
}
