import {
  MAX_LINE_AMOUNT,
  type OrderRow,
  type OrderTotals,
  orderBill,
  PRICE_STEP_CENTS,
  type ReservationLine,
} from '@comanda/shared-schema';

/** Spec 5: the owner's quantity minus is disabled at 1 or less. */
export const amountMinusDisabled = (amount: number): boolean => amount <= 1;

/** One step of the owner's quantity stepper, kept within 1..999. */
export function stepAmount(amount: number, dir: 1 | -1): number {
  return Math.min(MAX_LINE_AMOUNT, Math.max(1, amount + dir));
}

/**
 * The mobile quantity input (spec 5): text with a '-' or a zero quantity ('0', '00', empty)
 * resets to 1. ('10' keeps its zero: resetting it would make ten impossible to type.)
 */
export function parseMobileAmount(text: string): number {
  if (text.includes('-')) return 1;
  const n = Number.parseInt(text.replace(/\D+/g, ''), 10);
  if (!Number.isFinite(n) || n <= 0) return 1;
  return Math.min(MAX_LINE_AMOUNT, n);
}

/** Spec 5: the price minus is disabled at 0 or less; step 0,50 €. */
export const priceMinusDisabled = (cents: number): boolean => cents <= 0;

export function stepPrice(cents: number, dir: 1 | -1): number {
  return Math.max(0, cents + dir * PRICE_STEP_CENTS);
}

/** Spec 5: the discount field is hidden with a payment intent or before the order is accepted. */
export function discountVisible(order: Pick<OrderRow, 'paymentIntentId' | 'accettato'>): boolean {
  return !order.paymentIntentId && order.accettato !== 0;
}

/**
 * A card order (one with a payment intent) costs what its payment charged, so the server refuses
 * (409, t.cardOrderAmountsLocked) every price, quantity, delete or restore edit and every added
 * line, out-of-menu or 'Aggiungi piatti'. Notes and the kitchen status still change.
 */
export const amountsLocked = (order: Pick<OrderRow, 'paymentIntentId'>): boolean =>
  Boolean(order.paymentIntentId);

export const discountMinusDisabled = (sconto: number): boolean => sconto <= 0;
/** Spec 5: the discount never reaches the subtotal, so plus stops one step before it. */
export const discountPlusDisabled = (sconto: number, subtotal: number): boolean =>
  sconto + PRICE_STEP_CENTS >= subtotal;

/** One 0,50 € discount step, never below 0 nor reaching the subtotal (it stays put instead). */
export function stepDiscount(sconto: number, dir: 1 | -1, subtotal: number): number {
  const next = sconto + dir * PRICE_STEP_CENTS;
  if (next < 0) return 0;
  if (dir > 0 && next >= subtotal) return sconto;
  return next;
}

/**
 * The order view's rows (spec 2.12) by the one rule of every screen and of the history
 * (shared-schema `orderBill`): owner_deleted lines count 0, the delivery fee only for 'Consegna'
 * (spec 9), the card service fee only for a card payment, a discount that no longer fits (lines
 * deleted after it was set) capped as the server caps it.
 */
export function viewTotals(
  order: Pick<OrderRow, 'tipo' | 'costoConsegna' | 'paymentIntentId' | 'sconto'>,
  lines: readonly Pick<ReservationLine, 'price' | 'amount' | 'status'>[],
): OrderTotals {
  return orderBill(order, lines);
}

/** The variants chosen on a line, as one text ('Formato: Grande, Extra: Bufala'). */
export function variantText(line: Pick<ReservationLine, 'variant'>): string {
  const parts: string[] = [];
  for (const v of line.variant) {
    const sel = v.selected;
    const labels = Array.isArray(sel) ? sel.map((o) => o.label) : sel ? [sel.label] : [];
    if (labels.length > 0) parts.push(`${v.name}: ${labels.join(', ')}`);
  }
  return parts.join('; ');
}
