import { romeTime } from '@comanda/shared-schema';
import type { TicketBuilder } from './document.ts';
import type { TicketSource } from './source.ts';
import { ticketTexts as tt } from './texts.ts';

/** '21/03/2025 20:31' in venue time (Europe/Rome), whatever the bridge's clock zone. */
export function printedAtText(iso: string): string {
  try {
    const { date, time } = romeTime(iso);
    const [y, m, d] = date.split('-');
    return `${d}/${m}/${y} ${time}`;
  } catch {
    return '';
  }
}

/** 'Tavolo 12', or 'Consegna 20:30' / 'Ritiro 20:30': the line a ticket is found by. */
export function entryTitle(source: TicketSource): string {
  if (source.delivery) {
    const kind = source.delivery.tipo === 'Ritiro' ? tt.pickup : tt.delivery;
    return source.delivery.orario ? `${kind} ${source.delivery.orario}` : kind;
  }
  return tt.table(source.tableNumber ?? '?');
}

/** The banner a failed-over ticket carries, so nobody mistakes it for a second order. */
export function backupBanner(doc: TicketBuilder, backupOf: string | null): void {
  if (backupOf === null) return;
  doc.text(tt.backupCopy, { align: 'center', width: 2, height: 2, bold: true, invert: true });
  doc.text(tt.backupCopyOf(backupOf), { align: 'center' });
}

/** Customer, time and address of a delivery or pickup (spec 2.10 summary fields). */
export function deliveryBlock(doc: TicketBuilder, source: TicketSource, big: boolean): void {
  const d = source.delivery;
  if (!d) return;
  const style = big ? ({ height: 2, bold: true } as const) : {};
  if (d.orario) {
    doc.text(`${tt.time}: ${d.orario}${d.primaPossibile ? ` (${tt.asSoonAsPossible})` : ''}`, style);
  }
  const name = [d.nome, d.cognome].filter(Boolean).join(' ');
  if (name) doc.text(name, style);
  if (d.telefono) doc.text(`${tt.phone}: ${d.telefono}`);
  if (d.tipo === 'Consegna') {
    if (d.indirizzo) doc.text(d.indirizzo, style);
    if (d.comune) doc.text(d.comune, style);
  }
  if (d.noteConsegna) doc.text(`${tt.deliveryNotes}: ${d.noteConsegna}`, {}, '  ');
}
