import type { Tipo } from '../entities.ts';
import { cardFee } from './card-fee.ts';

/**
 * Totals of the order view (spec 2.12 rows): Subtotale, Costo consegna, Costi di servizio,
 * TOTALE, Sconto, NUOVO TOTALE. Lines deleted by the owner count as 0 (spec 4). Cents.
 *
 * This file is the one place an order's money is added up: every screen (dashboard ticket, order
 * view, delivery desk, Home, the customer's history and summary), the mail, the print payload,
 * the history the server writes when an order is completed and so the reports all call
 * `orderBill` (or `orderTotals` below it), so one order shows one total everywhere.
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
  /** Subtotale + Costo consegna + Costi di servizio. */
  total: number;
  /** The discount as charged: never below 0 nor above the subtotal. */
  sconto: number;
  /** TOTALE - Sconto: what the order costs the customer. */
  newTotal: number;
}

export function orderSubtotal(lines: readonly TotalsLine[]): number {
  return lines.reduce(
    (sum, line) => (line.status === 'owner_deleted' ? sum : sum + line.price * line.amount),
    0,
  );
}

/**
 * The discount as it is charged. Spec 5 keeps it below the subtotal when it is set; lines
 * deleted afterwards may leave it above, and then it is capped at the subtotal, so an order never
 * costs less than its fees.
 */
export function chargedDiscount(sconto: number, subtotal: number): number {
  return Math.max(0, Math.min(sconto, subtotal));
}

export function orderTotals(
  lines: readonly TotalsLine[],
  extra: { costoConsegna?: number; serviceFee?: number; sconto?: number } = {},
): OrderTotals {
  const subtotal = orderSubtotal(lines);
  const costoConsegna = extra.costoConsegna ?? 0;
  const serviceFee = extra.serviceFee ?? 0;
  const total = subtotal + costoConsegna + serviceFee;
  const sconto = chargedDiscount(extra.sconto ?? 0, subtotal);
  return { subtotal, costoConsegna, serviceFee, total, sconto, newTotal: total - sconto };
}

/**
 * Totals given another discount (the print message's own `sconto`, spec 3): capped as always,
 * NUOVO TOTALE recomputed.
 */
export function withDiscount(totals: OrderTotals, sconto: number): OrderTotals {
  const capped = chargedDiscount(sconto, totals.subtotal);
  return { ...totals, sconto: capped, newTotal: totals.total - capped };
}

/**
 * What an order is charged besides its lines, in the wire's words (spec 3): a dashboard entry
 * (`OrderRow`, `TableOrder`) is one as it is.
 */
export interface OrderCharges {
  /** Spec 9: the delivery fee is added only for 'Consegna'. */
  tipo?: Tipo | null;
  costoConsegna?: number | null;
  sconto?: number | null;
  /** A card order has a payment intent (spec 9: the service fee is charged to card payers only). */
  paymentIntentId?: string | null;
  /** Paying by card, said outright where no intent exists yet (the customer's summary). */
  card?: boolean;
  /**
   * The card fee as it was charged, where it is kept (the server's order row). Without it the
   * fee is spec 9's formula on lines and delivery fee: the same figure, as a card order's amounts
   * are locked once its intent exists.
   */
  serviceFee?: number | null;
}

/**
 * An order's totals (spec 2.12): its lines (owner_deleted ones count 0), the delivery fee for a
 * 'Consegna' (spec 9), the card service fee for a card payment (spec 9, rounded up to the cent
 * by `cardCharge`), the discount capped at the subtotal; NUOVO TOTALE is what the customer pays.
 */
export function orderBill(charges: OrderCharges, lines: readonly TotalsLine[]): OrderTotals {
  const costoConsegna = charges.tipo === 'Consegna' ? (charges.costoConsegna ?? 0) : 0;
  const card = charges.card ?? Boolean(charges.paymentIntentId);
  const serviceFee = charges.serviceFee ?? (card ? cardFee(orderSubtotal(lines) + costoConsegna) : 0);
  return orderTotals(lines, { costoConsegna, serviceFee, sconto: charges.sconto ?? 0 });
}

/** How an order is settled when it is completed ('Completa'): the owner's confirm says it. */
export interface Collection {
  /** cassa: at the counter or on delivery; carta: paid online (spec 4's payment choice). */
  method: 'cassa' | 'carta';
  /** Paid already: a card payment Stripe confirmed, or a cassa payment the owner marked. */
  paid: boolean;
  /** Cents to collect now: 0 once paid. */
  due: number;
  /** Cents the order is recorded at in the history (and so in the reports). */
  amount: number;
}

/**
 * What completing an order collects. A card payment confirmed (statusPay 1): nothing to collect.
 * A card order not paid: its intent is canceled at completion and the customer pays cassa,
 * without the card fee that only card payers pay (spec 9), as the server then records it. A
 * cassa order the owner marked paid on the desk: nothing left to collect.
 */
export function orderCollection(
  order: { paymentIntentId?: string | null; statusPay?: number | null },
  totals: OrderTotals,
): Collection {
  const paid = order.statusPay === 1;
  if (order.paymentIntentId) {
    if (paid) return { method: 'carta', paid, due: 0, amount: totals.newTotal };
    const amount = totals.newTotal - totals.serviceFee;
    return { method: 'cassa', paid, due: amount, amount };
  }
  return { method: 'cassa', paid, due: paid ? 0 : totals.newTotal, amount: totals.newTotal };
}

/**
 * Discount (spec 5): never below 0, never reaching the subtotal. Any whole cent: the steppers
 * move it by 0,50 €, but a typed amount or a percentage ('10%' of 23,45 € is 2,35 €) lands
 * between steps. A zero discount is always allowed, even on an empty order.
 */
export function isValidDiscount(sconto: number, subtotal: number): boolean {
  if (!Number.isSafeInteger(sconto) || sconto < 0) return false;
  if (sconto === 0) return true;
  return sconto < subtotal;
}
