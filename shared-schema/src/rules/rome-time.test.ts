import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_ZONES, hostOffset, useHostZone } from './host-tz.test-helper.ts';
import { addDays, hhmmToMinutes, minutesToHhmm, romeInstants, romeTime, toEpochMs } from './rome-time.ts';

const HOST_OFFSETS: Record<(typeof HOST_ZONES)[number], number> = {
  'America/New_York': 300,
  'Pacific/Kiritimati': -840,
  'Asia/Kolkata': -330,
  UTC: 0,
};

describe.each(HOST_ZONES)('Rome time with the host in %s', (zone) => {
  let restore: () => void;
  beforeAll(() => {
    restore = useHostZone(zone);
  });
  afterAll(() => restore());

  it('really runs in that host zone', () => {
    expect(hostOffset('2025-01-15T12:00:00Z')).toBe(HOST_OFFSETS[zone]);
  });

  it('reads winter (CET, +1) and summer (CEST, +2) time', () => {
    expect(romeTime('2025-01-15T12:00:00Z')).toEqual({
      date: '2025-01-15',
      time: '13:00',
      minutes: 780,
      second: 0,
      offsetMinutes: 60,
    });
    expect(romeTime(new Date('2025-07-15T12:34:56Z'))).toMatchObject({
      date: '2025-07-15',
      time: '14:34',
      second: 56,
      offsetMinutes: 120,
    });
  });

  it('crosses midnight and the new year in Rome, not on the host', () => {
    expect(romeTime('2025-12-31T23:30:00Z')).toMatchObject({
      date: '2026-01-01',
      time: '00:30',
      minutes: 30,
    });
    expect(romeTime(Date.UTC(2025, 6, 15, 21, 59))).toMatchObject({ date: '2025-07-15', time: '23:59' });
    expect(romeTime(Date.UTC(2025, 6, 15, 22, 0))).toMatchObject({ date: '2025-07-16', time: '00:00' });
  });

  it('jumps from 01:59 CET to 03:00 CEST on the last Sunday of March', () => {
    expect(romeTime('2025-03-30T00:59:00Z')).toMatchObject({ time: '01:59', offsetMinutes: 60 });
    expect(romeTime('2025-03-30T01:00:00Z')).toMatchObject({ time: '03:00', offsetMinutes: 120 });
  });

  it('repeats 02:00-02:59 on the last Sunday of October', () => {
    expect(romeTime('2025-10-26T00:30:00Z')).toMatchObject({ time: '02:30', offsetMinutes: 120 });
    expect(romeTime('2025-10-26T01:30:00Z')).toMatchObject({ time: '02:30', offsetMinutes: 60 });
    expect(romeTime('2025-10-26T02:00:00Z')).toMatchObject({ time: '03:00', offsetMinutes: 60 });
  });

  it('finds every instant of a Rome wall time', () => {
    expect(romeInstants('2025-07-15', '20:00')).toEqual([Date.UTC(2025, 6, 15, 18, 0)]);
    expect(romeInstants('2025-01-15', '00:00')).toEqual([Date.UTC(2025, 0, 14, 23, 0)]);
    expect(romeInstants('2025-03-30', '02:30')).toEqual([]);
    expect(romeInstants('2025-03-30', '03:00')).toEqual([Date.UTC(2025, 2, 30, 1, 0)]);
    expect(romeInstants('2025-03-30', '01:59')).toEqual([Date.UTC(2025, 2, 30, 0, 59)]);
    expect(romeInstants('2025-10-26', '02:30')).toEqual([
      Date.UTC(2025, 9, 26, 0, 30),
      Date.UTC(2025, 9, 26, 1, 30),
    ]);
    expect(romeInstants('2025-10-26', '03:00')).toEqual([Date.UTC(2025, 9, 26, 2, 0)]);
  });
});

describe('helpers', () => {
  it('converts HH:MM and minutes', () => {
    expect(hhmmToMinutes('00:00')).toBe(0);
    expect(hhmmToMinutes('23:59')).toBe(1439);
    expect(hhmmToMinutes('19:45')).toBe(1185);
    for (const bad of ['24:00', '7:00', '07:60', '0700', '', '07:00 ']) {
      expect(() => hhmmToMinutes(bad), bad).toThrow(RangeError);
    }
    expect(minutesToHhmm(0)).toBe('00:00');
    expect(minutesToHhmm(1185)).toBe('19:45');
    expect(minutesToHhmm(1440 + 75)).toBe('01:15');
    expect(minutesToHhmm(-15)).toBe('23:45');
  });

  it('adds calendar days across months, leap days and the DST change', () => {
    expect(addDays('2025-03-29', 1)).toBe('2025-03-30');
    expect(addDays('2025-03-31', 1)).toBe('2025-04-01');
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(() => addDays('2025-1-1', 1)).toThrow(RangeError);
  });

  it('refuses instants it would have to read in the host zone', () => {
    expect(() => toEpochMs('2025-07-15T20:00:00')).toThrow(RangeError);
    expect(() => toEpochMs('not a date')).toThrow(RangeError);
    expect(() => toEpochMs(Number.NaN)).toThrow(RangeError);
    expect(toEpochMs('2025-07-15T20:00:00+02:00')).toBe(Date.UTC(2025, 6, 15, 18, 0));
  });
});
