import type { TableOrder } from '@comanda/shared-schema';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../protocol.ts';
import { decodeEscpos } from '../testing/escpos-text.ts';
import { deliveryData, printMessage, tableData } from '../testing/sample-data.ts';
import { type RenderOptions, renderTicket } from './render.ts';
import { type TicketSource, ticketSource } from './source.ts';

function sourceOf(text: string): TicketSource {
  const parsed = parseMessage(text);
  if (parsed.kind !== 'print') throw new Error(JSON.stringify(parsed));
  return ticketSource(parsed, { venueName: 'Locale', receivedAt: '2025-03-21T19:40:00.000Z' });
}

const RECEIPT: RenderOptions = {
  ticket: 'receipt',
  area: 'tutto',
  columns: 48,
  codepage: 'cp858',
  backupOf: null,
};
const KITCHEN: RenderOptions = { ...RECEIPT, ticket: 'kitchen', area: 'cucina' };

const lineWith = (lines: { text: string }[], start: string) =>
  lines.find((l) => l.text.trim().startsWith(start));

describe('receipt', () => {
  it('prints venue, table, lines with variants, notes and prices, totals with the discount', () => {
    const ticket = renderTicket(sourceOf(printMessage(tableData(12), { sconto: 200 })), RECEIPT);
    const decoded = decodeEscpos(ticket.bytes);
    expect(decoded.cuts).toBe(1);
    const venue = lineWith(decoded.lines, 'Trattoria Demo');
    expect(venue).toMatchObject({ width: 2, height: 2, bold: true });
    expect(lineWith(decoded.lines, 'Tavolo 12')).toMatchObject({ width: 2, height: 2 });
    expect(decoded.text).toContain('21/03/2025 20:31'); // venue time, Europe/Rome
    expect(lineWith(decoded.lines, '2x Pizza Margherita')?.text).toMatch(/2x Pizza Margherita +17,00 €$/);
    expect(lineWith(decoded.lines, 'Formato: Maxi')).toBeDefined();
    expect(lineWith(decoded.lines, 'Nota: senza basilico')).toBeDefined();
    expect(lineWith(decoded.lines, '1x Birra media')?.text).toMatch(/5,00 €$/);
    expect(lineWith(decoded.lines, '3x Patatine fritte')?.text).toMatch(/10,50 €$/);
    expect(lineWith(decoded.lines, 'Subtotale')?.text).toMatch(/32,50 €$/);
    expect(lineWith(decoded.lines, 'TOTALE')?.text).toMatch(/32,50 €$/);
    expect(lineWith(decoded.lines, 'Sconto')?.text).toMatch(/-2,00 €$/);
    expect(lineWith(decoded.lines, 'NUOVO TOTALE')?.text).toMatch(/30,50 €$/);
    expect(decoded.text).not.toContain('Costo consegna');
    for (const line of decoded.lines) expect(line.text.length).toBeLessThanOrEqual(48 / line.width);
  });

  it('prints a delivery: tipo, orario, customer, address, fee', () => {
    const decoded = decodeEscpos(renderTicket(sourceOf(printMessage(deliveryData())), RECEIPT).bytes);
    for (const text of [
      'Consegna 20:30',
      'Orario: 20:30',
      'Mario Rossi',
      'Telefono: 3331234567',
      'Via Roma 1',
    ]) {
      expect(decoded.text).toContain(text);
    }
    expect(decoded.text).toContain('Note per la consegna: Citofono Rossi');
    expect(lineWith(decoded.lines, 'Costo consegna')?.text).toMatch(/2,50 €$/);
    expect(lineWith(decoded.lines, 'TOTALE')?.text).toMatch(/17,50 €$/);
  });

  it('prints a pickup without the address', () => {
    const data = deliveryData({ tipo: 'Ritiro', costoConsegna: 0, primaPossibile: true });
    const decoded = decodeEscpos(renderTicket(sourceOf(printMessage(data)), RECEIPT).bytes);
    expect(decoded.text).toContain('Ritiro 20:30');
    expect(decoded.text).toContain('Orario: 20:30 (Prima possibile)');
    expect(decoded.text).not.toContain('Via Roma 1');
  });

  it('leaves the totals out of one area reprint', () => {
    const data = tableData(3, { filter: 'bar', reservations: [tableData(3).reservations[1]!] });
    const decoded = decodeEscpos(renderTicket(sourceOf(printMessage(data)), RECEIPT).bytes);
    expect(decoded.text).toContain('Reparto: BAR');
    expect(decoded.text).toContain('1x Birra media');
    expect(decoded.text).not.toContain('TOTALE');
  });

  it('keeps accents and the euro sign through the code page', () => {
    const data = tableData(7, { venueName: 'Però' });
    data.reservations[0]!.name = 'Caffè corretto più forte';
    const decoded = decodeEscpos(renderTicket(sourceOf(printMessage(data)), RECEIPT).bytes);
    expect(decoded.text).toContain('Però');
    expect(decoded.text).toContain('2x Caffè corretto più forte');
  });

  it('wraps a long dish name under itself, price on the first line', () => {
    const data = tableData(7);
    data.reservations[0]!.name =
      'Pizza con mozzarella di bufala campana, pomodorini del piennolo e basilico fresco';
    const decoded = decodeEscpos(renderTicket(sourceOf(printMessage(data)), RECEIPT).bytes);
    const first = decoded.lines.findIndex((l) => l.text.startsWith('2x Pizza con'));
    expect(decoded.lines[first]?.text).toMatch(/17,00 €$/);
    expect(decoded.lines[first + 1]?.text).toMatch(/^ {3}\S/);
    expect(decoded.lines.every((l) => l.text.length <= 48)).toBe(true);
  });

  it('marks a failed-over ticket as the backup copy', () => {
    const ticket = renderTicket(sourceOf(printMessage(tableData(4))), { ...RECEIPT, backupOf: 'cassa' });
    const decoded = decodeEscpos(ticket.bytes);
    expect(decoded.lines[0]).toMatchObject({
      text: expect.stringContaining('COPIA DI RISERVA'),
      invert: true,
    });
    expect(decoded.text).toContain('al posto della stampante cassa');
  });
});

describe('kitchen ticket', () => {
  it("prints the area's lines in large type, without prices", () => {
    const decoded = decodeEscpos(renderTicket(sourceOf(printMessage(tableData(12))), KITCHEN).bytes);
    expect(decoded.cuts).toBe(1);
    expect(lineWith(decoded.lines, 'CUCINA')).toMatchObject({ width: 2, invert: true });
    expect(lineWith(decoded.lines, 'Tavolo 12')).toMatchObject({ width: 2, height: 2 });
    expect(lineWith(decoded.lines, '2x Pizza')).toMatchObject({ width: 2, height: 2, bold: true });
    expect(lineWith(decoded.lines, 'Formato: Maxi')).toMatchObject({ height: 2 });
    expect(lineWith(decoded.lines, 'Nota: senza basilico')).toMatchObject({ height: 2 });
    expect(decoded.text).not.toContain('Birra');
    expect(decoded.text).not.toContain('€');
    for (const line of decoded.lines) expect(line.text.length).toBeLessThanOrEqual(48 / line.width);
  });
});

describe('text preview', () => {
  it('has the same lines as the bytes', () => {
    for (const options of [RECEIPT, KITCHEN, { ...RECEIPT, backupOf: 'bar' }]) {
      for (const data of [tableData(12), deliveryData()]) {
        const ticket = renderTicket(sourceOf(printMessage(data, { sconto: 150 })), options);
        const printed = decodeEscpos(ticket.bytes)
          .lines.map((l) => l.text.trim())
          .filter(Boolean);
        const preview = ticket.text
          .split('\n')
          .map((l) => l.trim())
          .filter((l) => l !== '' && !l.includes('taglio'));
        expect(preview).toEqual(printed);
      }
    }
  });
});

describe('bare dashboard entry', () => {
  it('prints accepted, not deleted lines and recomputes the totals', () => {
    const base = tableData(9);
    const entry: TableOrder = {
      ...base,
      reservations: base.reservations.map((line, i) => ({
        ...line,
        variant:
          i === 0
            ? [
                {
                  id: 'v1',
                  name: 'Formato',
                  multi: 0,
                  position: 0,
                  options: [],
                  selected: { id: 'o1', label: 'Maxi', price: 0 },
                },
              ]
            : [],
        status: i === 1 ? 'owner_deleted' : 'preparation',
      })),
    };
    const bare = { ...entry } as Record<string, unknown>;
    for (const key of ['venueName', 'filter', 'totals', 'printedAt', 'type']) delete bare[key];
    const source = sourceOf(JSON.stringify({ type: 'PRINT_ORDER_TABLE', data: bare, sconto: 100 }));
    expect(source.venueName).toBe('Locale');
    expect(source.lines.map((l) => l.name)).toEqual(['Pizza Margherita', 'Patatine fritte']);
    expect(source.lines[0]?.variantLabels).toEqual(['Formato: Maxi']);
    expect(source.totals).toMatchObject({ subtotal: 2750, total: 2750, sconto: 100, newTotal: 2650 });
    expect(source.printedAt).toBe('2025-03-21T19:40:00.000Z');
  });
});

describe('one total (the rule of every screen, shared-schema order-totals)', () => {
  it('a delivery with a fee and a discount: NUOVO TOTALE as on the order view', () => {
    const source = sourceOf(printMessage(deliveryData(), { sconto: 400 }));
    // Diavola 9,00 + 2 Coca-Cola 6,00 = 15,00; the fee 2,50; the discount 4,00.
    expect(source.totals).toEqual({
      subtotal: 1500,
      costoConsegna: 250,
      serviceFee: 0,
      total: 1750,
      sconto: 400,
      newTotal: 1350,
    });
    const decoded = decodeEscpos(renderTicket(source, RECEIPT).bytes);
    expect(lineWith(decoded.lines, 'NUOVO TOTALE')?.text).toContain('13,50');
  });

  it('a discount past the subtotal is capped as the server caps it: never below the fee', () => {
    expect(sourceOf(printMessage(deliveryData(), { sconto: 5000 })).totals).toMatchObject({
      sconto: 1500,
      newTotal: 250,
    });
  });

  it('a bare delivery entry: the fee for a Consegna, the card fee of a card order', () => {
    const { totals: _t, venueName: _v, filter: _f, printedAt: _p, type: _y, ...entry } = deliveryData();
    const bare: TableOrder = {
      ...entry,
      paymentIntentId: 'pi_1',
      reservations: entry.reservations.map((line) => ({ ...line, status: 'preparation' as const })),
    };
    const source = sourceOf(JSON.stringify({ type: 'PRINT_ORDER_R_C', data: bare, sconto: 0 }));
    // (17,50 + 0,305 + 0,1) / 0,95535 = 18,74... rounded up: the card fee is 1,25 €.
    expect(source.totals).toMatchObject({ subtotal: 1500, costoConsegna: 250, serviceFee: 125, total: 1875 });
  });
});
