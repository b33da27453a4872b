import type { TableOrder } from '@comanda/shared-schema';
import { describe, expect, it } from 'vitest';
import { parseMessage } from '../protocol.ts';
import { decodeEscpos } from '../testing/escpos-text.ts';
import { tableData } from '../testing/sample-data.ts';
import { renderTicket } from './render.ts';
import { ticketSource } from './source.ts';

/** A bare dashboard entry whose first line chose 'no, grazie!' in its 'Salsa' variant. */
function entryWithNoSauce(): TableOrder {
  const base = tableData(4);
  return {
    ...base,
    reservations: base.reservations.map((line, i) => ({
      ...line,
      status: 'preparation',
      selected_option: 'cucina',
      variant:
        i === 0
          ? [
              {
                id: 'v-salsa',
                name: 'Salsa',
                multi: 0,
                position: 0,
                options: [],
                selected: { id: 'o-no', label: 'no, grazie!', price: 0 },
              },
            ]
          : [],
    })),
  };
}

describe("a 'no, grazie!' on the printed tickets", () => {
  it('names its variant on the kitchen ticket and on the receipt', () => {
    const bare = { ...entryWithNoSauce() } as Record<string, unknown>;
    for (const key of ['venueName', 'filter', 'totals', 'printedAt', 'type']) delete bare[key];
    const parsed = parseMessage(JSON.stringify({ type: 'PRINT_ORDER_TABLE', data: bare, sconto: 0 }));
    if (parsed.kind !== 'print') throw new Error(JSON.stringify(parsed));
    const source = ticketSource(parsed, { venueName: 'Locale', receivedAt: '2025-03-21T19:40:00.000Z' });
    expect(source.lines[0]?.variantLabels).toEqual(['Salsa: no, grazie!']);
    for (const ticket of ['kitchen', 'receipt'] as const) {
      const printed = decodeEscpos(
        renderTicket(source, { ticket, area: 'tutto', columns: 48, codepage: 'cp858', backupOf: null }).bytes,
      );
      const texts = printed.lines.map((l) => l.text.trim());
      expect(texts).toContain('Salsa: no, grazie!');
      expect(texts).not.toContain('no, grazie!');
    }
  });
});
