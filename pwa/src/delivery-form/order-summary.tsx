import {
  type CartLine,
  cartLineKey,
  type DeliverySlots,
  dishUnitPrice,
  formatEuro,
  linesToSend,
  lineTotal,
  type OrderFormData,
  orderBill,
  t,
  tf,
} from '@comanda/shared-schema';
import type { ReactNode } from 'react';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import { Button } from '../components/button.tsx';
import { variantSummary } from '../ordering/cart-line.tsx';
import { ServiceCostsInfo } from './service-costs-info.tsx';
import './delivery-form.css';

/** Spec 4's payment choice: carta (pay now) or cassa (at the counter or on delivery). */
export type PayWith = 'carta' | 'cassa';

/**
 * The summary's money: the fee shown is the one orderDelivery must carry as costoConsegna; paying
 * by card adds the card service fee of spec 9 on lines and delivery fee (customers only: an
 * owner's order never offers carta). The server charges its own computation of the same.
 */
export function summaryTotals(
  lines: readonly CartLine[],
  deliveryOption: OrderFormData['deliveryOption'],
  costoConsegna: number,
  payWith: PayWith = 'cassa',
): { subtotal: number; fee: number; serviceFee: number; total: number } {
  // The one rule of every total (shared-schema order-totals), on the cart's priced lines.
  const priced = linesToSend(lines).map((line) => ({ price: dishUnitPrice(line), amount: line.amount }));
  const tipo = deliveryOption === 'consegna' ? 'Consegna' : 'Ritiro';
  const bill = orderBill({ tipo, costoConsegna, card: payWith === 'carta' }, priced);
  return { subtotal: bill.subtotal, fee: bill.costoConsegna, serviceFee: bill.serviceFee, total: bill.total };
}

/** 'Orario' as the summary shows it: the asap range, or the chosen slot. */
export function summaryTime(form: OrderFormData, asap: DeliverySlots['asap']): string {
  if (form.timeOption === 'asap') return asap ? tf.asapRange(asap[0], asap[1]) : t.asSoonAsPossible;
  return form.deliveryTime ?? '';
}

export interface OrderSummaryProps {
  form: OrderFormData;
  lines: readonly CartLine[];
  /** The venue's fee (cents) from deliveryOptions; added only for consegna. */
  costoConsegna: number;
  /** The plan's 'Prima possibile' range, to show with that choice. */
  asap: DeliverySlots['asap'];
  /** 'Indietro': back to the form. */
  onBack: () => void;
  /** 'Invia ordine' (payment choice cassa). */
  onSend: () => void;
  /**
   * Where the venue offers carta (spec 4, customer order flow): the choice carta / cassa is shown
   * (an owner's order never passes it), and with carta 'Costi di servizio' (spec 9) and 'Vai al
   * pagamento' instead of 'Invia ordine'.
   */
  payWith?: PayWith;
  onPayWith?: (choice: PayWith) => void;
  /** 'Vai al pagamento' (choice carta). */
  onGoToPayment?: () => void;
  /** While the send is under way: both actions wait. */
  sending?: boolean;
  /** A refusal shown inline (e.g. FEE_CHANGED); dialogs are separate (refusal-dialogs.tsx). */
  message?: ReactNode;
}

function Detail({ label, value }: { label: string; value: string }) {
  if (value.trim() === '') return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

/**
 * 'Riepilogo ordine' (spec 2.10): type, Orario, name with surname, phone, address, city, e-mail
 * and delivery notes when present; the lines with quantity badge, name, line total, variants
 * and note; the payment choice when carta is offered; the totals (Costo consegna only for
 * consegna, 'Costi di servizio' with its info only for carta); 'Indietro' and 'Invia ordine' or,
 * for carta, 'Vai al pagamento'.
 */
export function OrderSummary({
  form,
  lines,
  costoConsegna,
  asap,
  onBack,
  onSend,
  payWith,
  onPayWith,
  onGoToPayment,
  sending = false,
  message,
}: OrderSummaryProps) {
  const sent = linesToSend(lines);
  const byCard = onPayWith !== undefined && onGoToPayment !== undefined && payWith === 'carta';
  const { subtotal, fee, serviceFee, total } = summaryTotals(
    sent,
    form.deliveryOption,
    costoConsegna,
    byCard ? 'carta' : 'cassa',
  );
  const consegna = form.deliveryOption === 'consegna';
  return (
    <section className="order-summary" aria-labelledby="os-title">
      <h2 id="os-title">{t.orderSummary}</h2>
      <dl className="os-details">
        <Detail label={t.deliveryType} value={consegna ? t.delivery : t.pickup} />
        <Detail label={t.time} value={summaryTime(form, asap)} />
        <Detail label={t.firstName} value={`${form.name.trim()} ${form.surname.trim()}`} />
        <Detail label={t.phone} value={form.phoneNumber} />
        {consegna ? <Detail label={t.addressAndNumber} value={form.address} /> : null}
        {consegna ? <Detail label={t.city} value={form.city} /> : null}
        <Detail label={t.email} value={form.email} />
        <Detail label={t.deliveryNotes} value={form.noteDelivery} />
      </dl>
      <ul className="os-lines">
        {sent.map((line) => (
          <li key={cartLineKey(line)} className="os-line">
            <div className="os-line-head">
              <span className="os-badge">{line.amount}</span>
              <span className="os-line-name">{line.name}</span>
              <span className="os-line-total">{formatEuro(lineTotal(line))}</span>
            </div>
            {variantSummary(line).map(([name, labels]) => (
              <p key={name} className="os-line-extra">
                {name}: {labels}
              </p>
            ))}
            {line.note ? <p className="os-line-extra os-line-note">{line.note}</p> : null}
          </li>
        ))}
      </ul>
      {onPayWith && onGoToPayment ? (
        <RadioGroup
          className="df-radios"
          value={payWith ?? null}
          onChange={(v) => onPayWith(v === 'carta' ? 'carta' : 'cassa')}
          isDisabled={sending}
        >
          <Label className="label">{t.paymentMethod}</Label>
          <Radio value="carta" className="df-radio">
            {t.payByCard}
          </Radio>
          <Radio value="cassa" className="df-radio">
            {t.payAtCounter}
          </Radio>
        </RadioGroup>
      ) : null}
      <dl className="os-totals">
        <dt>{t.rowSubtotal}</dt>
        <dd>{formatEuro(subtotal)}</dd>
        {consegna ? (
          <>
            <dt>{t.rowDeliveryCost}</dt>
            <dd>{formatEuro(fee)}</dd>
          </>
        ) : null}
        {byCard ? (
          <>
            <dt className="os-service">
              {t.rowServiceCosts} <ServiceCostsInfo />
            </dt>
            <dd>{formatEuro(serviceFee)}</dd>
          </>
        ) : null}
        <dt className="os-total">{t.orderTotal}</dt>
        <dd className="os-total">{formatEuro(total)}</dd>
      </dl>
      {message ? (
        <p role="alert" className="field-error">
          {message}
        </p>
      ) : null}
      <div className="btn-row df-actions">
        <Button variant="secondary" onPress={onBack} isDisabled={sending}>
          {t.back}
        </Button>
        {byCard && onGoToPayment ? (
          <Button variant="primary" onPress={onGoToPayment} isDisabled={sending}>
            {t.goToPayment}
          </Button>
        ) : (
          <Button variant="primary" onPress={onSend} isDisabled={sending}>
            {t.sendOrder}
          </Button>
        )}
      </div>
    </section>
  );
}
