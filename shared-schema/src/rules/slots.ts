import { ASAP_MAX_GAP_MINUTES, CUSTOMER_LEAD_MINUTES, MIN_OPEN_SLOTS, SLOT_MINUTES } from '../constants.ts';
import {
  addDays,
  hhmmToMinutes,
  type InstantInput,
  MINUTE_MS,
  minutesToHhmm,
  romeInstants,
  romeTime,
  toEpochMs,
} from './rome-time.ts';

/**
 * Delivery and pickup time slots (spec 9), as a pure function of (now, hours, taken slots).
 *
 * - Slots sit on the quarter hours of Rome's clock (:00 :15 :30 :45), from the opening time
 *   (rounded up to a quarter) to the closing time, both included.
 * - A closing time earlier than the opening means past midnight (19:00-02:00): the small hours
 *   (0 to 3, or any hour up to the closing) sort after the evening. Opening equal to closing is
 *   an empty window, hence closed.
 * - In the small hours of a window that runs past midnight (now 01:00, window 19:00-02:00) the
 *   window is the one that opened the evening before; any other time, today's.
 * - Only slots from now on: for owners now, for customers Rome time + 10 minutes (now is taken
 *   to the whole minute), compared on Rome's wall clock. On the March change night the labels of
 *   the skipped hour do not exist and are dropped; on the October night a label is offered once,
 *   so from 02:xx CEST the list goes on to 03:00 (the repeated 02:xx CET labels are not offered
 *   again), while from 02:xx CET the repeated labels ahead are offered.
 * - Fewer than 3 slots from now on: closed (decided on hours, before removing taken slots).
 * - Taken slots are removed. The first two free slots are the 'Prima possibile' range (the spec's
 *   'as soon as possible' range; its 'first possible' slot is the same offer) and the
 *   rest are selectable. For customers the range is offered only when the first two free slots
 *   are at most 15 real minutes apart (01:45 CET to 03:00 CEST is 15); otherwise `asap` is null and every free slot is
 *   selectable. Owners always get the range when two slots are free.
 */
export interface SlotInput {
  now: InstantInput;
  /** 'HH:MM' Rome time. */
  opening: string;
  /** 'HH:MM' Rome time; earlier than opening = past midnight. */
  closing: string;
  /** 'HH:MM' labels already booked. */
  taken?: readonly string[];
  forCustomer: boolean;
}

export interface SlotPlan {
  closed: boolean;
  /** 'Prima possibile': the first two free slots, or null when not offered. */
  asap: readonly [string, string] | null;
  /** 'Imposta orario' choices. */
  selectable: string[];
  /** Every free slot from the earliest time on, in order (asap range included). */
  free: string[];
  /** Rome date on which the current window opened. */
  serviceDate: string;
}

interface Slot {
  label: string;
  at: number;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/**
 * The window's slots from the earliest time on, in order. Slots are compared on the wall clock of
 * the service day (minutes since its midnight, the small hours past 1440), so the list always
 * reads in clock order. Each keeps the instant it stands for, to measure real gaps.
 */
function windowSlots(serviceDate: string, open: number, close: number, earliestMs: number): Slot[] {
  const end = close < open ? close + 1440 : close;
  const first = Math.ceil(open / SLOT_MINUTES) * SLOT_MINUTES;
  const earliest = romeTime(earliestMs);
  const earliestOnAxis = daysBetween(serviceDate, earliest.date) * 1440 + earliest.minutes;
  const slots: Slot[] = [];
  for (
    let m = Math.max(first, Math.ceil(earliestOnAxis / SLOT_MINUTES) * SLOT_MINUTES);
    m <= end;
    m += SLOT_MINUTES
  ) {
    const label = minutesToHhmm(m);
    const instants = romeInstants(addDays(serviceDate, Math.floor(m / 1440)), label);
    // No instant: the hour skipped in March. Two: October's repeated hour, take the one ahead.
    const at = instants.find((i) => i >= earliestMs) ?? instants.at(-1);
    if (at !== undefined) slots.push({ label, at });
  }
  return slots;
}

export function computeSlots(input: SlotInput): SlotPlan {
  const open = hhmmToMinutes(input.opening);
  const close = hhmmToMinutes(input.closing);
  const taken = new Set(input.taken ?? []);
  for (const label of taken) hhmmToMinutes(label);

  const nowMs = Math.floor(toEpochMs(input.now) / MINUTE_MS) * MINUTE_MS;
  const rome = romeTime(nowMs);
  const pastMidnight = close < open;
  const serviceDate = pastMidnight && rome.minutes <= close ? addDays(rome.date, -1) : rome.date;
  const earliest = nowMs + (input.forCustomer ? CUSTOMER_LEAD_MINUTES : 0) * MINUTE_MS;

  const slots = open === close ? [] : windowSlots(serviceDate, open, close, earliest);
  if (slots.length < MIN_OPEN_SLOTS)
    return { closed: true, asap: null, selectable: [], free: [], serviceDate };

  const free = slots.filter((slot) => !taken.has(slot.label));
  const labels = free.map((slot) => slot.label);
  const [a, b] = free;
  const gapOk = a !== undefined && b !== undefined && b.at - a.at <= ASAP_MAX_GAP_MINUTES * MINUTE_MS;
  if (a && b && (gapOk || !input.forCustomer)) {
    return {
      closed: false,
      asap: [a.label, b.label],
      selectable: labels.slice(2),
      free: labels,
      serviceDate,
    };
  }
  return { closed: false, asap: null, selectable: labels, free: labels, serviceDate };
}

/**
 * Send-time check (spec 5): is the chosen time still free among the offered slots? Used by the
 * server before storing a delivery order and by the client before sending.
 */
export function isSlotStillFree(plan: SlotPlan, time: string): boolean {
  return !plan.closed && plan.free.includes(time);
}
