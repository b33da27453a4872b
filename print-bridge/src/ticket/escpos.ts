import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import type { Op } from './document.ts';

/**
 * ESC/POS bytes of a laid-out ticket, through the maintained encoder (code pages, text size,
 * styles, cut). The encoder pads aligned lines with spaces itself, which is why the document
 * keeps each line within the columns of its size.
 */
export function escposBytes(ops: readonly Op[], options: { columns: number; codepage: string }): Uint8Array {
  const encoder = new ReceiptPrinterEncoder({
    language: 'esc-pos',
    columns: options.columns,
    // The document already feeds before its cut; the encoder's own feed adds what the cutter needs.
    feedBeforeCut: 3,
    newline: '\n',
  });
  // The encoder's type names its code pages; a wrong name in the settings fails at start-up.
  encoder.initialize().codepage(options.codepage as Parameters<ReceiptPrinterEncoder['codepage']>[0]);
  for (const op of ops) {
    switch (op.op) {
      case 'text':
        encoder
          .align(op.align)
          .size(op.width, op.height)
          .bold(op.bold)
          .invert(op.invert)
          .line(op.text)
          .invert(false)
          .bold(false)
          .size(1, 1)
          .align('left');
        break;
      case 'rule':
        encoder.line('-'.repeat(options.columns));
        break;
      case 'feed':
        encoder.newline(op.lines);
        break;
      case 'cut':
        encoder.cut('partial');
        break;
    }
  }
  return encoder.encode();
}
