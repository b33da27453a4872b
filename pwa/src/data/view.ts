import type { Body, CallName, Calls } from '@comanda/shared-schema';
import type { OutboxEntry, ServerRow } from './db.ts';

/**
 * The view a mutator works on: server rows by entity and id. Mutators must treat what `get` and
 * `list` return as read-only and write new objects with `put`.
 */
export interface EntityView {
  get<T = unknown>(entity: string, id: string): T | undefined;
  list<T = unknown>(entity: string): T[];
  put(entity: string, id: string, data: unknown): void;
  delete(entity: string, id: string): void;
}

/**
 * The local effect of one kind of mutation, replayed on top of server rows whenever a screen
 * reads. `entities` names every entity it reads or writes: a view only loads those, and a
 * mutator that touches another one gets an error (a bug to fix, not a silent miss).
 */
export interface Mutator<B = unknown> {
  readonly entities: readonly string[];
  /**
   * `at` is when the change was queued (its outbox entry's `createdAt`, epoch ms), for a mutator
   * that stamps rows as the server will: an entry is replayed on every read, and stamped with the
   * time of the read it wrote different rows each time (see `keepEqualRows`).
   */
  apply(view: EntityView, body: B, at?: number): void;
}

export type MutatorMap = Readonly<Record<string, Mutator | undefined>>;

/** The local effect of each owner mutation, keyed by its call name in shared-schema `calls`. */
export type MutatorsFor = { [N in CallName]?: Mutator<Body<Calls[N]>> };

/** Whether an outbox entry's effect is still shown on top of the server rows. */
export function isApplied(entry: Pick<OutboxEntry, 'status' | 'ackVersion'>, lastVersion: number): boolean {
  if (entry.status === 'pending') return true;
  if (entry.status === 'acked') return entry.ackVersion === null || entry.ackVersion > lastVersion;
  return false; // refused: its optimistic effect disappears at once
}

/**
 * The outbox entries that affect `entity`, in mutation order: those whose mutator touches it,
 * and, transitively, those touching any entity such a mutator reads. A table added to a room
 * that was itself created offline needs the room's entry replayed too, or the table vanishes.
 */
export function entriesFor(
  entity: string,
  entries: readonly OutboxEntry[],
  mutators: MutatorMap,
  lastVersion: number,
): OutboxEntry[] {
  const applied = entries.filter((e) => isApplied(e, lastVersion) && mutators[e.name]);
  const reach = new Set([entity]);
  const chosen = new Set<OutboxEntry>();
  let grew = true;
  while (grew) {
    grew = false;
    for (const e of applied) {
      if (chosen.has(e)) continue;
      const touched = mutators[e.name]?.entities ?? [];
      if (!touched.some((name) => reach.has(name))) continue;
      chosen.add(e);
      grew = true;
      for (const name of touched) reach.add(name);
    }
  }
  return [...chosen].sort((a, b) => a.mutationId - b.mutationId);
}

/** Every entity whose rows must be loaded to replay `entries` (plus the one asked for). */
export function entitiesNeeded(
  entity: string,
  entries: readonly OutboxEntry[],
  mutators: MutatorMap,
): string[] {
  const needed = new Set([entity]);
  for (const e of entries) for (const name of mutators[e.name]?.entities ?? []) needed.add(name);
  return [...needed];
}

export class UndeclaredEntityError extends Error {
  override readonly name = 'UndeclaredEntityError';
}

/** An in-memory view over loaded rows; `allowed` limits it to the entities that were loaded. */
export function createView(
  rows: readonly ServerRow[],
  allowed?: ReadonlySet<string>,
): {
  view: EntityView;
  rowsOf: (entity: string) => Map<string, unknown>;
} {
  const byEntity = new Map<string, Map<string, unknown>>();
  const table = (entity: string): Map<string, unknown> => {
    if (allowed && !allowed.has(entity)) throw new UndeclaredEntityError(`entity '${entity}' not declared`);
    let m = byEntity.get(entity);
    if (!m) {
      m = new Map();
      byEntity.set(entity, m);
    }
    return m;
  };
  for (const r of rows) if (!allowed || allowed.has(r.entity)) table(r.entity).set(r.entityId, r.data);
  const view: EntityView = {
    get: <T>(entity: string, id: string) => table(entity).get(id) as T | undefined,
    list: <T>(entity: string) => [...table(entity).values()] as T[],
    put: (entity, id, data) => {
      table(entity).set(id, data);
    },
    delete: (entity, id) => {
      table(entity).delete(id);
    },
  };
  return { view, rowsOf: table };
}

export interface ComposeResult<T> {
  rows: T[];
  /** Each row's id, in the order of `rows`. */
  ids: string[];
  /** Entries whose mutator threw: their effect is left out (the server will still judge them). */
  failed: number[];
}

/** Marks a row a mutator deleted, in a scratch view's changes. */
const GONE: unique symbol = Symbol('gone');

/**
 * A mutator's scratch view: reads go through to `base`, writes are kept aside until `commit`,
 * so a mutator that throws half-way leaves no partial effect. Replaying one entry costs what it
 * touches, not a copy of every row (3,000 dashboard lines per outbox entry otherwise).
 */
function scratchView(
  base: (entity: string) => Map<string, unknown>,
  allowed: ReadonlySet<string>,
): { view: EntityView; commit: () => void } {
  const changes = new Map<string, Map<string, unknown>>();
  const ops: Array<[entity: string, id: string, data: unknown]> = [];
  const changesOf = (entity: string): Map<string, unknown> => {
    if (!allowed.has(entity)) throw new UndeclaredEntityError(`entity '${entity}' not declared`);
    let m = changes.get(entity);
    if (!m) {
      m = new Map();
      changes.set(entity, m);
    }
    return m;
  };
  const write = (entity: string, id: string, data: unknown) => {
    changesOf(entity).set(id, data);
    ops.push([entity, id, data]);
  };
  const view: EntityView = {
    get: <T>(entity: string, id: string) => {
      const changed = changesOf(entity);
      const data = changed.has(id) ? changed.get(id) : base(entity).get(id);
      return (data === GONE ? undefined : data) as T | undefined;
    },
    list: <T>(entity: string) => {
      const changed = changesOf(entity);
      const rows = base(entity);
      if (changed.size === 0) return [...rows.values()] as T[];
      const out: unknown[] = [];
      for (const [id, data] of rows) {
        const now = changed.has(id) ? changed.get(id) : data;
        if (now !== GONE) out.push(now);
      }
      for (const [id, data] of changed) if (!rows.has(id) && data !== GONE) out.push(data);
      return out as T[];
    },
    put: (entity, id, data) => write(entity, id, data),
    delete: (entity, id) => write(entity, id, GONE),
  };
  const commit = () => {
    // The writes in their order, so the rows end up in the order a plain copy would have.
    for (const [entity, id, data] of ops) {
      const target = base(entity);
      if (data === GONE) target.delete(id);
      else target.set(id, data);
    }
  };
  return { view, commit };
}

/**
 * What a screen shows for `entity`: the server rows with the still-applied outbox entries
 * replayed on top, in mutation order. Pure, so it is tested without React or IndexedDB. Rows
 * no entry touched come out as the very objects passed in (memoised screens skip them).
 */
export function composeEntity<T = unknown>(
  entity: string,
  serverRows: readonly ServerRow[],
  outbox: readonly OutboxEntry[],
  mutators: MutatorMap,
  lastVersion: number,
): ComposeResult<T> {
  const entries = entriesFor(entity, outbox, mutators, lastVersion);
  const allowed = new Set(entitiesNeeded(entity, entries, mutators));
  const { rowsOf } = createView(serverRows, allowed);
  const failed: number[] = [];
  for (const entry of entries) {
    const mutator = mutators[entry.name];
    if (!mutator) continue;
    const scratch = scratchView(rowsOf, new Set(mutator.entities));
    try {
      mutator.apply(scratch.view, entry.body, entry.createdAt);
    } catch (err) {
      if (err instanceof UndeclaredEntityError) console.error(`mutator ${entry.name}:`, err.message);
      failed.push(entry.mutationId);
      continue;
    }
    scratch.commit();
  }
  const composed = rowsOf(entity);
  return { rows: [...composed.values()] as T[], ids: [...composed.keys()], failed };
}

/** Deep equality of JSON-shaped data (what server rows hold). */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!sameData(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const ak = Object.keys(a);
  if (ak.length !== Object.keys(b).length) return false;
  for (const k of ak) {
    if (!Object.hasOwn(b, k)) return false;
    if (!sameData((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k])) return false;
  }
  return true;
}

/**
 * `next` with each row whose data equals the one `previous` had for the same id given that
 * earlier object back: a catch-up that changed 1 row of 3,000 leaves 2,999 objects as they were.
 */
export function shareRows(previous: readonly ServerRow[] | undefined, next: ServerRow[]): ServerRow[] {
  if (!previous || previous.length === 0) return next;
  const before = new Map<string, ServerRow>();
  for (const row of previous) before.set(row.entityId, row);
  return next.map((row) => {
    const old = before.get(row.entityId);
    return old && old.entity === row.entity && sameData(old.data, row.data) ? old : row;
  });
}

/** One answer of a screen's query: its rows and, in the same order, their ids. */
export interface IdentifiedRows<T> {
  ids: readonly string[];
  rows: readonly T[];
}

/**
 * `next` with every row whose data equals the one `previous` had at the same place (same id)
 * given that earlier object back, and `previous` itself when no row changed. Replaying the
 * outbox makes new objects for the rows an entry writes, on every read: a status tap's entry is
 * replayed again when the replayer claims it and when the server acks it, with the same result
 * each time, and each new array re-drew the screens reading it (the dashboard, once per step).
 * Rows are compared where they stand: after the first place whose id differs (a row added,
 * removed or moved) the rows are `next`'s own.
 */
export function keepEqualRows<T>(
  previous: IdentifiedRows<T> | undefined,
  next: IdentifiedRows<T>,
): IdentifiedRows<T> {
  if (!previous || previous.rows === next.rows) return next;
  const { ids, rows } = next;
  let shifted = false;
  let changed = ids.length !== previous.ids.length;
  const kept = rows.map((row, i) => {
    shifted ||= ids[i] !== previous.ids[i];
    if (!shifted) {
      const old = previous.rows[i] as T;
      if (row === old || sameData(old, row)) return old;
    }
    changed = true;
    return row;
  });
  if (!changed) return previous;
  return { ids, rows: Object.isFrozen(rows) ? Object.freeze(kept) : kept };
}

/** A node of the interval tree Dexie reports a write's keys in (`ObservabilitySet` parts). */
export interface KeyTree {
  from?: unknown;
  to?: unknown;
  l?: KeyTree | null;
  r?: KeyTree | null;
}

const isRowKey = (key: unknown): key is [string, string] =>
  Array.isArray(key) && key.length === 2 && typeof key[0] === 'string' && typeof key[1] === 'string';

/**
 * The `[entity, entityId]` keys a committed `serverRows` write touched, from the primary-key
 * part Dexie reports it with; null when the part names a range (a clear, a bulk put of 50 rows
 * or more): then anything may have changed.
 */
export function writtenKeys(tree: KeyTree | undefined): Array<[string, string]> | null {
  const keys: Array<[string, string]> = [];
  const stack: KeyTree[] = tree ? [tree] : [];
  for (let node = stack.pop(); node; node = stack.pop()) {
    if (node.from !== undefined) {
      const { from, to } = node;
      if (!isRowKey(from) || !isRowKey(to) || from[0] !== to[0] || from[1] !== to[1]) return null;
      keys.push(from);
    }
    if (node.l) stack.push(node.l);
    if (node.r) stack.push(node.r);
  }
  return keys;
}

const byEntityId = (a: ServerRow, b: ServerRow) =>
  a.entityId < b.entityId ? -1 : a.entityId > b.entityId ? 1 : 0;

/**
 * One entity's rows (in IndexedDB key order) with some re-read: `changed` maps each re-read id
 * to its row now, or undefined when it is gone. An unchanged row keeps its object, and a new one
 * goes where a full read would put it (strings compare the same way in both).
 */
export function patchRows(
  rows: readonly ServerRow[],
  changed: ReadonlyMap<string, ServerRow | undefined>,
): ServerRow[] {
  const out: ServerRow[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    if (!changed.has(row.entityId)) {
      out.push(row);
      continue;
    }
    seen.add(row.entityId);
    const now = changed.get(row.entityId);
    if (now) out.push(sameData(row.data, now.data) ? row : now);
  }
  let added = false;
  for (const [id, row] of changed) {
    if (seen.has(id) || !row) continue;
    out.push(row);
    added = true;
  }
  return added ? out.sort(byEntityId) : out;
}
