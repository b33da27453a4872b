import type { TicketSource } from './source.ts';
import { ticketTexts } from './texts.ts';

/** A ticket with every kind of line and accented text: rendered at start to check each printer's settings. */
export function tableSample(): TicketSource {
  return {
    type: 'PRINT_ORDER_TABLE',
    venueName: ticketTexts.testTitle,
    filter: 'tutto',
    tableId: null,
    tableNumber: 1,
    deliveryId: null,
    delivery: null,
    lines: [
      {
        amount: 1,
        name: ticketTexts.testBody,
        variantLabels: ['Formato: Maxi'],
        note: 'però così',
        area: 'cucina',
        total: 1250,
      },
    ],
    totals: { subtotal: 1250, costoConsegna: 0, serviceFee: 0, total: 1250, sconto: 0, newTotal: 1250 },
    printedAt: new Date().toISOString(),
  };
}
