import {
  computeSlots,
  type DeliverySlots,
  fullSlots,
  isSlotFull,
  type KitchenArea,
  MINUTE_MS,
  type SlotAreaCapacity,
  type SlotCapacityRule,
  type SlotInput,
  type SlotPlan,
} from '@comanda/shared-schema';
import type { Db } from '../db/client.ts';
import { slotOccupancy, slotOccupancyAt } from '../store/deliveries.ts';
import { clampCapacity, type VenueRecord } from '../store/venue.ts';

/** The venue's capacity rule as stored (a hand-written row still reads as 1-50). */
export function capacityRule(venue: VenueRecord): SlotCapacityRule {
  const areas: SlotAreaCapacity = {};
  for (const [area, limit] of Object.entries(venue.slotAreaCapacity ?? {})) {
    if (typeof limit === 'number') areas[area as KitchenArea] = clampCapacity(limit);
  }
  return { slotCapacity: clampCapacity(venue.slotCapacity), slotAreaCapacity: areas };
}

/** Is one slot full for an order with lines in `areas`? Reads that slot only. */
export async function isFullAt(
  db: Db,
  venue: VenueRecord,
  slotDate: string,
  orario: string,
  areas?: readonly KitchenArea[],
): Promise<boolean> {
  const occupancy = await slotOccupancyAt(db, venue.id, slotDate, orario);
  return isSlotFull(occupancy, capacityRule(venue), areas ?? ['cucina', 'bar', 'fritti']);
}

/**
 * `computeSlots` is a pure function of the minute (it takes now to the whole minute), the hours
 * and the taken slots, and its time-zone arithmetic (Intl) is the costly part of a send: the
 * plans of the current minute are kept. Nothing here is state another instance would need.
 */
const plans = new Map<string, SlotPlan>();
let plansMinute = -1;

export function slotsAt(input: SlotInput & { now: number }): SlotPlan {
  const minute = Math.floor(input.now / MINUTE_MS);
  if (minute !== plansMinute || plans.size > 500) {
    plans.clear();
    plansMinute = minute;
  }
  const key = `${input.opening}|${input.closing}|${input.forCustomer ? 1 : 0}|${(input.taken ?? []).join(',')}`;
  let plan = plans.get(key);
  if (!plan) {
    plan = computeSlots(input);
    plans.set(key, plan);
  }
  return plan;
}

/** The delivery window's slots at `nowMs` (openConsegna to closeConsegna), none taken. */
export function windowSlots(venue: VenueRecord, nowMs: number, forCustomer: boolean, taken?: string[]) {
  return slotsAt({
    now: nowMs,
    opening: venue.openConsegna,
    closing: venue.closeConsegna,
    forCustomer,
    ...(taken ? { taken } : {}),
  });
}

export interface DeliveryPlan {
  /** The slots with the full ones removed (shared-schema `computeSlots`). */
  plan: SlotPlan;
  /** The full slots' labels from the earliest time on, for `deliveryOptions`' `reservation`. */
  full: string[];
}

/**
 * The window's slots at `nowMs` on the venue's delivery hours (Rome time) minus those full for an
 * order whose lines are in `areas` (all areas when unknown): customers from now + 10 minutes,
 * the owner from now. What `deliveryOptions` answers.
 */
export async function deliveryPlan(
  db: Db,
  venue: VenueRecord,
  nowMs: number,
  forCustomer: boolean,
  areas?: readonly KitchenArea[],
): Promise<DeliveryPlan> {
  const all = windowSlots(venue, nowMs, forCustomer);
  if (all.closed) return { plan: all, full: [] };
  const occupancy = await slotOccupancy(db, venue.id, all.serviceDate);
  const full = fullSlots(occupancy, capacityRule(venue), areas).filter((label) => all.free.includes(label));
  return { plan: full.length > 0 ? windowSlots(venue, nowMs, forCustomer, full) : all, full };
}

/**
 * 'Prima possibile' at send time: the plan with the full slots before the second free one
 * removed, which is all the range depends on. Reads slot by slot until two are free.
 */
export async function asapPlan(
  db: Db,
  venue: VenueRecord,
  nowMs: number,
  forCustomer: boolean,
  areas: readonly KitchenArea[],
): Promise<SlotPlan> {
  const all = windowSlots(venue, nowMs, forCustomer);
  if (all.closed) return all;
  const full: string[] = [];
  let free = 0;
  for (const label of all.free) {
    if (await isFullAt(db, venue, all.serviceDate, label, areas)) full.push(label);
    else if (++free === 2) break;
  }
  return full.length > 0 ? windowSlots(venue, nowMs, forCustomer, full) : all;
}

/** The plan as `deliveryOptions` answers it. */
export function slotsWire(plan: SlotPlan): DeliverySlots {
  return {
    closed: plan.closed,
    asap: plan.asap ? [plan.asap[0], plan.asap[1]] : null,
    selectable: plan.selectable,
    serviceDate: plan.serviceDate,
  };
}
