import { PRICE_STEP_CENTS } from '../constants.ts';

/**
 * Totals of the order view (spec 2.12 rows): Subtotale, Costo consegna, Costi di servizio,
 * TOTALE, Sconto, NUOVO TOTALE. Lines deleted by the owner count as 0 (spec 4). Cents.
 */
export interface TotalsLine {
  /** Unit price in cents, options included. */
  price: number;
  amount: number;
  status?: string;
}
export interface OrderTotals {
  subtotal: number;
  costoConsegna: number;
  serviceFee: number;
  total: number;
  sconto: number;
  newTotal: number;
}

export function orderSubtotal(lines: readonly TotalsLine[]): number {
  return lines.reduce(
    (sum, line) => (line.status === 'owner_deleted' ? sum : sum + line.price * line.amount),
    0,
  );
}

export function orderTotals(
  lines: readonly TotalsLine[],
  extra: { costoConsegna?: number; serviceFee?: number; sconto?: number } = {},
): OrderTotals {
  const subtotal = orderSubtotal(lines);
  const costoConsegna = extra.costoConsegna ?? 0;
  const serviceFee = extra.serviceFee ?? 0;
  const total = subtotal + costoConsegna + serviceFee;
  const sconto = extra.sconto ?? 0;
  return { subtotal, costoConsegna, serviceFee, total, sconto, newTotal: total - sconto };
}

/**
 * Discount (spec 5): steps of 0,50 €, never below 0, never reaching the subtotal. A zero
 * discount is always allowed, even on an empty order.
 */
export function isValidDiscount(sconto: number, subtotal: number): boolean {
  if (!Number.isSafeInteger(sconto) || sconto < 0) return false;
  if (sconto === 0) return true;
  return sconto % PRICE_STEP_CENTS === 0 && sconto < subtotal;
}
