import type { PrinterConfig } from '../config.ts';
import { TicketBuilder } from '../ticket/document.ts';
import { escposBytes } from '../ticket/escpos.ts';
import { previewText } from '../ticket/preview.ts';
import type { RenderedTicket } from '../ticket/render.ts';
import type { PairingCode } from './codes.ts';

/** '20:41' in the box's own time, as on its terminal. */
const clock = (iso: string) => new Date(iso).toTimeString().slice(0, 5);

/**
 * The pairing code on paper (`npm run print-bridge -- pair --print`): for a box with no screen.
 * Printed at once, never queued: a code is void ten minutes later.
 */
export function pairingTicket(
  code: PairingCode,
  printer: Pick<PrinterConfig, 'columns' | 'codepage'>,
): RenderedTicket {
  const doc = new TicketBuilder(printer.columns)
    .text('Comanda', { align: 'center', bold: true })
    .text('Abbinamento di un tablet', { align: 'center' })
    .feed()
    .text(`${code.code.slice(0, 3)} ${code.code.slice(3)}`, {
      align: 'center',
      width: 2,
      height: 2,
      bold: true,
    })
    .feed()
    .text(`Codice valido fino alle ${clock(code.expiresAt)}, per un solo dispositivo.`)
    .text('Sul tablet: Profilo > Stampante > Codice di abbinamento.')
    .feed(2)
    .cut();
  return { bytes: escposBytes(doc.ops, printer), text: previewText(doc.ops, printer.columns) };
}

/** The printer a code goes to: the first receipt printer, else the first that is not a spare. */
export function codePrinter(printers: readonly PrinterConfig[]): PrinterConfig | undefined {
  const active = printers.filter((p) => !p.onlyBackup);
  return active.find((p) => p.ticket === 'receipt') ?? active[0] ?? printers[0];
}
