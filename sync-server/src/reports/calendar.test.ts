import { romeTime } from '@comanda/shared-schema';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { romeHourSql, romeOffsetChanges } from '../lib/rome-hours.ts';
import { datesBetween, isoWeek } from './calendar.ts';

describe('report calendar', () => {
  it("ISO weeks agree with SQLite's %G-W%V on every day of 2020-2030", () => {
    const sqlite = new Database(':memory:');
    const week = sqlite.prepare("SELECT strftime('%G-W%V', ?) AS w");
    for (const date of datesBetween('2020-01-01', '2030-12-31')) {
      expect(isoWeek(date).key, date).toBe((week.get(date) as { w: string }).w);
    }
    sqlite.close();
    expect(isoWeek('2027-01-01').key).toBe('2026-W53');
    expect(isoWeek('2024-12-30').key).toBe('2025-W01');
  });

  it('finds the two clock changes of a year through Intl', () => {
    expect(romeOffsetChanges(2025).map((ms) => new Date(ms).toISOString())).toEqual([
      '2025-03-30T01:00:00.000Z',
      '2025-10-26T01:00:00.000Z',
    ]);
  });

  it("the SQL hour is Rome's wall-clock hour at any instant, summer or winter", () => {
    const sqlite = new Database(':memory:');
    const hour = sqlite.prepare(
      `SELECT ${romeHourSql('x', '2024-06-01', '2026-02-01')} AS h FROM (SELECT ? AS x)`,
    );
    const start = Date.parse('2024-01-01T00:00:00Z');
    const end = Date.parse('2026-03-01T00:00:00Z');
    // Every 37 minutes for two years, plus both sides of each change.
    const instants: number[] = [];
    for (let ms = start; ms < end; ms += 37 * 60_000) instants.push(ms);
    for (const change of [...romeOffsetChanges(2024), ...romeOffsetChanges(2025)]) {
      instants.push(change - 1, change, change + 1);
    }
    for (const ms of instants) {
      const expected = Math.floor(romeTime(ms).minutes / 60);
      expect((hour.get(ms) as { h: number }).h, new Date(ms).toISOString()).toBe(expected);
    }
    sqlite.close();
  });
});
