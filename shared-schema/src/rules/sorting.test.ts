import { describe, expect, it } from 'vitest';
import { isNoThanks, sortDishes, sortOptions, sortVariants } from './sorting.ts';

describe('sortDishes', () => {
  it('sorts by name, case-insensitive, Italian collation', () => {
    const names = ['zuppa', 'Arancini', 'birra', 'Òrzo', 'olive', 'Calzone', 'acqua'];
    const sorted = sortDishes(names.map((name, i) => ({ id: String(i), name }))).map((d) => d.name);
    expect(sorted).toEqual(['acqua', 'Arancini', 'birra', 'Calzone', 'olive', 'Òrzo', 'zuppa']);
  });

  it('compares numbers inside names as numbers', () => {
    const sorted = sortDishes([
      { id: 'a', name: 'Menù 10' },
      { id: 'b', name: 'Menù 2' },
      { id: 'c', name: 'Menù 1' },
    ]).map((d) => d.name);
    expect(sorted).toEqual(['Menù 1', 'Menù 2', 'Menù 10']);
  });

  it('breaks ties (same name but case) by id, whatever the input order', () => {
    const a = sortDishes([
      { id: '2', name: 'pizza' },
      { id: '1', name: 'Pizza' },
    ]);
    const b = sortDishes([
      { id: '1', name: 'Pizza' },
      { id: '2', name: 'pizza' },
    ]);
    expect(a.map((d) => d.id)).toEqual(['1', '2']);
    expect(b.map((d) => d.id)).toEqual(['1', '2']);
  });

  it('does not mutate its input', () => {
    const input = [
      { id: '1', name: 'b' },
      { id: '2', name: 'a' },
    ];
    sortDishes(input);
    expect(input[0]?.name).toBe('b');
  });
});

describe('sortVariants', () => {
  it('sorts by position, then name', () => {
    const sorted = sortVariants([
      { id: 'a', name: 'Impasto', position: 2 },
      { id: 'b', name: 'Cottura', position: 0 },
      { id: 'c', name: 'Aggiunte', position: 2 },
      { id: 'd', name: 'Salse', position: 1 },
    ]).map((v) => v.name);
    expect(sorted).toEqual(['Cottura', 'Salse', 'Aggiunte', 'Impasto']);
  });
});

describe('sortOptions', () => {
  it("puts 'no, grazie!' first, then the rest alphabetically", () => {
    const sorted = sortOptions([
      { id: '1', label: 'maionese' },
      { id: '2', label: 'Ketchup' },
      { id: '3', label: 'no, grazie!' },
      { id: '4', label: 'aceto' },
    ]).map((o) => o.label);
    expect(sorted).toEqual(['no, grazie!', 'aceto', 'Ketchup', 'maionese']);
  });

  it("recognises 'no, grazie!' with other case and spaces, but not similar labels", () => {
    expect(isNoThanks(' No, Grazie! ')).toBe(true);
    expect(isNoThanks('no grazie')).toBe(false);
    expect(isNoThanks('no, grazie')).toBe(false);
    const sorted = sortOptions([
      { id: '1', label: 'abc' },
      { id: '2', label: 'No, grazie!' },
    ]).map((o) => o.id);
    expect(sorted).toEqual(['2', '1']);
  });
});
