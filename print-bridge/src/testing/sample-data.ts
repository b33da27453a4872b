import type { PrintData, PrintLine, PrintType } from '@comanda/shared-schema';

/** Print payloads as `/api/printer/{kind}` answers them, for tests and the bench. */

const AT = '2025-03-21T19:31:00.000Z';

function line(
  id: string,
  name: string,
  amount: number,
  price: number,
  area: PrintLine['selected_option'],
  extra: Partial<PrintLine> = {},
): PrintLine {
  return {
    id,
    dishId: `dish-${id}`,
    name,
    price,
    amount,
    variant: [],
    note: null,
    selected_option: area,
    status: 'preparation',
    printed: 0,
    accettato: 1,
    lastUpdate: AT,
    total: price * amount,
    variantLabels: [],
    ...extra,
  };
}

export function tableData(tableNumber: number, overrides: Partial<PrintData> = {}): PrintData {
  const reservations = [
    line('l1', 'Pizza Margherita', 2, 850, 'cucina', {
      variantLabels: ['Formato: Maxi'],
      note: 'senza basilico',
    }),
    line('l2', 'Birra media', 1, 500, 'bar'),
    line('l3', 'Patatine fritte', 3, 350, 'fritti'),
  ];
  const subtotal = reservations.reduce((sum, l) => sum + l.total, 0);
  return {
    id: `order-${tableNumber}`,
    tableId: `table-${tableNumber}`,
    number: tableNumber,
    accettato: 1,
    isCalled: false,
    reservations,
    businessId: 'venue-1',
    status: 1,
    type: 'PRINT_ORDER_TABLE',
    venueName: 'Trattoria Demo',
    filter: 'tutto',
    totals: { subtotal, costoConsegna: 0, serviceFee: 0, total: subtotal, sconto: 0, newTotal: subtotal },
    printedAt: AT,
    ...overrides,
  };
}

export function deliveryData(overrides: Partial<PrintData> = {}): PrintData {
  const reservations = [
    line('d1', 'Pizza Diavola', 1, 900, 'cucina'),
    line('d2', 'Coca-Cola', 2, 300, 'bar'),
  ];
  const subtotal = reservations.reduce((sum, l) => sum + l.total, 0);
  return {
    id: 'order-d1',
    deliveryId: 'delivery-1',
    tipo: 'Consegna',
    orario: '20:30',
    nome: 'Mario',
    cognome: 'Rossi',
    telefono: '3331234567',
    indirizzo: 'Via Roma 1',
    comune: 'Baiano',
    noteConsegna: 'Citofono Rossi',
    accettato: 1,
    isCalled: false,
    reservations,
    businessId: 'venue-1',
    status: 1,
    costoConsegna: 250,
    type: 'PRINT_ORDER_R_C',
    venueName: 'Trattoria Demo',
    filter: 'tutto',
    totals: {
      subtotal,
      costoConsegna: 250,
      serviceFee: 0,
      total: subtotal + 250,
      sconto: 0,
      newTotal: subtotal + 250,
    },
    printedAt: AT,
    ...overrides,
  };
}

/** The message the dashboard sends (spec 3), with the job key the bridge dedupes by. */
export function printMessage(
  data: PrintData,
  options: { jobId?: string; sconto?: number; type?: PrintType } = {},
): string {
  return JSON.stringify({
    type: options.type ?? data.type,
    data,
    sconto: options.sconto ?? 0,
    ...(options.jobId ? { jobId: options.jobId } : {}),
  });
}
