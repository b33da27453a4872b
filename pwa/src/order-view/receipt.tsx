import {
  formatEuro,
  type OrderRow,
  type OrderTotals,
  type ReservationLine,
  t,
  tf,
} from '@comanda/shared-schema';
import { createPortal } from 'react-dom';
import { discountVisible, variantText } from './order-logic.ts';

/** The heading of an entry: 'Tavolo 4', or the delivery's kind and customer. */
export function entryTitle(order: Pick<OrderRow, 'number' | 'tipo' | 'nome' | 'cognome'>): string {
  if (order.number != null) return tf.table(order.number);
  return [order.tipo, order.nome, order.cognome].filter(Boolean).join(' ');
}

/**
 * The receipt (spec 2.12: venue name and table number), laid out for 80 mm paper. It lives in
 * the body, hidden on screen; `@media print` (order-view.css) prints it alone, so 'stampa con il
 * browser' is just `window.print()`.
 */
export function Receipt({
  venue,
  order,
  lines,
  totals,
}: {
  venue: string;
  order: OrderRow;
  lines: readonly ReservationLine[];
  totals: OrderTotals;
}) {
  const live = lines.filter((l) => l.status !== 'owner_deleted');
  const receipt = (
    <section className="ov-receipt" aria-label={t.receipt}>
      <h1>{venue}</h1>
      <h2>{entryTitle(order)}</h2>
      <table>
        <tbody>
          {live.map((l) => (
            <tr key={l.id}>
              <td>
                {tf.lineAmount(l.amount, l.name)}
                {variantText(l) ? <small>{variantText(l)}</small> : null}
                {l.note ? <small>{l.note}</small> : null}
              </td>
              <td>{formatEuro(l.price * l.amount)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl>
        <dt>{t.rowSubtotal}</dt>
        <dd>{formatEuro(totals.subtotal)}</dd>
        {totals.costoConsegna > 0 ? (
          <>
            <dt>{t.rowDeliveryCost}</dt>
            <dd>{formatEuro(totals.costoConsegna)}</dd>
          </>
        ) : null}
        {totals.serviceFee > 0 ? (
          <>
            <dt>{t.rowServiceCosts}</dt>
            <dd>{formatEuro(totals.serviceFee)}</dd>
          </>
        ) : null}
        <dt>{t.rowTotal}</dt>
        <dd>{formatEuro(totals.total)}</dd>
        {discountVisible(order) && totals.sconto > 0 ? (
          <>
            <dt>{t.rowDiscount}</dt>
            <dd>{formatEuro(totals.sconto)}</dd>
            <dt>{t.rowNewTotal}</dt>
            <dd>{formatEuro(totals.newTotal)}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
  return typeof document === 'undefined' ? receipt : createPortal(receipt, document.body);
}
