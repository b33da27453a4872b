import { describe, expect, it } from 'vitest';
import type { Variant } from '../entities.ts';
import { variantText } from './tickets.ts';
import { ticketOptionLabel, ticketOptionLabels, ticketVariantText, variantLabels } from './variant-labels.ts';

const option = (label: string, price = 0) => ({ id: `o-${label}`, label, price });

function variant(name: string, position: number, selected: Variant['selected'], multi: 0 | 1 = 0): Variant {
  return { id: `v-${name}`, name, multi, position, options: [], selected };
}

const salsaNo = variant('Salsa', 1, option('no, grazie!'));
const formato = variant('Formato', 0, option('Maxi', 400));
const aggiunte = variant('Aggiunte', 2, [option('Bacon', 150), option('Uovo', 100)], 1);

describe('variant labels on tickets and receipts', () => {
  it("names the variant of a 'no, grazie!' option, and only of that one", () => {
    expect(ticketOptionLabel({ name: 'Salsa' }, { label: 'no, grazie!' })).toBe('Salsa: no, grazie!');
    expect(ticketOptionLabel({ name: 'Salsa' }, { label: ' No, Grazie! ' })).toBe('Salsa: No, Grazie!');
    expect(ticketOptionLabel({ name: 'Salsa' }, { label: 'Ketchup' })).toBe('Ketchup');
  });

  it('lists the chosen options in variant position order, whatever the order given', () => {
    expect(ticketOptionLabels([aggiunte, salsaNo, formato])).toEqual([
      'Maxi',
      'Salsa: no, grazie!',
      'Bacon',
      'Uovo',
    ]);
    expect(ticketVariantText([salsaNo, formato])).toBe('Maxi, Salsa: no, grazie!');
    expect(ticketVariantText([variant('Salsa', 0, null), variant('Extra', 1, [], 1)])).toBe('');
  });

  it("is the dashboard's and the kitchen display's ticket text (tickets.ts variantText)", () => {
    expect(variantText([salsaNo])).toBe('Salsa: no, grazie!');
    expect(variantText([formato, aggiunte])).toBe('Maxi, Bacon, Uovo');
  });

  it('prints one label per variant with a choice, the variant named', () => {
    expect(variantLabels([salsaNo, aggiunte, formato, variant('Cottura', 3, null)])).toEqual([
      'Formato: Maxi',
      'Salsa: no, grazie!',
      'Aggiunte: Bacon, Uovo',
    ]);
  });
});
