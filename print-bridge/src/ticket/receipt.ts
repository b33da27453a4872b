import { formatEuro, type KitchenFilter } from '@comanda/shared-schema';
import { TicketBuilder } from './document.ts';
import { backupBanner, deliveryBlock, entryTitle, printedAtText } from './header.ts';
import type { TicketSource } from './source.ts';
import { areaLabel, minusEuro, ticketTexts as tt } from './texts.ts';

/**
 * The receipt (the cash desk's ticket): venue, table or delivery, every line with quantity,
 * variants, note and price, then the totals of spec 2.12. Totals print only for the whole order
 * (filter 'tutto'): a reprint of one area's lines is not the bill.
 */
export function receiptDocument(
  source: TicketSource,
  options: { columns: number; area: KitchenFilter; backupOf: string | null },
): TicketBuilder {
  const doc = new TicketBuilder(options.columns);
  const lines = options.area === 'tutto' ? source.lines : source.lines.filter((l) => l.area === options.area);
  backupBanner(doc, options.backupOf);
  doc.text(source.venueName, { align: 'center', width: 2, height: 2, bold: true });
  doc.text(entryTitle(source), { align: 'center', width: 2, height: 2, bold: true });
  if (options.area !== 'tutto' || source.filter !== 'tutto') {
    doc.text(`${tt.area}: ${areaLabel(options.area !== 'tutto' ? options.area : source.filter)}`, {
      align: 'center',
    });
  }
  doc.text(printedAtText(source.printedAt), { align: 'center' });
  deliveryBlock(doc, source, false);
  doc.rule();
  if (lines.length === 0) doc.text(tt.nothingToPrint);
  for (const line of lines) {
    doc.pair(`${line.amount}x ${line.name}`, formatEuro(line.total), { bold: true });
    for (const label of line.variantLabels) doc.text(`   ${label}`, {}, '     ');
    if (line.note) doc.text(`   ${tt.note}: ${line.note}`, {}, '     ');
  }
  doc.rule();
  if (options.area === 'tutto' && source.filter === 'tutto') {
    const { totals } = source;
    doc.pair(tt.subtotal, formatEuro(totals.subtotal));
    if (totals.costoConsegna > 0 || source.delivery?.tipo === 'Consegna') {
      doc.pair(tt.deliveryCost, formatEuro(totals.costoConsegna));
    }
    if (totals.serviceFee > 0) doc.pair(tt.serviceCosts, formatEuro(totals.serviceFee));
    doc.pair(tt.total, formatEuro(totals.total), { bold: true, height: 2 });
    if (totals.sconto > 0) {
      doc.pair(tt.discount, minusEuro(totals.sconto));
      doc.pair(tt.newTotal, formatEuro(totals.newTotal), { bold: true, height: 2 });
    }
    doc.rule();
  }
  doc.text(tt.notFiscal, { align: 'center' });
  doc.feed(1);
  doc.cut();
  return doc;
}
