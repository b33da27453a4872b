import {
  entryKeyOf,
  isDeliveryOrder,
  type KitchenFilter,
  type LineStatus,
  lineKey,
  matchesFilter,
  type OrderRow,
  type ReservationLine,
  sortTickets,
  t,
} from '@comanda/shared-schema';

// Shared with the kitchen display, the delivery desk and Home (shared-schema rules/tickets.ts);
// named here too for this screen's files, which read them from here.
export {
  type AgeTone,
  ageMinutes,
  ageTone,
  DEFAULT_AGE_THRESHOLDS,
  entryKeyOf,
  isDeliveryOrder,
  lineKey,
  lineStatusLabel as statusLabel,
  matchesFilter,
  soundingLines,
  ticketTitle,
  variantText,
} from '@comanda/shared-schema';

/** One dashboard entry as the screen draws it: the order row and its lines. */
export interface Ticket {
  order: OrderRow;
  /** The key the spec's calls use: the table's id, or the delivery's own id. */
  key: string;
  lines: ReservationLine[];
  /** Milliseconds since epoch the order was opened (0 when unknown: sorts first). */
  openedAt: number;
}

/** Spec 4: preparation -> ready -> completed -> preparation; a deleted line restores to preparation. */
export function nextStatus(status: LineStatus): LineStatus {
  switch (status) {
    case 'preparation':
      return 'ready';
    case 'ready':
      return 'completed';
    default:
      return 'preparation';
  }
}

/**
 * A dashboard line's print state, worded apart from its dish status ('Stampato', 'Da stampare'):
 * spec 4's 'Completato' / 'In preparazione' for the printed flag read like a second dish status
 * beside it; the customer's history, which shows no dish status, keeps them.
 */
export function printedLabel(printed: number): string {
  return printed === 1 ? t.printedYes : t.printedNo;
}

const AREA_ORDER: Record<string, number> = { cucina: 0, fritti: 1, bar: 2 };
/** One collator for every comparison: `localeCompare(b, 'it')` makes one per call. */
const compareNames = new Intl.Collator('it').compare;

function compareLines(a: ReservationLine, b: ReservationLine): number {
  return (
    (AREA_ORDER[a.selected_option] ?? 9) - (AREA_ORDER[b.selected_option] ?? 9) ||
    compareNames(a.name, b.name) ||
    a.id.localeCompare(b.id)
  );
}

function parseInstant(value: string | undefined): number {
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : 0;
}

/** The lines, as given, each ticket was built from: the next build compares them. */
const builtFrom = new WeakMap<Ticket, readonly ReservationLine[]>();

/** Whether `a` holds the very items of `b`, in the same order. */
export function sameItems<T>(a: readonly T[] | undefined, b: readonly T[]): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The dashboard's tickets: open table orders and accepted deliveries (null counts as accepted,
 * spec 3), oldest first, each with its lines of the filter's area. With an area chosen, tickets
 * with no line of it are left out (as the server's filtered `owner/get` does). A ticket of
 * `previous` whose order and lines are the same objects as now is given back as it was, so a
 * status tap re-draws one ticket of a hundred, not all of them.
 */
export function buildTickets(
  orders: readonly OrderRow[],
  lines: readonly ReservationLine[],
  filter: KitchenFilter,
  previous: readonly Ticket[] = [],
): Ticket[] {
  const byKey = new Map<string, ReservationLine[]>();
  for (const line of lines) {
    if (!matchesFilter(line, filter)) continue;
    const key = lineKey(line);
    if (key === null) continue;
    const list = byKey.get(key);
    if (list) list.push(line);
    else byKey.set(key, [line]);
  }
  const before = new Map<string, Ticket>();
  for (const ticket of previous) before.set(ticket.key, ticket);
  const tickets: Ticket[] = [];
  for (const order of orders) {
    if (isDeliveryOrder(order) && order.accettato === 0) continue;
    const key = entryKeyOf(order);
    const own = byKey.get(key) ?? [];
    if (filter !== 'tutto' && own.length === 0) continue;
    const old = before.get(key);
    if (old && old.order === order && sameItems(builtFrom.get(old), own)) {
      tickets.push(old);
      continue;
    }
    const ticket: Ticket = {
      order,
      key,
      lines: [...own].sort(compareLines),
      openedAt: parseInstant(order.createdAt),
    };
    builtFrom.set(ticket, own);
    tickets.push(ticket);
  }
  return sortTickets(tickets);
}
