import {
  ENTRY_LINES_MAX,
  ENTRY_TOTAL_MAX_CENTS,
  LINE_TOTAL_MAX_CENTS,
  ORDER_LINES_MAX,
  ORDER_TOTAL_MAX_CENTS,
} from '../constants.ts';
import { tf } from '../texts.ts';
import { orderSubtotal, type TotalsLine } from './order-totals.ts';

/**
 * Order ceilings (constants.ts says why these numbers): what one send may carry and what an open
 * entry (a table's order, a delivery) may add up to, so that completing it always fits the wire's
 * `Cents`. The server checks them when lines are sent or edited and refuses with nothing stored;
 * the cart may check the same before sending. Cents; owner-deleted lines count 0.
 */

/** What an open entry already holds: its total (lines, and a delivery's fee) and its line count. */
export interface OpenEntryLoad {
  total: number;
  lines: number;
}

export type CeilingKind = 'lineTotal' | 'orderLines' | 'orderTotal' | 'entryLines' | 'entryTotal';

/** The ceiling a send or edit would pass, and its value (lines or cents). */
export interface CeilingBreach {
  kind: CeilingKind;
  max: number;
}

const NOTHING_OPEN: OpenEntryLoad = { total: 0, lines: 0 };

const lineCost = (line: TotalsLine): number => orderSubtotal([line]);

/**
 * The first ceiling a send passes, or null: its lines (count, each line's total, their total
 * with `extra`, a new delivery's fee), then the entry it joins (`open` plus this send).
 */
export function sendCeilingBreach(
  send: readonly TotalsLine[],
  open: OpenEntryLoad = NOTHING_OPEN,
  extra = 0,
): CeilingBreach | null {
  if (send.length > ORDER_LINES_MAX) return { kind: 'orderLines', max: ORDER_LINES_MAX };
  if (send.some((line) => lineCost(line) > LINE_TOTAL_MAX_CENTS)) {
    return { kind: 'lineTotal', max: LINE_TOTAL_MAX_CENTS };
  }
  const total = orderSubtotal(send) + extra;
  if (total > ORDER_TOTAL_MAX_CENTS) return { kind: 'orderTotal', max: ORDER_TOTAL_MAX_CENTS };
  if (open.lines + send.length > ENTRY_LINES_MAX) return { kind: 'entryLines', max: ENTRY_LINES_MAX };
  if (open.total + total > ENTRY_TOTAL_MAX_CENTS) return { kind: 'entryTotal', max: ENTRY_TOTAL_MAX_CENTS };
  return null;
}

/**
 * An owner's edit of an open entry (amounts, prices, a restored line): refused only when it
 * raises the entry's total beyond the ceiling. An entry already beyond it (stored before the
 * ceilings existed) may still be lowered, and edits that cost nothing pass.
 */
export function editCeilingBreach(before: number, after: number): CeilingBreach | null {
  if (after > ENTRY_TOTAL_MAX_CENTS && after > before) {
    return { kind: 'entryTotal', max: ENTRY_TOTAL_MAX_CENTS };
  }
  return null;
}

/**
 * The refusal's Italian text. A customer hears about the table and is sent to the staff; the
 * owner hears about the order (a table's or a delivery's) and what to do about it.
 */
export function ceilingMessage(breach: CeilingBreach, to: 'customer' | 'owner'): string {
  switch (breach.kind) {
    case 'orderLines':
      return tf.orderTooManyLines(breach.max);
    case 'lineTotal':
      return tf.lineTotalTooHigh(breach.max);
    case 'orderTotal':
      return tf.orderTotalTooHigh(breach.max);
    case 'entryLines':
      return to === 'customer' ? tf.tableTooManyLines(breach.max) : tf.entryTooManyLines(breach.max);
    case 'entryTotal':
      return to === 'customer' ? tf.tableTotalTooHigh(breach.max) : tf.entryTotalTooHigh(breach.max);
  }
}
