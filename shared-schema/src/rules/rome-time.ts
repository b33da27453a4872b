import { VENUE_TIME_ZONE } from '../constants.ts';
import { HHMM_PATTERN } from '../fields.ts';

/**
 * Venue time (Europe/Rome) through Intl, whatever the host's time zone: nothing here reads the
 * host's local time (no getHours, no Date parsing of local strings).
 */

/** An instant: a Date, an ISO string with offset or Z, or epoch milliseconds. */
export type InstantInput = Date | string | number;

export const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

const romeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: VENUE_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** Epoch milliseconds of an instant; throws on an invalid one. */
export function toEpochMs(instant: InstantInput): number {
  const ms =
    instant instanceof Date ? instant.getTime() : typeof instant === 'number' ? instant : Date.parse(instant);
  if (!Number.isFinite(ms)) throw new RangeError(`Invalid instant: ${String(instant)}`);
  // A string without offset would be read in the host's zone: refuse it.
  if (typeof instant === 'string' && !/(Z|[+-]\d\d:?\d\d)$/i.test(instant.trim())) {
    throw new RangeError(`Instant without offset: ${instant}`);
  }
  return ms;
}

export interface RomeTime {
  /** Rome calendar date, 'YYYY-MM-DD'. */
  date: string;
  /** Rome wall-clock time, 'HH:MM'. */
  time: string;
  /** Minutes since Rome midnight (0-1439). */
  minutes: number;
  second: number;
  /** Rome's offset from UTC at that instant, in minutes (60 in winter, 120 in summer). */
  offsetMinutes: number;
}

/** Rome wall clock at an instant. */
export function romeTime(instant: InstantInput): RomeTime {
  const ms = toEpochMs(instant);
  const parts: Record<string, string> = {};
  for (const part of romeFormat.formatToParts(ms)) parts[part.type] = part.value;
  const year = Number(parts.year);
  const month = Number(parts.month);
  const day = Number(parts.day);
  const hour = Number(parts.hour);
  const minute = Number(parts.minute);
  const second = Number(parts.second);
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second);
  const offsetMinutes = Math.round((wallAsUtc - Math.floor(ms / 1000) * 1000) / MINUTE_MS);
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    minutes: hour * 60 + minute,
    second,
    offsetMinutes,
  };
}

/** 'HH:MM' to minutes since midnight; throws on anything else. */
export function hhmmToMinutes(time: string): number {
  if (!HHMM_PATTERN.test(time)) throw new RangeError(`Not an HH:MM time: ${time}`);
  return Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
}

/** Minutes (any integer, taken modulo a day) to 'HH:MM'. */
export function minutesToHhmm(minutes: number): string {
  const m = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

function parseDate(date: string): [number, number, number] {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!match) throw new RangeError(`Not a YYYY-MM-DD date: ${date}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}

/** A calendar date plus n days ('2025-03-31' + 1 = '2025-04-01'). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parseDate(date);
  return new Date(Date.UTC(y, m - 1, d) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * Every instant (epoch ms, ascending) at which Rome's clock reads `time` on `date`: none in the
 * hour skipped in March, two in the hour repeated in October, one otherwise.
 */
export function romeInstants(date: string, time: string): number[] {
  const [y, m, d] = parseDate(date);
  const wallAsUtc = Date.UTC(y, m - 1, d) + hhmmToMinutes(time) * MINUTE_MS;
  // The offset in force half a day either side covers both sides of a change.
  const offsets = new Set([
    romeTime(wallAsUtc - DAY_MS / 2).offsetMinutes,
    romeTime(wallAsUtc + DAY_MS / 2).offsetMinutes,
  ]);
  const found: number[] = [];
  for (const offset of offsets) {
    const candidate = wallAsUtc - offset * MINUTE_MS;
    const back = romeTime(candidate);
    if (back.date === date && back.time === time && !found.includes(candidate)) found.push(candidate);
  }
  return found.sort((a, b) => a - b);
}
