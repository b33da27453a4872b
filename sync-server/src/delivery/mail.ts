import {
  formatEuro,
  orderTotals,
  type ReservationLine,
  selectedOptions,
  sortByPosition,
  type TableOrder,
  t,
} from '@comanda/shared-schema';
import type { Mail } from '../mail/mailer.ts';

/** 'Formato: Maxi; Ingredienti: Funghi, Mozzarella extra', or '' without choices. */
function variantText(line: ReservationLine): string {
  return sortByPosition(line.variant)
    .flatMap((variant) => {
      const labels = selectedOptions(variant).map((option) => option.label);
      return labels.length > 0 ? [`${variant.name}: ${labels.join(', ')}`] : [];
    })
    .join('; ');
}

/**
 * The customer's confirmation once the venue accepted a delivery or pickup (spec 2.11: "an e-mail
 * with the details will arrive once the order is confirmed"): the summary of spec 2.10 (type,
 * time, name, phone, address, city, notes, then the lines and the totals). Null without an
 * address to write to.
 */
export function deliveryAcceptedMail(entry: TableOrder, venueName: string): Mail | null {
  if (!entry.email) return null;
  const consegna = entry.tipo === 'Consegna';
  const lines = entry.reservations.filter((line) => line.status !== 'owner_deleted');
  const totals = orderTotals(lines, { costoConsegna: consegna ? (entry.costoConsegna ?? 0) : 0 });
  const who = [entry.nome, entry.cognome].filter(Boolean).join(' ');
  const details = [
    `${t.deliveryType}: ${consegna ? t.delivery : t.pickup}`,
    `${t.time}: ${entry.orario ?? ''}${entry.primaPossibile ? ` (${t.asSoonAsPossible})` : ''}`,
    `${t.firstName}: ${who}`,
    entry.telefono ? `${t.phone}: ${entry.telefono}` : null,
    consegna && entry.indirizzo ? `${t.addressAndNumber}: ${entry.indirizzo}` : null,
    consegna && entry.comune ? `${t.city}: ${entry.comune}` : null,
    entry.noteConsegna ? `${t.deliveryNotes}: ${entry.noteConsegna}` : null,
  ].filter((row): row is string => row !== null);
  const rows = lines.map((line) => {
    const extra = [variantText(line), line.note ?? ''].filter(Boolean).join(' - ');
    return `${line.amount} × ${line.name}${extra ? ` (${extra})` : ''}: ${formatEuro(line.price * line.amount)}`;
  });
  const money = [
    `${t.rowSubtotal}: ${formatEuro(totals.subtotal)}`,
    consegna ? `${t.rowDeliveryCost}: ${formatEuro(totals.costoConsegna)}` : null,
    `${t.rowTotal}: ${formatEuro(totals.total)}`,
    `Pagamento: ${entry.paymentIntentId ? 'con carta' : consegna ? 'alla consegna' : 'alla cassa, al ritiro'}`,
  ].filter((row): row is string => row !== null);
  return {
    to: entry.email,
    subject: `Ordine confermato - ${venueName}`,
    text: [
      entry.nome ? `Ciao ${entry.nome},` : 'Ciao,',
      '',
      `${venueName} ha confermato il tuo ordine.`,
      '',
      ...details,
      '',
      ...rows,
      '',
      ...money,
      '',
      'Grazie e a presto!',
      venueName,
    ].join('\n'),
  };
}
