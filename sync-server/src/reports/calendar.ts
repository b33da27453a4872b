import { addDays } from '@comanda/shared-schema';

/**
 * Date arithmetic of the reports: calendar dates as 'YYYY-MM-DD' strings (service dates are
 * Rome dates already, so no time zone is involved). Rome's hour of an instant, in SQL, is
 * lib/rome-hours.ts.
 */

const DAY_MS = 86_400_000;

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) dates.push(d);
  return dates;
}

/** ISO 8601 week of a date: its year (which may differ from the date's) and number, '2026-W01'. */
export function isoWeek(date: string): { key: string; year: number; week: number } {
  const day = new Date(`${date}T00:00:00Z`);
  // Monday 1 ... Sunday 7; the week belongs to the year of its Thursday.
  const weekday = day.getUTCDay() === 0 ? 7 : day.getUTCDay();
  const thursday = new Date(day.getTime() + (4 - weekday) * DAY_MS);
  const year = thursday.getUTCFullYear();
  const jan1 = Date.UTC(year, 0, 1);
  const week = Math.floor((thursday.getTime() - jan1) / DAY_MS / 7) + 1;
  return { key: `${year}-W${String(week).padStart(2, '0')}`, year, week };
}

/** 'YYYY-MM' of a date. */
export const monthOf = (date: string): string => date.slice(0, 7);
