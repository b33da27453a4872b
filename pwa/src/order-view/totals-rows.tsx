import { formatEuro, type OrderRow, type OrderTotals, t } from '@comanda/shared-schema';
import { DiscountEditor } from './discount-editor.tsx';
import { discountVisible } from './order-logic.ts';

/**
 * The rows under the lines (spec 2.12): Subtotale, Costo consegna (deliveries), Costi di servizio
 * (card payments), TOTALE, then Sconto and NUOVO TOTALE where a discount is possible (spec 5).
 */
export function TotalsRows({
  order,
  totals,
  editing,
  onDiscount,
}: {
  order: OrderRow;
  totals: OrderTotals;
  editing: boolean;
  onDiscount: (cents: number) => void;
}) {
  const withDiscount = discountVisible(order);
  return (
    <dl className="ov-totals" aria-label={t.orderTotals}>
      <div>
        <dt>{t.rowSubtotal}</dt>
        <dd>{formatEuro(totals.subtotal)}</dd>
      </div>
      {order.tipo === 'Consegna' ? (
        <div>
          <dt>{t.rowDeliveryCost}</dt>
          <dd>{formatEuro(totals.costoConsegna)}</dd>
        </div>
      ) : null}
      {order.paymentIntentId ? (
        <div>
          <dt>{t.rowServiceCosts}</dt>
          <dd>{formatEuro(totals.serviceFee)}</dd>
        </div>
      ) : null}
      <div className="ov-total">
        <dt>{t.rowTotal}</dt>
        <dd>{formatEuro(totals.total)}</dd>
      </div>
      {withDiscount ? (
        <>
          <div>
            <dt>{t.rowDiscount}</dt>
            <dd>
              {editing ? (
                <DiscountEditor sconto={totals.sconto} subtotal={totals.subtotal} onDiscount={onDiscount} />
              ) : (
                formatEuro(totals.sconto)
              )}
            </dd>
          </div>
          <div className="ov-total">
            <dt>{t.rowNewTotal}</dt>
            <dd>{formatEuro(totals.newTotal)}</dd>
          </div>
        </>
      ) : null}
    </dl>
  );
}
