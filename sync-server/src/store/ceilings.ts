import {
  AppError,
  type CeilingBreach,
  ceilingMessage,
  editCeilingBreach,
  type OpenEntryLoad,
  orderBill,
  sendCeilingBreach,
  type TotalsLine,
} from '@comanda/shared-schema';
import type { Db } from '../db/client.ts';
import type { OrderRecord } from '../db/schema.ts';
import { orderStatements } from './order-statements.ts';

/**
 * The order ceilings of shared-schema (rules/order-ceilings.ts) on the server: every path that
 * adds or prices lines (a customer's or the owner's send, a delivery, the owner's dishes added
 * to a delivery, an out-of-menu line, an edit, a restore) calls one of these inside its
 * transaction, before its first write, so a refused send stores nothing and an entry never grows
 * past what its completion can record.
 */

export type Audience = 'customer' | 'owner';

/** The fees an entry charges besides its lines: a consegna's delivery fee, a card fee paid. */
function feesOf(order: Pick<OrderRecord, 'kind' | 'costoConsegna' | 'serviceFee'>): number {
  return entryTotalOf(order, []);
}

/**
 * What an open entry already holds: its line count and its total (fees included). `known`: its
 * lines' count and total when the caller read them already (`openOrderLoadOfTable`).
 */
export async function entryLoad(
  db: Db,
  order: OrderRecord | null | undefined,
  known?: { lines: number; linesTotal: number },
): Promise<OpenEntryLoad> {
  if (!order) return { total: 0, lines: 0 };
  const row = known
    ? { lines: known.lines, total: known.linesTotal }
    : await orderStatements(db).entryLoad.get({ orderId: order.id });
  return { lines: row?.lines ?? 0, total: (row?.total ?? 0) + feesOf(order) };
}

/** Per-send ceilings are the input's fault (400); an entry's are about what is already there (409). */
function refusal(breach: CeilingBreach, to: Audience): AppError {
  const message = ceilingMessage(breach, to);
  if (breach.kind === 'entryLines' || breach.kind === 'entryTotal') return new AppError('CONFLICT', message);
  return new AppError('VALIDATION', message, { issues: [{ path: 'cart', message }] });
}

/**
 * Refuses a send past a ceiling: `lines` priced by the server, joining `open` (the table's open
 * order or the delivery; none for a new entry), `extra` a new delivery's fee.
 */
export async function refuseOverCeilings(
  db: Db,
  lines: readonly TotalsLine[],
  open: OrderRecord | null | undefined,
  to: Audience,
  extra = 0,
  known?: { lines: number; linesTotal: number },
): Promise<void> {
  const breach = sendCeilingBreach(lines, await entryLoad(db, open, known), extra);
  if (breach) throw refusal(breach, to);
}

/** Refuses an owner's edit that takes the entry's total from `before` past the ceiling. */
export function refuseEditOverCeiling(before: number, after: number): void {
  const breach = editCeilingBreach(before, after);
  if (breach) throw refusal(breach, 'owner');
}

/** An entry's total from lines in hand (an edit's before and after): lines plus fees. */
export function entryTotalOf(
  order: Pick<OrderRecord, 'kind' | 'costoConsegna' | 'serviceFee'>,
  lines: Iterable<TotalsLine>,
): number {
  // TOTALE before any discount, by the one rule (shared-schema order-totals): the ceiling bounds it.
  const charges = {
    tipo: order.kind === 'consegna' ? ('Consegna' as const) : null,
    costoConsegna: order.costoConsegna,
    serviceFee: order.serviceFee,
  };
  return orderBill(charges, [...lines]).total;
}
