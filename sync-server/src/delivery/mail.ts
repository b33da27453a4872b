import {
  formatEuro,
  orderBill,
  type ReservationLine,
  type TableOrder,
  t,
  variantLabels,
} from '@comanda/shared-schema';
import type { Mail } from '../mail/mail.ts';

/** 'Formato: Maxi; Ingredienti: Funghi, Mozzarella extra', or '' without choices (receipts' rule). */
function variantText(line: ReservationLine): string {
  return variantLabels(line.variant).join('; ');
}

/**
 * The customer's confirmation once the venue accepted a delivery or pickup (spec 2.11: "an e-mail
 * with the details will arrive once the order is confirmed"): the summary of spec 2.10 (type,
 * time, name, phone, address, city, notes, then the lines and the totals, with the card fee
 * the customer paid, if any). Null without an address to write to.
 */
export function deliveryAcceptedMail(entry: TableOrder, venueName: string, serviceFee = 0): Mail | null {
  if (!entry.email) return null;
  const consegna = entry.tipo === 'Consegna';
  const lines = entry.reservations.filter((line) => line.status !== 'owner_deleted');
  // The one rule of every screen and of the history (shared-schema order-totals), the card fee as charged.
  const totals = orderBill({ ...entry, serviceFee }, lines);
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
    totals.serviceFee > 0 ? `${t.rowServiceCosts}: ${formatEuro(totals.serviceFee)}` : null,
    `${t.rowTotal}: ${formatEuro(totals.total)}`,
    totals.sconto > 0 ? `${t.rowDiscount}: -${formatEuro(totals.sconto)}` : null,
    totals.sconto > 0 ? `${t.rowNewTotal}: ${formatEuro(totals.newTotal)}` : null,
    `Pagamento: ${entry.paymentIntentId ? `con carta${entry.statusPay === 1 ? ', pagato' : ', non ancora pagato'}` : consegna ? 'alla consegna' : 'alla cassa, al ritiro'}`,
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

/**
 * The customer's notice that a card-paid delivery or pickup was refused and its payment given
 * back ("the order is removed and the customer told by e-mail"). Null without an address.
 */
export function deliveryRefundedMail(entry: TableOrder, serviceFee: number, venueName: string): Mail | null {
  if (!entry.email) return null;
  const consegna = entry.tipo === 'Consegna';
  const totals = orderBill({ ...entry, serviceFee }, entry.reservations);
  const what = `${consegna ? t.delivery : t.pickup}${entry.orario ? ` delle ${entry.orario}` : ''}`;
  return {
    to: entry.email,
    subject: `Ordine non accettato - ${venueName}`,
    text: [
      entry.nome ? `Ciao ${entry.nome},` : 'Ciao,',
      '',
      `${venueName} non può accettare il tuo ordine (${what}).`,
      `Il pagamento con carta di ${formatEuro(totals.total)} è stato rimborsato: l'importo tornerà sulla tua carta nei prossimi giorni lavorativi.`,
      '',
      'Ci scusiamo per il disagio.',
      venueName,
    ].join('\n'),
  };
}
