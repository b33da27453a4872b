import type { LineStatus, OrderRow, ReservationLine, Variant } from '../entities.ts';
import type { KitchenFilter } from '../fields.ts';
import { t, tf } from '../texts.ts';
import { ticketVariantText } from './variant-labels.ts';

/**
 * What every screen that draws orders as tickets agrees on (the owner dashboard, the kitchen
 * display, the delivery desk, Home): which entry a line belongs to, its title, the kitchen-area
 * filter (spec 9), the lines that ring, and how a ticket ages.
 */

export function isDeliveryOrder(order: Pick<OrderRow, 'tipo' | 'deliveryId'>): boolean {
  return order.deliveryId != null || order.tipo != null;
}

/** The key the spec's calls use: the table's id, or the delivery's own id. */
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

/** Lines that ring (spec 9): accepted, not printed, not deleted, of the filter's area. */
export function soundingLines<L extends ReservationLine>(lines: readonly L[], filter: KitchenFilter): L[] {
  return lines.filter(
    (l) => l.accettato !== 0 && l.printed !== 1 && l.status !== 'owner_deleted' && matchesFilter(l, filter),
  );
}

/** 'Tavolo 4', or for a delivery 'Consegna 20:30 Mario Rossi'. */
export function ticketTitle(
  order: Pick<OrderRow, 'tipo' | 'deliveryId' | 'number' | 'orario' | 'nome' | 'cognome'>,
): string {
  if (!isDeliveryOrder(order)) return tf.table(order.number ?? '?');
  const who = [order.nome, order.cognome].filter(Boolean).join(' ');
  return [order.tipo ?? t.delivery, order.orario, who].filter(Boolean).join(' ');
}

/**
 * Oldest first (the kitchen works in arrival order); ties by key so the order is stable. The
 * dashboard's tickets and the delivery desk's lists, by `openedAt` (0 when unknown: first).
 */
export function sortTickets<T extends { openedAt: number; key: string }>(tickets: T[]): T[] {
  return tickets.sort((a, b) => a.openedAt - b.openedAt || a.key.localeCompare(b.key));
}

/** 'Prima possibile (20:45)', '20:30', or 'Prima possibile' with no slot known. */
export function timeLabel(order: Pick<OrderRow, 'orario' | 'primaPossibile'>): string {
  if (order.primaPossibile) return order.orario ? tf.asapAssigned(order.orario) : t.asSoonAsPossible;
  return order.orario ?? t.asSoonAsPossible;
}

/** Name with surname when present. */
export function customerName(order: Pick<OrderRow, 'nome' | 'cognome'>): string {
  return [order.nome, order.cognome].filter(Boolean).join(' ');
}

/**
 * 'Consegna 20:30 Lucia Bianchi': the name the delivery desk's buttons and dialogs, and the
 * dashboard's 'add to a delivery', give a delivery or pickup.
 */
export function deskTitle(order: OrderRow): string {
  return [order.tipo ?? t.delivery, timeLabel(order), customerName(order)].filter(Boolean).join(' ');
}

/** A dish's one status, in words (spec 4's cycle). */
export function lineStatusLabel(status: LineStatus): string {
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

/**
 * The selected options of a line's variants, as one short text: 'Grande, Senza cipolla'; a
 * 'no, grazie!' names its variant, 'Salsa: no, grazie!' (the shared rule of variant-labels.ts).
 */
export function variantText(variants: readonly Variant[]): string {
  return ticketVariantText(variants);
}

export type AgeTone = 'fresh' | 'warn' | 'late';

/** Yellow after 5 minutes, red after 8 (settable per screen). */
export const DEFAULT_AGE_THRESHOLDS = { warnMinutes: 5, lateMinutes: 8 } as const;

export interface AgeThresholds {
  warnMinutes: number;
  lateMinutes: number;
}

/** Whole minutes a ticket has waited (never negative: a tablet's clock may run behind). */
export function ageMinutes(openedAt: number, now: number): number {
  if (!openedAt) return 0;
  return Math.max(0, Math.floor((now - openedAt) / 60_000));
}

/** The colour of a ticket that has waited `minutes`. */
export function ageTone(minutes: number, thresholds: AgeThresholds = DEFAULT_AGE_THRESHOLDS): AgeTone {
  if (minutes >= thresholds.lateMinutes) return 'late';
  if (minutes >= thresholds.warnMinutes) return 'warn';
  return 'fresh';
}
