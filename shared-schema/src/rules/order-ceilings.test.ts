import { describe, expect, it } from 'vitest';
import {
  ENTRY_LINES_MAX,
  ENTRY_TOTAL_MAX_CENTS,
  LINE_TOTAL_MAX_CENTS,
  ORDER_LINES_MAX,
  ORDER_TOTAL_MAX_CENTS,
} from '../constants.ts';
import { cardCharge } from './card-fee.ts';
import { MAX_CENTS } from './money.ts';
import { ceilingMessage, editCeilingBreach, sendCeilingBreach } from './order-ceilings.ts';

const line = (price: number, amount = 1, status?: string) => ({
  price,
  amount,
  ...(status ? { status } : {}),
});
/** `n` lines adding up to `total` cents (each at most the line ceiling). */
function linesOf(total: number, n = Math.ceil(total / LINE_TOTAL_MAX_CENTS)) {
  const each = Math.floor(total / n);
  return Array.from({ length: n }, (_, i) => line(i === 0 ? total - each * (n - 1) : each));
}

describe('order ceilings', () => {
  it('leave room under the wire bound for the biggest entry, its fee and the card fee', () => {
    expect(LINE_TOTAL_MAX_CENTS).toBeLessThanOrEqual(ORDER_TOTAL_MAX_CENTS);
    expect(ORDER_TOTAL_MAX_CENTS).toBeLessThanOrEqual(ENTRY_TOTAL_MAX_CENTS);
    // The fee is inside the entry total; the card fee comes on top of everything.
    expect(cardCharge(ENTRY_TOTAL_MAX_CENTS).total * 2).toBeLessThan(MAX_CENTS);
  });

  it('accept a send exactly at every ceiling', () => {
    expect(sendCeilingBreach([line(LINE_TOTAL_MAX_CENTS)])).toBeNull();
    expect(sendCeilingBreach([line(2000, 999)])).toBeNull();
    expect(sendCeilingBreach(Array.from({ length: ORDER_LINES_MAX }, () => line(0)))).toBeNull();
    expect(sendCeilingBreach(linesOf(ORDER_TOTAL_MAX_CENTS))).toBeNull();
    const open = { total: ENTRY_TOTAL_MAX_CENTS - 1000, lines: ENTRY_LINES_MAX - 2 };
    expect(sendCeilingBreach([line(500, 2)], open)).toBeNull();
  });

  it('refuse one cent or one line beyond, naming the ceiling', () => {
    expect(sendCeilingBreach([line(LINE_TOTAL_MAX_CENTS + 1)])).toEqual({
      kind: 'lineTotal',
      max: LINE_TOTAL_MAX_CENTS,
    });
    expect(sendCeilingBreach(Array.from({ length: ORDER_LINES_MAX + 1 }, () => line(100)))).toEqual({
      kind: 'orderLines',
      max: ORDER_LINES_MAX,
    });
    expect(sendCeilingBreach(linesOf(ORDER_TOTAL_MAX_CENTS + 1))).toEqual({
      kind: 'orderTotal',
      max: ORDER_TOTAL_MAX_CENTS,
    });
    const open = { total: ENTRY_TOTAL_MAX_CENTS - 1000, lines: 3 };
    expect(sendCeilingBreach([line(1001)], open)).toEqual({ kind: 'entryTotal', max: ENTRY_TOTAL_MAX_CENTS });
    expect(sendCeilingBreach([line(1), line(1)], { total: 0, lines: ENTRY_LINES_MAX - 1 })).toEqual({
      kind: 'entryLines',
      max: ENTRY_LINES_MAX,
    });
  });

  it('the attack of 200 lines x 999 at any price is refused', () => {
    const attack = Array.from({ length: 200 }, () => line(MAX_CENTS, 999));
    expect(sendCeilingBreach(attack)?.kind).toBe('orderLines');
    expect(sendCeilingBreach(attack.slice(0, 1))?.kind).toBe('lineTotal');
  });

  it('count a delivery fee in the order and the entry; deleted lines cost nothing', () => {
    const fee = 500;
    const send = linesOf(ORDER_TOTAL_MAX_CENTS - fee);
    expect(sendCeilingBreach(send, undefined, fee)).toBeNull();
    expect(sendCeilingBreach(send, undefined, fee + 1)?.kind).toBe('orderTotal');
    expect(sendCeilingBreach([line(LINE_TOTAL_MAX_CENTS, 1, 'owner_deleted')])).toBeNull();
  });

  it('an edit is refused only when it takes the entry past the ceiling, never when it lowers it', () => {
    expect(editCeilingBreach(100, ENTRY_TOTAL_MAX_CENTS)).toBeNull();
    expect(editCeilingBreach(100, ENTRY_TOTAL_MAX_CENTS + 1)).toEqual({
      kind: 'entryTotal',
      max: ENTRY_TOTAL_MAX_CENTS,
    });
    // An entry already beyond (stored before the ceilings) may still be lowered, or left alone.
    expect(editCeilingBreach(ENTRY_TOTAL_MAX_CENTS * 2, ENTRY_TOTAL_MAX_CENTS + 1)).toBeNull();
    expect(editCeilingBreach(ENTRY_TOTAL_MAX_CENTS * 2, ENTRY_TOTAL_MAX_CENTS * 2)).toBeNull();
  });

  it('say it in Italian, to the customer about the table and to the owner about the order', () => {
    expect(ceilingMessage({ kind: 'orderLines', max: 100 }, 'customer')).toBe(
      'Ordine troppo grande: al massimo 100 righe per ordine',
    );
    expect(ceilingMessage({ kind: 'orderTotal', max: 3_000_000 }, 'customer')).toBe(
      'Ordine troppo grande: al massimo 30.000,00 € per ordine',
    );
    expect(ceilingMessage({ kind: 'lineTotal', max: 2_000_000 }, 'owner')).toBe(
      'Riga troppo grande: al massimo 20.000,00 € per riga',
    );
    expect(ceilingMessage({ kind: 'entryTotal', max: 5_000_000 }, 'customer')).toBe(
      'Il totale del tavolo supererebbe 50.000,00 €: chiedi al personale',
    );
    expect(ceilingMessage({ kind: 'entryTotal', max: 5_000_000 }, 'owner')).toBe(
      "Il totale dell'ordine supererebbe 50.000,00 €: completalo e aprine un altro",
    );
    expect(ceilingMessage({ kind: 'entryLines', max: 500 }, 'customer')).toBe(
      'Il tavolo ha già troppe righe (al massimo 500): chiedi al personale',
    );
  });
});
