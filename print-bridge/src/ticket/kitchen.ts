import type { KitchenFilter } from '@comanda/shared-schema';
import { TicketBuilder } from './document.ts';
import { backupBanner, deliveryBlock, entryTitle, printedAtText } from './header.ts';
import type { TicketSource } from './source.ts';
import { areaLabel, ticketTexts as tt } from './texts.ts';

/**
 * A kitchen ticket: one area's lines in large type, without prices, read from across the
 * kitchen. Quantity and dish in double size; variants and notes double height.
 */
export function kitchenDocument(
  source: TicketSource,
  options: { columns: number; area: KitchenFilter; backupOf: string | null },
): TicketBuilder {
  const doc = new TicketBuilder(options.columns);
  const lines = options.area === 'tutto' ? source.lines : source.lines.filter((l) => l.area === options.area);
  backupBanner(doc, options.backupOf);
  doc.text(areaLabel(options.area === 'tutto' ? source.filter : options.area), {
    align: 'center',
    width: 2,
    height: 2,
    bold: true,
    invert: true,
  });
  doc.text(entryTitle(source), { align: 'center', width: 2, height: 2, bold: true });
  doc.text(`${source.venueName} - ${printedAtText(source.printedAt)}`, { align: 'center' });
  deliveryBlock(doc, source, true);
  doc.rule();
  if (lines.length === 0) doc.text(tt.nothingToPrint);
  for (const line of lines) {
    doc.text(`${line.amount}x ${line.name}`, { width: 2, height: 2, bold: true }, '   ');
    for (const label of line.variantLabels) doc.text(`  ${label}`, { height: 2, bold: true }, '    ');
    if (line.note) doc.text(`  ${tt.note}: ${line.note}`, { height: 2, bold: true }, '    ');
    doc.rule();
  }
  doc.feed(2);
  doc.cut();
  return doc;
}
