import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOST_ZONES, useHostZone } from './host-tz.test-helper.ts';
import { computeSlots, isSlotStillFree, type SlotPlan } from './slots.ts';

/** Shorthand: plan(now as UTC ISO, opening, closing, customer?, taken?). */
function plan(
  now: string,
  opening: string,
  closing: string,
  forCustomer: boolean,
  taken: string[] = [],
): SlotPlan {
  return computeSlots({ now, opening, closing, forCustomer, taken });
}

const EVENING = ['19:00', '19:15', '19:30', '19:45', '20:00', '20:15', '20:30', '20:45', '21:00'];

// Every case runs with the host in zones that are not Rome's; the answers must not change.
describe.each(HOST_ZONES)('time slots, host zone %s', (zone) => {
  let restore: () => void;
  beforeAll(() => {
    restore = useHostZone(zone);
  });
  afterAll(() => restore());

  describe('an ordinary summer evening, 19:00-21:00 (Rome = UTC+2)', () => {
    it('owner at 19:00: every quarter from opening to closing, both included', () => {
      const p = plan('2025-07-15T17:00:00Z', '19:00', '21:00', false);
      expect(p.closed).toBe(false);
      expect(p.free).toEqual(EVENING);
      expect(p.asap).toEqual(['19:00', '19:15']);
      expect(p.selectable).toEqual(EVENING.slice(2));
      expect(p.serviceDate).toBe('2025-07-15');
    });

    it('customer at 19:00: earliest is 19:10, so the first slot is 19:15', () => {
      const p = plan('2025-07-15T17:00:00Z', '19:00', '21:00', true);
      expect(p.asap).toEqual(['19:15', '19:30']);
      expect(p.selectable).toEqual(EVENING.slice(3));
    });

    it('customer at 19:05 gets 19:15 exactly (now + 10 is inclusive), seconds ignored', () => {
      expect(plan('2025-07-15T17:05:00Z', '19:00', '21:00', true).asap).toEqual(['19:15', '19:30']);
      expect(plan('2025-07-15T17:05:59.999Z', '19:00', '21:00', true).asap).toEqual(['19:15', '19:30']);
    });

    it('customer at 19:06 loses 19:15', () => {
      expect(plan('2025-07-15T17:06:00Z', '19:00', '21:00', true).asap).toEqual(['19:30', '19:45']);
    });

    it('before opening every slot of tonight is offered', () => {
      const p = plan('2025-07-15T08:00:00Z', '19:00', '21:00', true);
      expect(p.free).toEqual(EVENING);
      expect(p.asap).toEqual(['19:00', '19:15']);
    });

    it('after closing it is closed', () => {
      expect(plan('2025-07-15T19:30:00Z', '19:00', '21:00', false)).toEqual({
        closed: true,
        asap: null,
        selectable: [],
        free: [],
        serviceDate: '2025-07-15',
      });
    });
  });

  describe('fewer than 3 slots means closed', () => {
    it('owner at 20:30: 20:30, 20:45, 21:00 is enough', () => {
      const p = plan('2025-07-15T18:30:00Z', '19:00', '21:00', false);
      expect(p).toMatchObject({ closed: false, asap: ['20:30', '20:45'], selectable: ['21:00'] });
    });

    it('owner at 20:31: two slots left, closed', () => {
      expect(plan('2025-07-15T18:31:00Z', '19:00', '21:00', false).closed).toBe(true);
    });

    it('customer at 20:20 still has three, at 20:21 is closed', () => {
      expect(plan('2025-07-15T18:20:00Z', '19:00', '21:00', true).closed).toBe(false);
      expect(plan('2025-07-15T18:21:00Z', '19:00', '21:00', true).closed).toBe(true);
    });

    it('closed is decided on the hours, before taken slots are removed', () => {
      const p = plan('2025-07-15T18:30:00Z', '19:00', '21:00', false, ['20:30', '20:45', '21:00']);
      expect(p).toMatchObject({ closed: false, asap: null, selectable: [], free: [] });
    });

    it('a window of two slots is always closed', () => {
      expect(plan('2025-07-15T08:00:00Z', '19:00', '19:15', false).closed).toBe(true);
      expect(plan('2025-07-15T08:00:00Z', '19:00', '19:30', false).closed).toBe(false);
    });

    it('opening equal to closing is an empty window', () => {
      expect(plan('2025-07-15T08:00:00Z', '19:00', '19:00', false).closed).toBe(true);
    });
  });

  describe('taken slots and the Prima possibile range', () => {
    it('removes taken slots everywhere', () => {
      const p = plan('2025-07-15T17:00:00Z', '19:00', '21:00', false, ['19:45', '20:30']);
      expect(p.free).toEqual(['19:00', '19:15', '19:30', '20:00', '20:15', '20:45', '21:00']);
      expect(p.selectable).toEqual(['19:30', '20:00', '20:15', '20:45', '21:00']);
    });

    it('customer: first two free slots 15 minutes apart give the range', () => {
      const p = plan('2025-07-15T17:00:00Z', '19:00', '21:00', true, ['19:15']);
      expect(p.asap).toEqual(['19:30', '19:45']);
      expect(p.selectable).toEqual(['20:00', '20:15', '20:30', '20:45', '21:00']);
    });

    it('customer: a gap of 30 minutes means no range, and every free slot is selectable', () => {
      const p = plan('2025-07-15T17:00:00Z', '19:00', '21:00', true, ['19:30']);
      expect(p.asap).toBeNull();
      expect(p.selectable).toEqual(['19:15', '19:45', '20:00', '20:15', '20:30', '20:45', '21:00']);
    });

    it('owner: the range is offered whatever the gap', () => {
      const p = plan('2025-07-15T17:00:00Z', '19:00', '21:00', false, ['19:15', '19:30']);
      expect(p.asap).toEqual(['19:00', '19:45']);
      expect(p.selectable).toEqual(['20:00', '20:15', '20:30', '20:45', '21:00']);
    });

    it('one free slot: no range, that slot selectable', () => {
      const p = plan('2025-07-15T18:30:00Z', '19:00', '21:00', false, ['20:30', '20:45']);
      expect(p).toMatchObject({ closed: false, asap: null, selectable: ['21:00'] });
    });

    it('ignores taken labels outside the window', () => {
      expect(plan('2025-07-15T17:00:00Z', '19:00', '21:00', false, ['12:00', '19:07']).free).toEqual(EVENING);
    });

    it('isSlotStillFree checks the send-time rule', () => {
      const p = plan('2025-07-15T17:00:00Z', '19:00', '21:00', true, ['19:30']);
      expect(isSlotStillFree(p, '19:15')).toBe(true);
      expect(isSlotStillFree(p, '19:30')).toBe(false);
      expect(isSlotStillFree(p, '19:00')).toBe(false);
      expect(isSlotStillFree(plan('2025-07-15T19:30:00Z', '19:00', '21:00', true), '21:00')).toBe(false);
    });
  });

  describe('grid', () => {
    it('rounds an off-quarter opening up and stops at the last quarter before closing', () => {
      const p = plan('2025-07-15T08:00:00Z', '18:50', '20:10', false);
      expect(p.free).toEqual(['19:00', '19:15', '19:30', '19:45', '20:00']);
    });
  });

  describe('closing past midnight, 19:00-02:00 in winter (Rome = UTC+1)', () => {
    it('at 23:00 the small hours sort after the evening', () => {
      const p = plan('2025-01-17T22:00:00Z', '19:00', '02:00', false, ['00:30']);
      expect(p.serviceDate).toBe('2025-01-17');
      expect(p.asap).toEqual(['23:00', '23:15']);
      expect(p.selectable).toEqual([
        '23:30',
        '23:45',
        '00:00',
        '00:15',
        '00:45',
        '01:00',
        '01:15',
        '01:30',
        '01:45',
        '02:00',
      ]);
    });

    it('at 01:00 the window is the one that opened yesterday evening', () => {
      const p = plan('2025-01-18T00:00:00Z', '19:00', '02:00', false);
      expect(p.serviceDate).toBe('2025-01-17');
      expect(p).toMatchObject({
        closed: false,
        asap: ['01:00', '01:15'],
        selectable: ['01:30', '01:45', '02:00'],
      });
    });

    it('customer at 01:00: 01:15, 01:30, 01:45, 02:00', () => {
      const p = plan('2025-01-18T00:00:00Z', '19:00', '02:00', true);
      expect(p.free).toEqual(['01:15', '01:30', '01:45', '02:00']);
    });

    it('at 01:40 only 01:45 and 02:00 remain: closed', () => {
      expect(plan('2025-01-18T00:40:00Z', '19:00', '02:00', false).closed).toBe(true);
    });

    it('at 03:00 the next window (tonight) is offered whole', () => {
      const p = plan('2025-01-18T02:00:00Z', '19:00', '02:00', false);
      expect(p.serviceDate).toBe('2025-01-18');
      expect(p.free).toHaveLength(29);
      expect(p.free[0]).toBe('19:00');
      expect(p.free.at(-1)).toBe('02:00');
    });

    it('closing at midnight: 23:30, 23:45, 00:00', () => {
      const p = plan('2025-01-17T22:30:00Z', '19:00', '00:00', false);
      expect(p).toMatchObject({ closed: false, asap: ['23:30', '23:45'], selectable: ['00:00'] });
    });
  });

  describe('daylight saving starts: night of Sat 29 to Sun 30 March 2025 (02:00 CET -> 03:00 CEST)', () => {
    it('owner at 01:40 CET: the skipped hour is not offered', () => {
      const p = plan('2025-03-30T00:40:00Z', '19:00', '04:00', false);
      expect(p.serviceDate).toBe('2025-03-29');
      expect(p.asap).toEqual(['01:45', '03:00']);
      expect(p.selectable).toEqual(['03:15', '03:30', '03:45', '04:00']);
    });

    it('customer at 01:30 CET: 01:45 and 03:00 are 15 real minutes apart, so the range is offered', () => {
      const p = plan('2025-03-30T00:30:00Z', '19:00', '04:00', true);
      expect(p.asap).toEqual(['01:45', '03:00']);
    });

    it('customer at 01:55 CET: now + 10 minutes is 03:05 CEST', () => {
      const p = plan('2025-03-30T00:55:00Z', '19:00', '04:00', true);
      expect(p.asap).toEqual(['03:15', '03:30']);
      expect(p.selectable).toEqual(['03:45', '04:00']);
    });

    it('a window closing at 02:00 that night ends at 01:45', () => {
      expect(plan('2025-03-30T00:40:00Z', '19:00', '02:00', false).closed).toBe(true);
      expect(plan('2025-03-30T00:10:00Z', '19:00', '02:00', false).free).toEqual(['01:15', '01:30', '01:45']);
    });

    it('the Sunday evening after the change is read in CEST', () => {
      // 16:52Z is 18:52 CEST: earliest 19:02, first slot 19:15 (it would be 19:00 if read as CET).
      const p = plan('2025-03-30T16:52:00Z', '19:00', '23:00', true);
      expect(p.asap).toEqual(['19:15', '19:30']);
      expect(p.free).toHaveLength(16);
    });
  });

  describe('daylight saving ends: night of Sat 25 to Sun 26 October 2025 (03:00 CEST -> 02:00 CET)', () => {
    it('customer at 02:20 CEST (first pass)', () => {
      const p = plan('2025-10-26T00:20:00Z', '19:00', '04:00', true);
      expect(p.serviceDate).toBe('2025-10-25');
      expect(p.asap).toEqual(['02:30', '02:45']);
      expect(p.selectable).toEqual(['03:00', '03:15', '03:30', '03:45', '04:00']);
    });

    it('customer at 02:20 CEST with 02:45 taken: 02:30 CEST to 03:00 CET is 90 minutes, no range', () => {
      const p = plan('2025-10-26T00:20:00Z', '19:00', '04:00', true, ['02:45']);
      expect(p.asap).toBeNull();
      expect(p.selectable).toEqual(['02:30', '03:00', '03:15', '03:30', '03:45', '04:00']);
    });

    it('customer at 02:20 CET (second pass) gets the repeated hour again', () => {
      const p = plan('2025-10-26T01:20:00Z', '19:00', '04:00', true);
      expect(p.serviceDate).toBe('2025-10-25');
      expect(p.asap).toEqual(['02:30', '02:45']);
      expect(p.selectable).toEqual(['03:00', '03:15', '03:30', '03:45', '04:00']);
    });

    it('owner at 02:50 CEST: labels follow the wall clock, so the list goes on to 03:00', () => {
      const p = plan('2025-10-26T00:50:00Z', '19:00', '04:00', false);
      expect(p.free).toEqual(['03:00', '03:15', '03:30', '03:45', '04:00']);
      expect(p.asap).toEqual(['03:00', '03:15']);
    });

    it('owner at 02:05 CET (second pass): the repeated quarters ahead are offered', () => {
      const p = plan('2025-10-26T01:05:00Z', '19:00', '04:00', false);
      expect(p.free).toEqual(['02:15', '02:30', '02:45', '03:00', '03:15', '03:30', '03:45', '04:00']);
    });
  });

  describe('a delivery evening, 18:00-23:00 (Rome = UTC+2)', () => {
    const quarters = (from: number, to: number) =>
      Array.from({ length: (to - from) / 15 + 1 }, (_, i) => {
        const m = from + i * 15;
        return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      });

    it('at 16:00 the whole window is offered, first two as the range', () => {
      const p = plan('2025-07-15T14:00:00Z', '18:00', '23:00', true);
      expect(p.free).toEqual(quarters(18 * 60, 23 * 60));
      expect(p.asap).toEqual(['18:00', '18:15']);
    });

    it('at 18:00 the owner starts at 18:00, the customer at 18:15 (now + 10)', () => {
      expect(plan('2025-07-15T16:00:00Z', '18:00', '23:00', false).asap).toEqual(['18:00', '18:15']);
      expect(plan('2025-07-15T16:00:00Z', '18:00', '23:00', true).asap).toEqual(['18:15', '18:30']);
    });

    it('at 21:07 a customer gets 21:30 first; with 21:30 and 21:45 full the range is 22:00-22:15', () => {
      expect(plan('2025-07-15T19:07:00Z', '18:00', '23:00', true).asap).toEqual(['21:30', '21:45']);
      const p = plan('2025-07-15T19:07:00Z', '18:00', '23:00', true, ['21:30', '21:45']);
      expect(p.asap).toEqual(['22:00', '22:15']);
      expect(p.selectable).toEqual(['22:30', '22:45', '23:00']);
    });

    it('with 21:45 full the first two free are 30 minutes apart: no range for customers', () => {
      const p = plan('2025-07-15T19:07:00Z', '18:00', '23:00', true, ['21:45']);
      expect(p.asap).toBeNull();
      expect(p.selectable).toEqual(['21:30', '22:00', '22:15', '22:30', '22:45', '23:00']);
    });

    it('at 22:20 a customer still has 22:30, 22:45, 23:00; at 22:21 it is closed', () => {
      expect(plan('2025-07-15T20:20:00Z', '18:00', '23:00', true).closed).toBe(false);
      expect(plan('2025-07-15T20:21:00Z', '18:00', '23:00', true).closed).toBe(true);
    });
  });

  describe('bad input', () => {
    it('throws on malformed times or instants', () => {
      expect(() => plan('2025-07-15T17:00:00Z', '25:00', '21:00', false)).toThrow(RangeError);
      expect(() => plan('2025-07-15T17:00:00Z', '19:00', '9:00', false)).toThrow(RangeError);
      expect(() => plan('2025-07-15T17:00:00Z', '19:00', '21:00', false, ['7:00'])).toThrow(RangeError);
      expect(() => plan('yesterday', '19:00', '21:00', false)).toThrow(RangeError);
      expect(() => plan('2025-07-15T19:00:00', '19:00', '21:00', false)).toThrow(RangeError);
    });

    it('accepts a Date or epoch milliseconds for now', () => {
      const iso = plan('2025-07-15T17:00:00Z', '19:00', '21:00', true);
      expect(
        computeSlots({
          now: new Date('2025-07-15T17:00:00Z'),
          opening: '19:00',
          closing: '21:00',
          forCustomer: true,
        }),
      ).toEqual(iso);
      expect(
        computeSlots({
          now: Date.UTC(2025, 6, 15, 17),
          opening: '19:00',
          closing: '21:00',
          forCustomer: true,
        }),
      ).toEqual(iso);
    });
  });
});
