import { describe, expect, it } from 'vitest';
import {
  checkNote,
  checkOutOfMenu,
  checkRoomName,
  digitsOnly,
  isHhmm,
  missingMandatoryVariants,
} from './validation.ts';

describe('checkRoomName', () => {
  it('trims and accepts up to 99 characters', () => {
    expect(checkRoomName('  Sala grande ')).toEqual({ ok: true, value: 'Sala grande' });
    expect(checkRoomName('x'.repeat(99))).toEqual({ ok: true, value: 'x'.repeat(99) });
    expect(checkRoomName(`  ${'x'.repeat(99)}  `)).toEqual({ ok: true, value: 'x'.repeat(99) });
  });

  it("refuses empty, blank and 100-character names with 'Nome vuoto o troppo lungo'", () => {
    for (const bad of ['', '   ', '\t\n', 'x'.repeat(100)]) {
      expect(checkRoomName(bad)).toEqual({ ok: false, error: 'Nome vuoto o troppo lungo' });
    }
  });
});

describe('checkNote', () => {
  it('accepts up to 150 characters', () => {
    expect(checkNote('')).toEqual({ ok: true, value: '' });
    expect(checkNote('a'.repeat(150))).toEqual({ ok: true, value: 'a'.repeat(150) });
  });

  it("refuses 151 with the spec's English message", () => {
    expect(checkNote('a'.repeat(151))).toEqual({ ok: false, error: 'Note cannot exceed 150 characters.' });
  });
});

describe('checkOutOfMenu', () => {
  it('gives the clean line values', () => {
    expect(checkOutOfMenu({ name: ' Torta compleanno ', price: '12,5', selected_option: 'cucina' })).toEqual({
      ok: true,
      value: { name: 'Torta compleanno', price: 1250, selected_option: 'cucina' },
    });
    expect(checkOutOfMenu({ name: 'Acqua', price: 0, selected_option: 'bar' })).toEqual({
      ok: true,
      value: { name: 'Acqua', price: 0, selected_option: 'bar' },
    });
  });

  it('reports every field at once with the spec messages', () => {
    expect(checkOutOfMenu({ name: '  ', price: '', selected_option: null })).toEqual({
      ok: false,
      errors: {
        name: 'Descrivi la richiesta',
        price: 'Il prezzo non può essere vuoto',
        selected_option: 'Selezionare la tipologia',
      },
    });
  });

  it('limits the description to 150 characters', () => {
    expect(checkOutOfMenu({ name: 'd'.repeat(150), price: '1', selected_option: 'fritti' }).ok).toBe(true);
    expect(checkOutOfMenu({ name: 'd'.repeat(151), price: '1', selected_option: 'fritti' })).toEqual({
      ok: false,
      errors: { name: 'La descrizione non può superare i 150 caratteri.' },
    });
  });

  it('refuses null, negative, malformed prices and unknown areas', () => {
    expect(checkOutOfMenu({ name: 'a', price: null, selected_option: 'bar' })).toEqual({
      ok: false,
      errors: { price: 'Il prezzo non può essere vuoto' },
    });
    expect(checkOutOfMenu({ name: 'a', price: '-2', selected_option: 'bar' })).toEqual({
      ok: false,
      errors: { price: 'Prezzo non valido' },
    });
    expect(checkOutOfMenu({ name: 'a', price: -200, selected_option: 'bar' }).ok).toBe(false);
    expect(checkOutOfMenu({ name: 'a', price: 1.5, selected_option: 'bar' }).ok).toBe(false);
    expect(checkOutOfMenu({ name: 'a', price: '1', selected_option: 'tutto' })).toEqual({
      ok: false,
      errors: { selected_option: 'Selezionare la tipologia' },
    });
  });
});

describe('digitsOnly and isHhmm', () => {
  it('keeps only digits of a phone', () => {
    expect(digitsOnly('+39 333-123 4567')).toBe('393331234567');
    expect(digitsOnly('abc')).toBe('');
  });

  it('checks HH:MM', () => {
    expect(isHhmm('00:00')).toBe(true);
    expect(isHhmm('23:59')).toBe(true);
    for (const bad of ['24:00', '9:30', '09:5', '12:60', '12.30', ' 12:30'])
      expect(isHhmm(bad), bad).toBe(false);
  });
});

describe('missingMandatoryVariants', () => {
  it('lists single-choice variants with nothing selected', () => {
    const option = { id: 'o', label: 'a', price: 0 };
    expect(
      missingMandatoryVariants([
        { id: 'single-empty', multi: 0, options: [option], selected: null },
        { id: 'single-absent', multi: 0, options: [option] },
        { id: 'single-ok', multi: 0, options: [option], selected: option },
        { id: 'multi-empty', multi: 1, options: [option], selected: [] },
        { id: 'single-array-empty', multi: 0, options: [option], selected: [] },
        { id: 'single-no-options', multi: 0, options: [] },
      ]),
    ).toEqual(['single-empty', 'single-absent', 'single-array-empty']);
  });
});
