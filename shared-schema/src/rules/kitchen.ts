import type { LineStatus, ReservationLine } from '../entities.ts';
import { addDays, MINUTE_MS, romeInstants, romeTime } from './rome-time.ts';
import { ageMinutes } from './tickets.ts';

/**
 * The kitchen display's rules (a preparation display in the manner of Toast KDS and Odoo): one
 * ticket per order round, scheduled orders ageing against their due time, one status per dish
 * tapped forward, and a bump that can be undone.
 */

function instantMs(value: string | null | undefined): number {
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : 0;
}

export interface OrderRound<L> {
  /** Stable within its order: the instant the round's send arrived, in epoch ms, as text. */
  key: string;
  /** 1 for the first send of the order, 2 for what the table added later ('Giro 2'), ... */
  number: number;
  /** When its send arrived (epoch ms; 0 when unknown). */
  startedAt: number;
  lines: L[];
}

/**
 * An order's rounds. Every send (a customer's cart, the owner's order for the table, an
 * out-of-menu line, a delivery) stores its lines with one instant, the `createdAt` the server
 * gives them all, so the lines sharing an instant are one round; rounds are numbered by that
 * instant. A line without it (stored on the device before the field existed) joins the round of
 * `openedAt`, the order's own start, which is also its first send: a status tap, which changes
 * `lastUpdate`, never moves a line to another round. Pass every line of the order, deleted ones
 * and other kitchen areas too, so each screen numbers the rounds alike.
 */
export function orderRounds<L extends Pick<ReservationLine, 'createdAt'>>(
  lines: readonly L[],
  openedAt = 0,
): OrderRound<L>[] {
  const byStart = new Map<number, L[]>();
  for (const line of lines) {
    const start = instantMs(line.createdAt) || openedAt;
    const list = byStart.get(start);
    if (list) list.push(line);
    else byStart.set(start, [line]);
  }
  return [...byStart]
    .sort(([a], [b]) => a - b)
    .map(([startedAt, own], i) => ({ key: String(startedAt), number: i + 1, startedAt, lines: own }));
}

/** A slot is never chosen in the past: an `orario` this long before the order was placed is the next day's. */
const DUE_SLACK_MS = 2 * 60 * MINUTE_MS;

/**
 * When a delivery or pickup is due: the first instant Rome's clock reads `orario` from two hours
 * before the order was placed on. 23:50 for '00:15' is the next day; 00:10 for '23:45' is a
 * few minutes late, not tomorrow. Null for an `orario` that is not HH:MM.
 */
export function dueInstant(orario: string, placedAt: number): number | null {
  let date: string;
  try {
    date = romeTime(placedAt).date;
  } catch {
    return null;
  }
  const from = placedAt - DUE_SLACK_MS;
  for (const day of [-1, 0, 1, 2]) {
    let instants: number[];
    try {
      instants = romeInstants(addDays(date, day), orario);
    } catch {
      return null;
    }
    const found = instants.find((at) => at >= from);
    if (found !== undefined) return found;
  }
  return null;
}

export interface TicketClock {
  /** True until a scheduled ticket's due time: its minutes count down ('tra 25 min'). */
  upcoming: boolean;
  /** Minutes to go (rounded up) while upcoming; whole minutes waited (or late) after. */
  minutes: number;
}

/**
 * A ticket's clock. A table's round ages from when it arrived. A delivery or pickup ages from
 * its due time (`dueAt`): until then it counts down, so a 21:00 pickup ordered at 19:00 is not
 * two hours 'late' when its time has not come.
 */
export function ticketClock(startedAt: number, now: number, dueAt: number | null = null): TicketClock {
  if (dueAt !== null) {
    if (dueAt > now) return { upcoming: true, minutes: Math.ceil((dueAt - now) / MINUTE_MS) };
    return { upcoming: false, minutes: ageMinutes(dueAt, now) };
  }
  return { upcoming: false, minutes: ageMinutes(startedAt, now) };
}

/**
 * One status per dish on the kitchen display, tapped forward: preparation -> ready; a ready dish
 * tapped again goes back (a slip of a wet finger). Served (completed) and deleted dishes are the
 * floor's business: null, nothing to tap.
 */
export function kitchenNextStatus(status: LineStatus): LineStatus | null {
  if (status === 'preparation') return 'ready';
  if (status === 'ready') return 'preparation';
  return null;
}

/** A ticket stays on the kitchen display while one of its dishes is still to prepare. */
export function stillToPrepare(lines: readonly Pick<ReservationLine, 'status'>[]): boolean {
  return lines.some((l) => l.status === 'preparation');
}

export interface StatusChange {
  id: string;
  from: LineStatus;
  to: LineStatus;
}

/** A bump: every dish of the ticket still in preparation becomes ready; the rest stay as they are. */
export function bumpChanges(lines: readonly Pick<ReservationLine, 'id' | 'status'>[]): StatusChange[] {
  return lines
    .filter((l) => l.status === 'preparation')
    .map((l) => ({ id: l.id, from: l.status, to: 'ready' }));
}

/**
 * Undoing a bump (or a tap): each dish goes back to the status it had, unless it moved on since
 * (a waiter served it, a tablet deleted it): that one is left as it now is. Gone lines are skipped.
 */
export function undoChanges(
  changes: readonly StatusChange[],
  statusNow: (id: string) => LineStatus | undefined,
): Array<{ id: string; status: LineStatus }> {
  const back: Array<{ id: string; status: LineStatus }> = [];
  for (const change of changes) {
    if (statusNow(change.id) === change.to) back.push({ id: change.id, status: change.from });
  }
  return back;
}
