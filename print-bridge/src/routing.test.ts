import { describe, expect, it } from 'vitest';
import type { PrinterConfig } from './config.ts';
import { planTickets } from './routing.ts';
import type { TicketSource } from './ticket/source.ts';

const printer = (
  name: string,
  area: PrinterConfig['area'],
  extra: Partial<PrinterConfig> = {},
): PrinterConfig => ({
  name,
  area,
  target: { type: 'folder', path: '/tmp/x' },
  ticket: area === 'tutto' ? 'receipt' : 'kitchen',
  backup: null,
  onlyBackup: false,
  failoverAfterMs: 60_000,
  columns: 48,
  codepage: 'cp858',
  ...extra,
});

const source = (areas: Array<'cucina' | 'bar' | 'fritti'>): TicketSource => ({
  type: 'PRINT_ORDER_TABLE',
  venueName: 'V',
  filter: 'tutto',
  tableId: 't',
  tableNumber: 1,
  deliveryId: null,
  delivery: null,
  lines: areas.map((area) => ({ amount: 1, name: area, variantLabels: [], note: null, area, total: 100 })),
  totals: { subtotal: 0, costoConsegna: 0, serviceFee: 0, total: 0, sconto: 0, newTotal: 0 },
  printedAt: '2025-01-01T00:00:00Z',
});

describe('planTickets', () => {
  it('gives the receipt printer everything and each area printer its lines', () => {
    const printers = [printer('cassa', 'tutto'), printer('cucina', 'cucina'), printer('bar', 'bar')];
    expect(planTickets(source(['cucina', 'fritti']), printers)).toEqual([
      { printer: 'cassa', ticket: 'receipt', area: 'tutto' },
      { printer: 'cucina', ticket: 'kitchen', area: 'cucina' },
    ]);
  });

  it('sends lines of an area nobody serves to the first printer, and never to a spare', () => {
    const printers = [
      printer('riserva', 'cucina', { onlyBackup: true }),
      printer('cucina', 'cucina'),
      printer('bar', 'bar'),
    ];
    expect(planTickets(source(['bar', 'fritti']), printers)).toEqual([
      { printer: 'bar', ticket: 'kitchen', area: 'bar' },
      { printer: 'cucina', ticket: 'kitchen', area: 'fritti' },
    ]);
  });

  it('plans nothing for an empty order', () => {
    expect(planTickets(source([]), [printer('cassa', 'tutto')])).toEqual([]);
  });
});
