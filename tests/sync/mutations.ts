import type { CallName, Room, RoomTable } from '@comanda/shared-schema';
import type { EntityState } from './device.ts';

/**
 * The owner mutations the randomized case draws from. A later feature adds its offline
 * mutations here (one line each): the call name, a weight, and `make`, which builds a body from
 * what the device currently shows (pick existing ids from `view` so devices conflict), or null
 * when nothing fits. Bodies must pass the call's schema: the outbox validates before queueing.
 * `entities` in `ENTITIES` are compared between every device and the server at the end.
 */
export interface MutationGenerator {
  call: CallName;
  weight: number;
  /** The entity a successful call creates, named by the body's client-generated `id`. */
  creates?: string;
  make(ctx: GenContext): unknown | null;
}

export interface GenContext {
  rng: Rng;
  /** The device's composed view (server rows with its outbox applied). */
  view: EntityState;
}

/** Offline entities compared at the end of the randomized case (plus any the snapshot holds). */
export const ENTITIES = ['business', 'room', 'table'] as const;

const rooms = (v: EntityState) => (v.room ?? []) as Room[];
const tables = (v: EntityState) => (v.table ?? []) as RoomTable[];
const coord = (rng: Rng) => rng.int(1950);

export const generators: MutationGenerator[] = [
  {
    call: 'roomsAdd',
    weight: 3,
    creates: 'room',
    make: ({ rng }) => ({ id: rng.uuid(), name: `Sala ${rng.int(1000)}` }),
  },
  {
    call: 'roomsEdit',
    weight: 2,
    make: ({ rng, view }) => {
      const room = rng.pick(rooms(view));
      return room ? { id: room.id, name: `${room.name.slice(0, 80)} ${rng.int(100)}` } : null;
    },
  },
  {
    call: 'roomsDelete',
    weight: 2,
    make: ({ rng, view }) => {
      const room = rng.pick(rooms(view));
      return room ? { id: room.id } : null;
    },
  },
  {
    call: 'tablesAdd',
    weight: 4,
    creates: 'table',
    make: ({ rng, view }) => {
      const room = rng.pick(rooms(view));
      return room ? { id: rng.uuid(), roomId: room.id, x: 10, y: 70 } : null;
    },
  },
  {
    call: 'tablesSetCoords',
    weight: 4,
    make: ({ rng, view }) => {
      const table = rng.pick(tables(view));
      return table ? { tableId: table.id, x: coord(rng), y: coord(rng) } : null;
    },
  },
  {
    call: 'tablesDelete',
    weight: 2,
    make: ({ rng, view }) => {
      const table = rng.pick(tables(view));
      return table ? { id: table.id } : null;
    },
  },
  { call: 'ownerOrderToggle', weight: 1, make: () => ({}) },
  { call: 'ownerChatToggle', weight: 1, make: () => ({}) },
  {
    // No customer calls in this case: a dismissal of a table nobody called must change nothing.
    call: 'dashboardCallDiscard',
    weight: 1,
    make: ({ rng, view }) => {
      const table = rng.pick(tables(view));
      return table ? { tableId: table.id } : null;
    },
  },
];

/** Draw one mutation for a device: a weighted generator whose `make` finds something to do. */
export function drawMutation(ctx: GenContext): { call: CallName; body: unknown } {
  const options = generators.map((g) => [g, g.weight] as const);
  const total = generators.reduce((s, g) => s + g.weight, 0);
  for (;;) {
    const g = ctx.rng.weighted(options, total) ?? generators[0]!;
    const body = g.make(ctx);
    if (body !== null) return { call: g.call, body };
  }
}

/** A seeded generator (mulberry32): the same seed draws the same operations. */
export class Rng {
  private state: number;
  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  /** One of `options` by weight out of `total` (default 1); undefined for the rest. */
  weighted<T>(options: ReadonlyArray<readonly [T, number]>, total = 1): T | undefined {
    let r = this.next() * total;
    for (const [value, weight] of options) {
      r -= weight;
      if (r < 0) return value;
    }
    return undefined;
  }
  pick<T>(list: readonly T[]): T | undefined {
    return list.length === 0 ? undefined : list[this.int(list.length)];
  }
  /** A v4 UUID from this generator, so a replayed seed makes the same ids. */
  uuid(): string {
    const h = Array.from({ length: 16 }, () => this.int(256));
    h[6] = (h[6]! & 0x0f) | 0x40;
    h[8] = (h[8]! & 0x3f) | 0x80;
    const s = h.map((b) => b.toString(16).padStart(2, '0')).join('');
    return `${s.slice(0, 8)}-${s.slice(8, 12)}-${s.slice(12, 16)}-${s.slice(16, 20)}-${s.slice(20)}`;
  }
}
