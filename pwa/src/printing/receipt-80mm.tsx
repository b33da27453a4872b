import { formatEuro, type PrintData, t, tf, VENUE_TIME_ZONE } from '@comanda/shared-schema';

const printedAtFormat = new Intl.DateTimeFormat('it-IT', {
  timeZone: VENUE_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
});

/** '15/07/2025 20:31', venue time. */
function printedAt(instant: string): string {
  const ms = Date.parse(instant);
  return Number.isFinite(ms) ? printedAtFormat.format(ms).replace(',', '') : instant;
}

/** 'Tavolo 4', or the delivery's kind ('Consegna', 'Ritiro'). */
export function receiptTitle(data: PrintData): string {
  if (data.number != null) return tf.table(data.number);
  return data.tipo ?? t.delivery;
}

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

/**
 * One receipt as the browser prints it on 80 mm paper (spec 2.12: venue name and table number),
 * from the same `PrintData` the print bridge renders: a delivery's details, the lines with
 * quantity, variants, note and price, and, for the whole order, the totals of spec 2.12.
 */
export function Receipt80({ data }: { data: PrintData }) {
  const delivery = data.number == null;
  const who = [data.nome, data.cognome].filter(Boolean).join(' ');
  const time = data.orario ? (data.primaPossibile ? tf.asapAssigned(data.orario) : data.orario) : null;
  const { totals } = data;
  const whole = data.filter === 'tutto';
  return (
    <article className="pv-receipt" aria-label={`${t.receipt} ${receiptTitle(data)}`}>
      <h2 className="pv-venue">{data.venueName}</h2>
      <p className="pv-title">{receiptTitle(data)}</p>
      {delivery ? (
        <dl className="pv-details">
          <Row label={t.time} value={time} />
          <Row label={t.firstName} value={who} />
          <Row label={t.phone} value={data.telefono} />
          <Row label={t.addressAndNumber} value={data.indirizzo} />
          <Row label={t.city} value={data.comune} />
          <Row label={t.deliveryNotes} value={data.noteConsegna} />
        </dl>
      ) : null}
      {whole ? null : <p className="pv-area">{tf.printArea(data.filter)}</p>}
      <table className="pv-lines">
        {/* A receipt has no column heads on paper; a screen reader still gets them. */}
        <thead className="pv-heads">
          <tr>
            <th scope="col">
              <span className="visually-hidden">{t.columnQuantity}</span>
            </th>
            <th scope="col">
              <span className="visually-hidden">{t.columnName}</span>
            </th>
            <th scope="col">
              <span className="visually-hidden">{t.columnPrice}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {data.reservations.map((line) => (
            <tr key={line.id}>
              <td className="pv-qty">{line.amount}×</td>
              <td>
                {line.name}
                {line.variantLabels.map((label) => (
                  <small key={label}>{label}</small>
                ))}
                {line.note ? <small>{line.note}</small> : null}
              </td>
              <td className="pv-price">{formatEuro(line.total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {whole ? (
        <dl className="pv-totals">
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
          <dt className="pv-total">{t.rowTotal}</dt>
          <dd className="pv-total">{formatEuro(totals.total)}</dd>
          {totals.sconto > 0 ? (
            <>
              <dt>{t.rowDiscount}</dt>
              <dd>{formatEuro(totals.sconto)}</dd>
              <dt className="pv-total">{t.rowNewTotal}</dt>
              <dd className="pv-total">{formatEuro(totals.newTotal)}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <p className="pv-foot">{tf.printedAt(printedAt(data.printedAt))}</p>
    </article>
  );
}
