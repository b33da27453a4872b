import { describe, expect, it } from 'vitest';
import { categoryReorder } from './category-reorder.ts';

const cat = (id: string, position: number, name = id) => ({ id, position, name });

const moved = (moves: ReturnType<typeof categoryReorder>) =>
  moves?.map(({ category, position }) => [category.id, position]);

describe('categoryReorder', () => {
  const all = [cat('a', 0), cat('b', 1), cat('c', 2), cat('d', 3)];

  it('gives the named categories positions 0, 1, 2... and the others follow', () => {
    expect(moved(categoryReorder(all, ['c', 'a']))).toEqual([
      ['c', 0],
      ['a', 1],
      ['b', 2],
    ]);
  });

  it('moves only the categories whose position changes', () => {
    expect(categoryReorder(all, ['a', 'b'])).toEqual([]);
    expect(categoryReorder(all, [])).toEqual([]);
  });

  it('counts an id named twice once', () => {
    expect(moved(categoryReorder(all, ['b', 'b', 'a']))).toEqual([
      ['b', 0],
      ['a', 1],
    ]);
  });

  it('puts the others in their display order: position, then name', () => {
    const mixed = [cat('x', 5, 'Zuppe'), cat('y', 5, 'Antipasti'), cat('z', 4, 'Pizze')];
    expect(moved(categoryReorder(mixed, ['x']))).toEqual([
      ['x', 0],
      ['z', 1],
      ['y', 2],
    ]);
  });

  it('is null when an id names no category', () => {
    expect(categoryReorder(all, ['a', 'gone'])).toBeNull();
  });

  it('gives back the very objects it was given', () => {
    expect(categoryReorder(all, ['b'])?.[0]?.category).toBe(all[1]);
  });
});
