import {
  type Collection,
  formatEuro,
  type OrderRow,
  type OrderTotals,
  orderCollection,
  t,
} from '@comanda/shared-schema';
import './amount-to-collect.css';

type PaidOrder = Pick<OrderRow, 'tipo' | 'paymentIntentId' | 'statusPay'>;

/**
 * How the order is paid, in the owner's words: 'alla cassa' (a table), 'alla consegna',
 * 'alla cassa, al ritiro', 'con carta, già pagato', or 'carta non pagata, alla consegna' for a
 * card payment that never went through (the customer pays cassa, without the card fee).
 */
export function collectHow(order: PaidOrder, collection: Collection): string {
  const where =
    order.tipo === 'Consegna'
      ? t.collectOnDelivery
      : order.tipo === 'Ritiro'
        ? t.collectAtPickup
        : t.collectAtCounter;
  if (collection.method === 'carta') return `${t.collectByCard}, ${t.collectAlreadyPaid}`;
  if (order.paymentIntentId) return `${t.collectCardNotPaid}, ${where}`;
  return collection.paid ? `${where}, ${t.collectAlreadyPaid}` : where;
}

/**
 * 'Completa' says what to collect before the bill is closed (spec 4: after confirmation the
 * order goes to the history): 'Da incassare 54,00 €' and 'Pagamento: alla cassa', or 'Niente
 * da incassare' with 'Pagamento: con carta, già pagato (63,76 €)'. The amount is the one the
 * history will record (shared-schema `orderCollection`).
 */
export function AmountToCollect({ order, totals }: { order: PaidOrder; totals: OrderTotals }) {
  const collection = orderCollection(order, totals);
  const how = collectHow(order, collection);
  return (
    <div className="collect">
      {collection.due > 0 ? (
        <p className="collect-due">
          <span>{t.collectDue}</span> <strong>{formatEuro(collection.due)}</strong>
        </p>
      ) : (
        <p className="collect-due">{t.collectNothing}</p>
      )}
      <p className="collect-how">
        {t.paymentMethod}: {how}
        {collection.paid ? ` (${formatEuro(collection.amount)})` : ''}
      </p>
    </div>
  );
}
