import type { PrintType } from '@comanda/shared-schema';
import {
  type KitchenArea,
  type KitchenFilter,
  orderBill,
  type PrintData,
  type PrintTotals,
  type TableOrder,
  variantLabels,
  withDiscount,
} from '@comanda/shared-schema';

/**
 * What a ticket is printed from: the print payload reduced to the fields tickets show. It is
 * what the queue stores, so a job prints the same after a restart whatever the dashboard does.
 */
export interface TicketLine {
  amount: number;
  name: string;
  /** 'Formato: Maxi': the chosen options, ready to print. */
  variantLabels: string[];
  note: string | null;
  area: KitchenArea;
  /** price x amount, cents. */
  total: number;
}

export interface TicketDelivery {
  tipo: 'Consegna' | 'Ritiro' | null;
  orario: string | null;
  primaPossibile: boolean;
  nome: string | null;
  cognome: string | null;
  telefono: string | null;
  indirizzo: string | null;
  comune: string | null;
  noteConsegna: string | null;
}

export interface TicketSource {
  type: PrintType;
  venueName: string;
  /** The dashboard's kitchen-area filter: totals print only on a whole-order ('tutto') receipt. */
  filter: KitchenFilter;
  tableId: string | null;
  tableNumber: number | null;
  deliveryId: string | null;
  delivery: TicketDelivery | null;
  lines: TicketLine[];
  totals: PrintTotals;
  /** The server's instant of the payload, else the bridge's receipt of it. ISO. */
  printedAt: string;
}

/**
 * Builds the source from a message. A full payload is taken as the server made it; a bare
 * dashboard entry is completed the way the server would: only accepted, not deleted lines, the
 * totals recomputed. The message's `sconto` (spec 3) is the discount either way.
 */
export function ticketSource(
  message: {
    type: PrintType;
    sconto: number;
    data: { full: true; value: PrintData } | { full: false; value: TableOrder };
  },
  fallback: { venueName: string; receivedAt: string },
): TicketSource {
  const entry = message.data.value;
  const isDelivery = message.type === 'PRINT_ORDER_R_C' || Boolean(entry.deliveryId);
  const delivery: TicketDelivery | null = isDelivery
    ? {
        tipo: entry.tipo ?? null,
        orario: entry.orario ?? null,
        primaPossibile: entry.primaPossibile ?? false,
        nome: entry.nome ?? null,
        cognome: entry.cognome ?? null,
        telefono: entry.telefono ?? null,
        indirizzo: entry.indirizzo ?? null,
        comune: entry.comune ?? null,
        noteConsegna: entry.noteConsegna ?? null,
      }
    : null;
  const base = {
    type: message.type,
    tableId: entry.tableId ?? null,
    tableNumber: entry.number ?? null,
    deliveryId: entry.deliveryId ?? null,
    delivery,
  };
  if (message.data.full) {
    const data = message.data.value;
    return {
      ...base,
      venueName: data.venueName || fallback.venueName,
      filter: data.filter,
      lines: data.reservations
        .filter((line) => line.amount > 0)
        .map((line) => ({
          amount: line.amount,
          name: line.name,
          variantLabels: line.variantLabels,
          note: line.note ?? null,
          area: line.selected_option,
          total: line.total,
        })),
      // The message's sconto is the discount (spec 3), applied by the one rule of every total.
      totals: withDiscount(data.totals, message.sconto),
      printedAt: data.printedAt,
    };
  }
  const printable = entry.reservations.filter(
    (line) => line.status !== 'owner_deleted' && line.accettato === 1 && line.amount > 0,
  );
  return {
    ...base,
    venueName: fallback.venueName,
    filter: 'tutto',
    lines: printable.map((line) => ({
      amount: line.amount,
      name: line.name,
      variantLabels: variantLabels(line.variant),
      note: line.note ?? null,
      area: line.selected_option,
      total: line.price * line.amount,
    })),
    // The one rule of every total (shared-schema order-totals): the fee for a Consegna, the card
    // fee of a card order, the message's discount.
    totals: orderBill({ ...entry, sconto: message.sconto }, printable),
    printedAt: fallback.receivedAt,
  };
}
