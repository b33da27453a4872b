import {
  type CartLine,
  cartLineKey,
  cartTotal,
  type DeliverySlots,
  deliveryFee,
  formatEuro,
  linesToSend,
  lineTotal,
  type OrderFormData,
  t,
  tf,
} from '@comanda/shared-schema';
import type { ReactNode } from 'react';
import { Button } from '../components/button.tsx';
import { variantSummary } from '../ordering/cart-line.tsx';
import './delivery-form.css';

/** The summary's money: the fee shown is the one orderDelivery must carry as costoConsegna. */
export function summaryTotals(
  lines: readonly CartLine[],
  deliveryOption: OrderFormData['deliveryOption'],
  costoConsegna: number,
): { subtotal: number; fee: number; total: number } {
  const subtotal = cartTotal(lines);
  const fee = deliveryFee(deliveryOption, costoConsegna);
  return { subtotal, fee, total: subtotal + fee };
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
  /** 'Vai al pagamento' (choice carta, issue 7): shown only when given. */
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
 * and note; the totals (Costo consegna only for consegna); 'Indietro' and 'Invia ordine'.
 */
export function OrderSummary({
  form,
  lines,
  costoConsegna,
  asap,
  onBack,
  onSend,
  onGoToPayment,
  sending = false,
  message,
}: OrderSummaryProps) {
  const sent = linesToSend(lines);
  const { subtotal, fee, total } = summaryTotals(sent, form.deliveryOption, costoConsegna);
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
      <dl className="os-totals">
        <dt>{t.rowSubtotal}</dt>
        <dd>{formatEuro(subtotal)}</dd>
        {consegna ? (
          <>
            <dt>{t.rowDeliveryCost}</dt>
            <dd>{formatEuro(fee)}</dd>
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
        {onGoToPayment ? (
          <Button variant="secondary" onPress={onGoToPayment} isDisabled={sending}>
            {t.goToPayment}
          </Button>
        ) : null}
        <Button variant="primary" onPress={onSend} isDisabled={sending}>
          {t.sendOrder}
        </Button>
      </div>
    </section>
  );
}
