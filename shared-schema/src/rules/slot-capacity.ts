import { KITCHEN_AREAS } from '../constants.ts';
import type { KitchenArea, SlotAreaCapacity } from '../fields.ts';

/**
 * Slot capacity: how many delivery and pickup orders a 15-minute slot takes. A slot is
 * full for an order when it already holds `slotCapacity` orders, or when, for a kitchen area the
 * order has a line in and that has a capacity of its own, it already holds that many orders with
 * a line of that area. So a slot full in 'fritti' still takes a drinks-only order.
 */
export interface SlotCapacityRule {
  slotCapacity: number;
  slotAreaCapacity: SlotAreaCapacity;
}

/** What one slot already holds: its orders, and per area the orders with a line of that area. */
export interface SlotOccupancy {
  orario: string;
  orders: number;
  areas: Partial<Record<KitchenArea, number>>;
}

/** Is the slot full for an order whose lines are in `areas`? */
export function isSlotFull(
  occupancy: SlotOccupancy | undefined,
  rule: SlotCapacityRule,
  areas: readonly KitchenArea[],
): boolean {
  if (!occupancy) return rule.slotCapacity <= 0;
  if (occupancy.orders >= rule.slotCapacity) return true;
  return areas.some((area) => {
    const limit = rule.slotAreaCapacity[area];
    return limit !== undefined && (occupancy.areas[area] ?? 0) >= limit;
  });
}

/**
 * The labels of the slots full for such an order, in the given order: the `taken` input of
 * `computeSlots`. Without `areas` (the cart is not known yet) every area counts, so no slot is
 * offered that a send could then be refused for.
 */
export function fullSlots(
  occupancy: readonly SlotOccupancy[],
  rule: SlotCapacityRule,
  areas: readonly KitchenArea[] = KITCHEN_AREAS,
): string[] {
  return occupancy.filter((slot) => isSlotFull(slot, rule, areas)).map((slot) => slot.orario);
}
