import {
  customerName,
  deskTitle,
  formatEuro,
  type ReservationLine,
  t,
  tf,
  timeLabel,
  variantText,
} from '@comanda/shared-schema';
import { memo, type ReactNode } from 'react';
import { ToggleButton, ToggleButtonGroup } from 'react-aria-components';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import { CardLockedNote } from '../../order-view/card-locked-note.tsx';
import { amountsLocked } from '../../order-view/order-logic.ts';
import { cardPayStatus, type DeskEntry, paymentMethodLabel } from './desk-logic.ts';
import type { DeskActions } from './use-delivery-desk.ts';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="desk-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function LineItem({ line }: { line: ReservationLine }) {
  const deleted = line.status === 'owner_deleted';
  const variants = variantText(line.variant);
  const total = deleted ? 0 : line.price * line.amount;
  return (
    <li className="desk-line">
      <span className="desk-qty">{line.amount}×</span>{' '}
      <span className="desk-line-body">
        {deleted ? (
          <s className="desk-line-name">{line.name}</s>
        ) : (
          <span className="desk-line-name">{line.name}</span>
        )}
        {variants && <span className="desk-line-extra"> {variants}</span>}
        {line.note && <span className="desk-line-extra desk-line-note"> {line.note}</span>}
      </span>{' '}
      <span className="desk-line-total">{formatEuro(total)}</span>
    </li>
  );
}

/**
 * One delivery or pickup on the desk (spec 2.10's summary, as the owner needs it): who, when,
 * where, what, how much and how it is paid; the payment status of a cassa order can be changed
 * (a card order's is Stripe's, shown), and a pending order is accepted or rejected (`onReject`
 * asks first), selected for 'Rifiuta selezionati', or rejected with its sender blocked (`onBlock`
 * asks first).
 */
export const DeliveryCard = memo(function DeliveryCard({
  entry,
  isNew,
  actions,
  onReject,
  onBlock,
  selected,
  onSelect,
  onAddDishes,
}: {
  entry: DeskEntry;
  isNew: boolean;
  actions: DeskActions;
  onReject?: (entry: DeskEntry) => void;
  onBlock?: (entry: DeskEntry) => void;
  selected?: boolean;
  onSelect?: (entry: DeskEntry, selected: boolean) => void;
  /** Accepted orders: more dishes for the same delivery (a customer's phone call, say). */
  onAddDishes?: (entry: DeskEntry) => void;
}) {
  const { order, totals } = entry;
  const title = deskTitle(order);
  const headingId = `desk-${entry.key}`;
  const name = customerName(order);
  const isDelivery = order.tipo === 'Consegna';
  const pending = order.accettato === 0;
  const paid = order.statusPay === 1;
  const card = cardPayStatus(order);
  const locked = amountsLocked(order);
  return (
    <article
      className={`desk-card${isNew ? ' desk-card-new' : ''}${pending ? '' : ' desk-card-accepted'}`}
      aria-labelledby={headingId}
    >
      <header className="desk-card-head">
        {pending && onSelect && (
          <Checkbox
            aria-label={tf.selectDelivery(title)}
            isSelected={selected ?? false}
            onChange={(on) => onSelect(entry, on)}
          >
            {t.selectOne}
          </Checkbox>
        )}
        <h3 id={headingId} className="desk-card-title">
          <span className={`desk-kind desk-kind-${isDelivery ? 'delivery' : 'pickup'}`}>
            {order.tipo ?? t.delivery}
          </span>{' '}
          <span className="desk-time">{timeLabel(order)}</span>{' '}
          {name && <span className="desk-name">{name}</span>}
        </h3>
      </header>
      <dl className="desk-facts">
        {order.telefono && (
          <Fact label={t.phone}>
            <a className="desk-tel" href={`tel:${order.telefono}`}>
              {order.telefono}
            </a>
          </Fact>
        )}
        {order.indirizzo && <Fact label={t.addressAndNumber}>{order.indirizzo}</Fact>}
        {order.comune && <Fact label={t.city}>{order.comune}</Fact>}
        {order.email && <Fact label={t.email}>{order.email}</Fact>}
        {order.noteConsegna && <Fact label={t.deliveryNotes}>{order.noteConsegna}</Fact>}
      </dl>
      {entry.lines.length > 0 ? (
        <ul className="desk-lines" aria-label={t.orderLines}>
          {entry.lines.map((line) => (
            <LineItem key={line.id} line={line} />
          ))}
        </ul>
      ) : (
        <p className="desk-muted">{t.emptyOrder}</p>
      )}
      {/* The order view's rows (spec 2.12): the discount and NUOVO TOTALE once one is given. */}
      <dl className="desk-totals" aria-label={t.orderTotals}>
        <Fact label={t.rowSubtotal}>{formatEuro(totals.subtotal)}</Fact>
        {isDelivery && <Fact label={t.rowDeliveryCost}>{formatEuro(totals.costoConsegna)}</Fact>}
        {totals.serviceFee > 0 && <Fact label={t.rowServiceCosts}>{formatEuro(totals.serviceFee)}</Fact>}
        <Fact label={t.rowTotal}>{formatEuro(totals.total)}</Fact>
        {totals.sconto > 0 && <Fact label={t.rowDiscount}>{formatEuro(totals.sconto)}</Fact>}
        {totals.sconto > 0 && <Fact label={t.rowNewTotal}>{formatEuro(totals.newTotal)}</Fact>}
      </dl>
      <div className="desk-pay">
        <p className="desk-pay-method">
          <span className="desk-muted">{t.paymentMethod}:</span> {paymentMethodLabel(order)}
        </p>
        {/* Card orders: Stripe's status, not the owner's to flip (money moves back only by rejecting). */}
        {card ? (
          <p className={`desk-pay-method badge ${card.paid ? 'badge-ok' : 'badge-warn'}`}>{card.label}</p>
        ) : (
          <ToggleButtonGroup
            aria-label={tf.paymentStatusOf(title)}
            selectionMode="single"
            disallowEmptySelection
            selectedKeys={[paid ? 'paid' : 'unpaid']}
            onSelectionChange={(keys) => {
              const next = [...keys][0] === 'paid';
              if (next !== paid) actions.setPaid(entry, next);
            }}
            className="desk-pay-choice"
          >
            <ToggleButton id="paid" className="desk-toggle desk-toggle-paid">
              {t.paid}
            </ToggleButton>
            <ToggleButton id="unpaid" className="desk-toggle desk-toggle-unpaid">
              {t.notPaid}
            </ToggleButton>
          </ToggleButtonGroup>
        )}
      </div>
      {pending && (
        <div className="desk-actions">
          <Button
            variant="primary"
            className="desk-action"
            aria-label={tf.deliveryAction(t.accept, title)}
            onPress={() => actions.accept(entry)}
          >
            {t.accept}
          </Button>
          <Button
            variant="secondary"
            className="desk-action desk-reject"
            aria-label={tf.deliveryAction(t.reject, title)}
            onPress={() => onReject?.(entry)}
          >
            {t.reject}
          </Button>
        </div>
      )}
      {pending && onBlock && (
        <div className="desk-actions">
          <Button
            variant="ghost"
            className="desk-action desk-block"
            aria-label={tf.deliveryAction(t.blockSender, title)}
            onPress={() => onBlock(entry)}
          >
            {t.blockSender}
          </Button>
        </div>
      )}
      {/* A card order takes no more dishes: the server refuses them, the note says why. */}
      {onAddDishes && locked && <CardLockedNote />}
      {onAddDishes && !locked && (
        <div className="desk-actions">
          <Button
            variant="secondary"
            className="desk-action"
            aria-label={tf.deliveryAction(t.addDishes, title)}
            onPress={() => onAddDishes(entry)}
          >
            {t.addDishes}
          </Button>
        </div>
      )}
    </article>
  );
});
