import { orderBill } from '@comanda/shared-schema';
import type { ChargedTotals, OrderLineRecord, OrderRecord } from '../store/history.ts';
import { orderCharges } from '../store/orders.ts';
import type { CardSettlement } from '../store/payment-status.ts';

/**
 * Spec 2.12 rows as charged: owner_deleted lines count 0; the delivery fee only for consegna
 * (spec 9); the card fee as charged at payment. A discount that no longer fits (lines deleted
 * after it was set) is capped at the subtotal, so nothing is ever charged below the fees.
 */
export function chargedTotals(order: OrderRecord, lines: readonly OrderLineRecord[]): ChargedTotals {
  // The one rule every screen, the mail and the print payload use (shared-schema order-totals).
  const bill = orderBill(orderCharges(order), lines);
  return {
    totaleOrdine: bill.subtotal,
    costoConsegna: bill.costoConsegna,
    serviceFee: bill.serviceFee,
    sconto: bill.sconto,
    totalePagato: bill.newTotal,
  };
}

/** The payment an order's history row records: how it was paid and the totals. */
export interface RecordedPayment {
  paymentMethod: 'cassa' | 'carta';
  totals: ChargedTotals;
}

/**
 * What the history records of an order's payment. Without a card payment: the order's method
 * (a table's null is cassa) and the totals of its lines. A card order records what
 * Stripe kept (`card`, payments/card-order.ts), whatever happened to its lines: that is the
 * amount paid, with the card fee as charged, and anything refunded shows as discount. Stripe
 * kept nothing (never paid, canceled, refunded whole): it was paid at the counter, cassa, and
 * without the card fee, which only card payers pay (spec 9).
 */
export function recordedPayment(
  order: OrderRecord,
  lines: readonly OrderLineRecord[],
  card: CardSettlement | null,
): RecordedPayment {
  if (card === null)
    return { paymentMethod: order.paymentMethod ?? 'cassa', totals: chargedTotals(order, lines) };
  if (card.kept <= 0)
    return { paymentMethod: 'cassa', totals: chargedTotals({ ...order, serviceFee: 0 }, lines) };
  const billed = orderBill(orderCharges(order), lines).total;
  return {
    paymentMethod: 'carta',
    totals: {
      ...chargedTotals(order, lines),
      sconto: Math.max(0, billed - card.kept),
      totalePagato: card.kept,
    },
  };
}
