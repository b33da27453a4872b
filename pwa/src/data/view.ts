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
  apply(view: EntityView, body: B): void;
}

export type MutatorMap = Readonly<Record<string, Mutator | undefined>>;

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
  /** Entries whose mutator threw: their effect is left out (the server will still judge them). */
  failed: number[];
}

/**
 * What a screen shows for `entity`: the server rows with the still-applied outbox entries
 * replayed on top, in mutation order. Pure, so it is tested without React or IndexedDB.
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
    // Replay on a scratch copy so a mutator that throws half-way leaves no partial effect.
    const scratch = createView([], new Set(mutator.entities));
    for (const name of mutator.entities) {
      for (const [id, data] of rowsOf(name)) scratch.view.put(name, id, data);
    }
    try {
      mutator.apply(scratch.view, entry.body);
    } catch (err) {
      if (err instanceof UndeclaredEntityError) console.error(`mutator ${entry.name}:`, err.message);
      failed.push(entry.mutationId);
      continue;
    }
    for (const name of mutator.entities) {
      const target = rowsOf(name);
      target.clear();
      for (const [id, data] of scratch.rowsOf(name)) target.set(id, data);
    }
  }
  return { rows: [...rowsOf(entity).values()] as T[], failed };
}
