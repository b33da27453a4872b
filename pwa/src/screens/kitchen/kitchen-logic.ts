import {
  dueInstant,
  entryKeyOf,
  isDeliveryOrder,
  type KitchenFilter,
  lineKey,
  matchesFilter,
  type OrderRow,
  orderRounds,
  type ReservationLine,
  soundingLines,
  stillToPrepare,
  ticketTitle,
} from '@comanda/shared-schema';

/** One ticket of the kitchen display: one round of one order, the lines of the screen's area. */
export interface KitchenTicket {
  /** The order's key and the round's: a round added later is a ticket of its own. */
  key: string;
  /** The order's key (the spec's: table id or delivery id). */
  entryKey: string;
  order: OrderRow;
  title: string;
  /** 1 for the order's first send; 2, 3... for what the table added later ('Giro 2'). */
  round: number;
  lines: ReservationLine[];
  /** When the round arrived (epoch ms, 0 when unknown). */
  startedAt: number;
  /** Deliveries and pickups: when they are due (`orario`); null for a table. */
  dueAt: number | null;
}

const AREA_ORDER: Record<string, number> = { cucina: 0, fritti: 1, bar: 2 };
const compareNames = new Intl.Collator('it').compare;

/** A kitchen area's dishes together, then by name: what the cook plates together reads together. */
function compareLines(a: ReservationLine, b: ReservationLine): number {
  return (
    (AREA_ORDER[a.selected_option] ?? 9) - (AREA_ORDER[b.selected_option] ?? 9) ||
    compareNames(a.name, b.name) ||
    a.id.localeCompare(b.id)
  );
}

function parseInstant(value: string | null | undefined): number {
  const ms = value ? Date.parse(value) : Number.NaN;
  return Number.isFinite(ms) ? ms : 0;
}

/** What a ticket sorts by: a delivery by its due time, a table's round by when it arrived. */
export function ticketTime(ticket: Pick<KitchenTicket, 'dueAt' | 'startedAt'>): number {
  return ticket.dueAt ?? ticket.startedAt;
}

/** The lines each ticket was built from: an unchanged ticket is handed back as the same object. */
const builtFrom = new WeakMap<KitchenTicket, readonly ReservationLine[]>();

function sameItems<T>(a: readonly T[] | undefined, b: readonly T[]): boolean {
  if (!a || a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The kitchen display's tickets. Open table orders and accepted deliveries (a delivery still
 * awaiting the owner's decision is not cooked yet), each split into its rounds
 * (`orderRounds`: one per send), each round holding the accepted lines of the screen's area.
 * A round stays while one of those dishes is still in preparation; once all are ready (bumped),
 * served or deleted it leaves. Whatever needs cooking first comes first: rounds by arrival,
 * deliveries and pickups by their due time. A ticket of `previous` whose order and lines are
 * unchanged is given back as it was, so memoised tickets skip drawing.
 */
export function buildKitchenTickets(
  orders: readonly OrderRow[],
  lines: readonly ReservationLine[],
  filter: KitchenFilter,
  previous: readonly KitchenTicket[] = [],
): KitchenTicket[] {
  const byEntry = new Map<string, ReservationLine[]>();
  for (const line of lines) {
    const key = lineKey(line);
    if (key === null) continue;
    const list = byEntry.get(key);
    if (list) list.push(line);
    else byEntry.set(key, [line]);
  }
  const before = new Map(previous.map((t) => [t.key, t]));
  const tickets: KitchenTicket[] = [];
  for (const order of orders) {
    const delivery = isDeliveryOrder(order);
    if (delivery && order.accettato === 0) continue;
    const entryKey = entryKeyOf(order);
    const openedAt = parseInstant(order.createdAt);
    // Every line of the order is numbered into its round, other areas too: each screen says 'Giro 2'
    // of the same send.
    for (const round of orderRounds(byEntry.get(entryKey) ?? [], openedAt)) {
      const own = round.lines.filter((l) => l.accettato !== 0 && matchesFilter(l, filter));
      if (!stillToPrepare(own)) continue;
      const key = `${entryKey}/${round.key}`;
      const old = before.get(key);
      if (old && old.order === order && old.round === round.number && sameItems(builtFrom.get(old), own)) {
        tickets.push(old);
        continue;
      }
      const ticket: KitchenTicket = {
        key,
        entryKey,
        order,
        title: ticketTitle(order),
        round: round.number,
        lines: [...own].sort(compareLines),
        startedAt: round.startedAt,
        dueAt: delivery && order.orario ? dueInstant(order.orario, openedAt || round.startedAt) : null,
      };
      builtFrom.set(ticket, own);
      tickets.push(ticket);
    }
  }
  return tickets.sort((a, b) => ticketTime(a) - ticketTime(b) || a.key.localeCompare(b.key));
}

/**
 * Which lines ring now (spec 9: accepted, not printed, not deleted, of the screen's area) that
 * had not rung before: a new send, a delivery just accepted, a dish added out of menu. `rung`
 * is updated with them. A screen seeds it with what it finds on opening or on a change of area,
 * so only what arrives while it watches rings.
 */
export function newlySounding(
  lines: readonly ReservationLine[],
  filter: KitchenFilter,
  rung: Set<string>,
): ReservationLine[] {
  const fresh: ReservationLine[] = [];
  for (const line of soundingLines(lines, filter)) {
    if (rung.has(line.id)) continue;
    rung.add(line.id);
    fresh.push(line);
  }
  return fresh;
}
