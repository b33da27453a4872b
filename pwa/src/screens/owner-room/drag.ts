import { ROOM_CANVAS_SIZE, TABLE_SQUARE_PX } from '@comanda/shared-schema';

export interface Point {
  x: number;
  y: number;
}

/** The largest coordinate that keeps a whole square on the canvas. */
export const MAX_COORD = ROOM_CANVAS_SIZE - TABLE_SQUARE_PX;
/** Pointer travel before a press becomes a drag (a tap still opens the table menu). */
export const DRAG_THRESHOLD_PX = 4;
/** Arrow keys move a table by this much; with Shift by a whole square. */
export const KEY_STEP = 10;
export const KEY_STEP_LARGE = TABLE_SQUARE_PX;

export function clampCoord(value: number): number {
  if (!Number.isFinite(value)) return 0;
  return Math.round(Math.min(MAX_COORD, Math.max(0, value)));
}

export function clampPoint(p: Point): Point {
  return { x: clampCoord(p.x), y: clampCoord(p.y) };
}

/**
 * One pointer drag of one table, without React: where the square is while the pointer moves,
 * and, on drop, the one position to save (null when it did not really move). The screen keeps
 * it in a ref of the dragged square, so no other table renders during the drag.
 */
export class TableDrag {
  private readonly origin: Point;
  private readonly start: Point;
  private current: Point;
  private dragging = false;

  constructor(origin: Point, pointer: Point) {
    this.origin = clampPoint(origin);
    this.start = pointer;
    this.current = this.origin;
  }

  get isDragging(): boolean {
    return this.dragging;
  }

  get position(): Point {
    return this.current;
  }

  /** The square's position for this pointer position, or null while still under the threshold. */
  move(pointer: Point): Point | null {
    const dx = pointer.x - this.start.x;
    const dy = pointer.y - this.start.y;
    if (!this.dragging && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return null;
    this.dragging = true;
    this.current = clampPoint({ x: this.origin.x + dx, y: this.origin.y + dy });
    return this.current;
  }

  /** The position to save, once, or null when the press was a tap or ended where it began. */
  drop(): Point | null {
    if (!this.dragging) return null;
    const { x, y } = this.current;
    return x === this.origin.x && y === this.origin.y ? null : this.current;
  }
}

const ARROWS: Record<string, Point> = {
  ArrowLeft: { x: -1, y: 0 },
  ArrowRight: { x: 1, y: 0 },
  ArrowUp: { x: 0, y: -1 },
  ArrowDown: { x: 0, y: 1 },
};

export function isArrowKey(key: string): boolean {
  return key in ARROWS;
}

/** Keyboard alternative to dragging: the position after one arrow key press, clamped. */
export function nudge(p: Point, key: string, large = false): Point {
  const dir = ARROWS[key];
  if (!dir) return p;
  const step = large ? KEY_STEP_LARGE : KEY_STEP;
  return clampPoint({ x: p.x + dir.x * step, y: p.y + dir.y * step });
}
