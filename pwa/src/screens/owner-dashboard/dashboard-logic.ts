import {
  type KitchenFilter,
  type LineStatus,
  type OrderRow,
  type ReservationLine,
  t,
  tf,
  type Variant,
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

export function statusLabel(status: LineStatus): string {
  switch (status) {
    case 'preparation':
      return t.lineStatusPreparation;
    case 'ready':
      return t.lineStatusReady;
    case 'completed':
      return t.lineStatusCompleted;
    default:
      return t.lineStatusDeleted;
  }
}

/** Spec 4: printed 1 is 'Completato', anything else 'In preparazione'. */
export function printedLabel(printed: number): string {
  return printed === 1 ? t.printedCompleted : t.printedInPreparation;
}

export function isDeliveryOrder(order: Pick<OrderRow, 'tipo' | 'deliveryId'>): boolean {
  return order.deliveryId != null || order.tipo != null;
}

export function entryKeyOf(order: Pick<OrderRow, 'id' | 'tableId' | 'deliveryId' | 'tipo'>): string {
  return isDeliveryOrder(order) ? order.id : (order.tableId ?? order.id);
}

/** A line belongs to a table order by its table, to a delivery by the delivery's id. */
export function lineKey(line: Pick<ReservationLine, 'tableId' | 'deliveryId'>): string | null {
  return line.deliveryId ?? line.tableId ?? null;
}

/** 'tutto' passes every line; any other filter only its own kitchen area. */
export function matchesFilter(
  line: Pick<ReservationLine, 'selected_option'>,
  filter: KitchenFilter,
): boolean {
  return filter === 'tutto' || line.selected_option === filter;
}

/** 'Tavolo 4', or for a delivery 'Consegna 20:30 Mario Rossi'. */
export function ticketTitle(order: OrderRow): string {
  if (!isDeliveryOrder(order)) return tf.table(order.number ?? '?');
  const who = [order.nome, order.cognome].filter(Boolean).join(' ');
  return [order.tipo ?? t.delivery, order.orario, who].filter(Boolean).join(' ');
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

function sameItems<T>(a: readonly T[] | undefined, b: readonly T[]): boolean {
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

/** Oldest first (the kitchen works in arrival order); ties by key so the order is stable. */
export function sortTickets<T extends Pick<Ticket, 'openedAt' | 'key'>>(tickets: T[]): T[] {
  return tickets.sort((a, b) => a.openedAt - b.openedAt || a.key.localeCompare(b.key));
}

export type AgeTone = 'fresh' | 'warn' | 'late';

export const DEFAULT_AGE_THRESHOLDS = { warnMinutes: 5, lateMinutes: 8 } as const;

/** Whole minutes a ticket has waited (never negative: a tablet's clock may run behind). */
export function ageMinutes(openedAt: number, now: number): number {
  if (!openedAt) return 0;
  return Math.max(0, Math.floor((now - openedAt) / 60_000));
}

/** Coloured after 5 and 8 minutes (spec issue 5, settable). */
export function ageTone(
  minutes: number,
  thresholds: { warnMinutes: number; lateMinutes: number } = DEFAULT_AGE_THRESHOLDS,
): AgeTone {
  if (minutes >= thresholds.lateMinutes) return 'late';
  if (minutes >= thresholds.warnMinutes) return 'warn';
  return 'fresh';
}

/** Lines that ring (spec 9): accepted, not printed, not deleted, of the filter's area. */
export function soundingLines(lines: readonly ReservationLine[], filter: KitchenFilter): ReservationLine[] {
  return lines.filter(
    (l) => l.accettato !== 0 && l.printed !== 1 && l.status !== 'owner_deleted' && matchesFilter(l, filter),
  );
}

/** The selected options of a line's variants, as one short text: 'Grande, Senza cipolla'. */
export function variantText(variants: readonly Variant[]): string {
  const labels: string[] = [];
  for (const v of variants) {
    const sel = v.selected;
    if (Array.isArray(sel)) for (const o of sel) labels.push(o.label);
    else if (sel) labels.push(sel.label);
  }
  return labels.join(', ');
}
