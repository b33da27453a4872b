import { describe, expect, it } from 'vitest';
import { fullSlots, isSlotFull, type SlotOccupancy } from './slot-capacity.ts';

const slot = (orario: string, orders: number, areas: SlotOccupancy['areas'] = {}): SlotOccupancy => ({
  orario,
  orders,
  areas,
});

describe('slot capacity', () => {
  const rule = { slotCapacity: 3, slotAreaCapacity: { fritti: 1 } };

  it('an empty slot is free; a slot with as many orders as its capacity is full', () => {
    expect(isSlotFull(undefined, rule, ['cucina'])).toBe(false);
    expect(isSlotFull(slot('20:00', 2), rule, ['cucina'])).toBe(false);
    expect(isSlotFull(slot('20:00', 3), rule, ['bar'])).toBe(true);
  });

  it("a slot full in 'fritti' still takes a drinks-only order, not one with a fried dish", () => {
    const fried = slot('20:00', 1, { fritti: 1, bar: 1 });
    expect(isSlotFull(fried, rule, ['bar'])).toBe(false);
    expect(isSlotFull(fried, rule, ['bar', 'fritti'])).toBe(true);
  });

  it('areas without a capacity of their own only count toward the slot', () => {
    expect(isSlotFull(slot('20:00', 2, { cucina: 2 }), rule, ['cucina'])).toBe(false);
  });

  it('lists the full slots; with no cart known, every area counts', () => {
    const occupancy = [slot('20:00', 3), slot('20:15', 1, { fritti: 1 }), slot('20:30', 1, { bar: 1 })];
    expect(fullSlots(occupancy, rule, ['bar'])).toEqual(['20:00']);
    expect(fullSlots(occupancy, rule, ['fritti'])).toEqual(['20:00', '20:15']);
    expect(fullSlots(occupancy, rule)).toEqual(['20:00', '20:15']);
  });
});
