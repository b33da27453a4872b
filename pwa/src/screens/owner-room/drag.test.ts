import { describe, expect, it } from 'vitest';
import { clampCoord, DRAG_THRESHOLD_PX, MAX_COORD, nudge, TableDrag } from './drag.ts';

describe('TableDrag', () => {
  it('stays a tap under the threshold: nothing to save', () => {
    const drag = new TableDrag({ x: 100, y: 100 }, { x: 500, y: 500 });
    expect(drag.move({ x: 500 + DRAG_THRESHOLD_PX - 1, y: 500 })).toBeNull();
    expect(drag.isDragging).toBe(false);
    expect(drag.drop()).toBeNull();
  });

  it('follows the pointer and answers one position on drop, however many moves', () => {
    const drag = new TableDrag({ x: 100, y: 100 }, { x: 500, y: 500 });
    for (let i = 1; i <= 60; i++) drag.move({ x: 500 + i, y: 500 + 2 * i });
    expect(drag.position).toEqual({ x: 160, y: 220 });
    expect(drag.drop()).toEqual({ x: 160, y: 220 });
  });

  it('clamps to the canvas so the whole square stays on it', () => {
    const drag = new TableDrag({ x: 10, y: 1900 }, { x: 0, y: 0 });
    expect(drag.move({ x: -400, y: 900 })).toEqual({ x: 0, y: MAX_COORD });
    expect(MAX_COORD).toBe(1950);
    expect(drag.drop()).toEqual({ x: 0, y: 1950 });
  });

  it('a drag that comes back to where it began saves nothing', () => {
    const drag = new TableDrag({ x: 100, y: 100 }, { x: 0, y: 0 });
    drag.move({ x: 40, y: 0 });
    drag.move({ x: 0, y: 0 });
    expect(drag.isDragging).toBe(true);
    expect(drag.drop()).toBeNull();
  });
});

describe('keyboard moves', () => {
  it('moves by 10, by a square with Shift, clamped', () => {
    expect(nudge({ x: 100, y: 100 }, 'ArrowRight')).toEqual({ x: 110, y: 100 });
    expect(nudge({ x: 100, y: 100 }, 'ArrowUp', true)).toEqual({ x: 100, y: 50 });
    expect(nudge({ x: 5, y: 0 }, 'ArrowLeft')).toEqual({ x: 0, y: 0 });
    expect(nudge({ x: 1945, y: 0 }, 'ArrowRight')).toEqual({ x: 1950, y: 0 });
    expect(nudge({ x: 1, y: 2 }, 'Enter')).toEqual({ x: 1, y: 2 });
  });

  it('rounds and bounds any coordinate', () => {
    expect(clampCoord(12.6)).toBe(13);
    expect(clampCoord(Number.NaN)).toBe(0);
    expect(clampCoord(5000)).toBe(MAX_COORD);
  });
});
