import type { KitchenFilter } from '@comanda/shared-schema';
import { escposBytes } from './escpos.ts';
import { kitchenDocument } from './kitchen.ts';
import { previewText } from './preview.ts';
import { receiptDocument } from './receipt.ts';
import type { TicketSource } from './source.ts';

export type TicketKind = 'receipt' | 'kitchen';

export interface RenderOptions {
  ticket: TicketKind;
  area: KitchenFilter;
  columns: number;
  codepage: string;
  /** The printer this ticket was meant for, when a backup prints it. */
  backupOf: string | null;
}

export interface RenderedTicket {
  bytes: Uint8Array;
  text: string;
}

/** One ticket, as bytes for the printer and as text for the preview, from one layout. */
export function renderTicket(source: TicketSource, options: RenderOptions): RenderedTicket {
  const layout = { columns: options.columns, area: options.area, backupOf: options.backupOf };
  const doc =
    options.ticket === 'receipt' ? receiptDocument(source, layout) : kitchenDocument(source, layout);
  return { bytes: escposBytes(doc.ops, options), text: previewText(doc.ops, options.columns) };
}
