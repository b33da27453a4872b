import type { EntityData, EntityName } from '@comanda/shared-schema';
import Dexie from 'dexie';
import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';
import { type ComandaDb, type ServerRow, withDb } from './db.ts';
import { type OutboxSummary, readOutboxSummary } from './outbox.ts';
import type { SyncClient } from './sync-client.ts';
import {
  composeEntity,
  entitiesNeeded,
  entriesFor,
  type KeyTree,
  type MutatorMap,
  patchRows,
  shareRows,
  writtenKeys,
} from './view.ts';

/** Provided by the owner layout once the owner session is known. */
export const SyncContext = createContext<SyncClient | null>(null);

export function useSyncClient(): SyncClient {
  const client = useContext(SyncContext);
  if (!client) throw new Error('useSyncClient outside the owner layout');
  return client;
}

/** One entity's server rows as last read, and what they were read at. */
interface CachedRows {
  generation: number;
  everything: number;
  lastVersion: number;
  rows: readonly ServerRow[];
  /** `rows` mapped to their data, made once: the same array each time no entry touches it. */
  data?: readonly unknown[];
}

/** Per database name: the committed writes to `serverRows` (this tab's and other tabs'). */
interface WriteLog {
  generation: number;
  /** The last writes, each with the keys it wrote (null: a range, anything may have changed). */
  writes: Array<{ generation: number; keys: Array<[string, string]> | null }>;
}

const WRITES_KEPT = 200;
const rowCaches = new WeakMap<ComandaDb, Map<string, CachedRows>>();
const writeLogs = new Map<string, WriteLog>();
/** Bumped when a change names no part (everything may have changed). */
let everything = 0;
/** The primary-key part of a `serverRows` write: `idb://{database}/serverRows/`. */
const SERVER_ROWS_KEYS = /^idb:\/\/(.*)\/serverRows\/$/;

// Dexie fires this once per committed write transaction (other tabs' through its broadcast),
// synchronously, before any live query re-runs its querier for it.
Dexie.on('storagemutated', (parts) => {
  if ('all' in parts) {
    everything += 1;
    return;
  }
  for (const [part, tree] of Object.entries(parts)) {
    const name = SERVER_ROWS_KEYS.exec(part)?.[1];
    if (name === undefined) continue;
    let log = writeLogs.get(name);
    if (!log) {
      log = { generation: 0, writes: [] };
      writeLogs.set(name, log);
    }
    log.generation += 1;
    log.writes.push({ generation: log.generation, keys: writtenKeys(tree as KeyTree) });
    if (log.writes.length > WRITES_KEPT) log.writes.shift();
  }
});

/**
 * Inside a live query, makes Dexie re-run it when `entity`'s server rows change, without reading
 * them (a count of the index range). Awaited before `cachedRows`, it also lets the
 * 'storagemutated' of any write committed before it arrive first.
 */
function watchRows(db: ComandaDb, entity: string): Promise<number> {
  return db.serverRows.where('entity').equals(entity).count();
}

/**
 * The ids of `entity` written since `since`, or null when that is not known (a range write, or
 * more writes than the log keeps).
 */
function writtenSince(log: WriteLog | undefined, since: number, entity: string): Set<string> | null {
  const generation = log?.generation ?? 0;
  if (generation === since) return new Set();
  const writes = log?.writes.filter((w) => w.generation > since) ?? [];
  if (writes.length !== generation - since) return null;
  const ids = new Set<string>();
  for (const { keys } of writes) {
    if (keys === null) return null;
    for (const [e, id] of keys) if (e === entity) ids.add(id);
  }
  return ids;
}

/**
 * The server rows of `entity`, read from IndexedDB only as far as they changed since the last
 * read: every outbox write re-runs the screens' live queries, and a catch-up after each status
 * tap writes a row or two; re-reading 3,000 dashboard lines each time, as new objects, cost more
 * than everything else of a tap. An unchanged row keeps its object (memoised rows skip it), and
 * the rows of an entity nothing wrote stay the same array. Call after `watchRows`.
 */
async function cachedRows(db: ComandaDb, entity: string, lastVersion: number): Promise<CachedRows> {
  const log = writeLogs.get(db.name);
  const generation = log?.generation ?? 0;
  let cache = rowCaches.get(db);
  if (!cache) {
    cache = new Map();
    rowCaches.set(db, cache);
  }
  const hit = cache.get(entity);
  const now = { generation, everything, lastVersion };
  if (
    hit &&
    hit.everything === everything &&
    hit.generation === generation &&
    hit.lastVersion === lastVersion
  ) {
    return hit;
  }
  // Another tab's catch-up whose broadcast has not arrived (the cursor moved, the log did not):
  // what changed is unknown, so everything is read again.
  const sameTab =
    hit &&
    hit.everything === everything &&
    (hit.generation !== generation || hit.lastVersion === lastVersion);
  const ids = sameTab ? writtenSince(log, hit.generation, entity) : null;
  let rows: readonly ServerRow[];
  if (hit && ids?.size === 0) {
    rows = hit.rows;
  } else if (hit && ids) {
    const list = [...ids];
    const found = await db.serverRows.bulkGet(list.map((id): [string, string] => [entity, id]));
    rows = patchRows(hit.rows, new Map(list.map((id, i) => [id, found[i]])));
  } else {
    rows = shareRows(hit?.rows, await db.serverRows.where('entity').equals(entity).toArray());
  }
  // Read under `generation`: a write that landed meanwhile is in the log after it, so the next
  // read re-reads its keys.
  const fresh: CachedRows = { ...now, rows };
  if (hit && sameItems(hit.rows, rows)) {
    fresh.rows = hit.rows;
    if (hit.data) fresh.data = hit.data;
  }
  cache.set(entity, fresh);
  return fresh;
}

function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Read server rows and outbox from IndexedDB and compose them (see `composeEntity`). */
export function loadEntities<T>(db: ComandaDb, mutators: MutatorMap, entity: string): Promise<T[]> {
  // One read transaction, not one per read: a tap re-runs every screen's live query, and making
  // IndexedDB transactions was most of their cost. One round trip on a tap's path, too: Dexie
  // restarts a live query that a write overtakes (the replayer claiming the entry a moment
  // later), so a querier that waits longer paints later.
  return withDb(db, () =>
    db.transaction('r', db.meta, db.outbox, db.serverRows, () => readComposed<T>(db, mutators, entity)),
  );
}

async function readComposed<T>(db: ComandaDb, mutators: MutatorMap, entity: string): Promise<T[]> {
  const [meta, outbox] = await Promise.all([db.meta.get('sync'), db.outbox.toArray(), watchRows(db, entity)]);
  const lastVersion = meta?.lastVersion ?? 0;
  const entries = entriesFor(entity, outbox, mutators, lastVersion);
  const needed = entitiesNeeded(entity, entries, mutators);
  // Other entities a queued entry needs (a completion replays on lines too): watched as well.
  if (needed.length > 1) await Promise.all(needed.slice(1).map((e) => watchRows(db, e)));
  const lists = await Promise.all(needed.map((e) => cachedRows(db, e, lastVersion)));
  const own = lists[0];
  if (entries.length === 0 && own) {
    // Nothing queued touches it: the same array as last time, so React skips the screen.
    // Frozen: one consumer sorting it in place would reorder it for every other one.
    own.data ??= Object.freeze(own.rows.map((r) => r.data));
    return own.data as T[];
  }
  const rows = lists.flatMap((l) => l.rows);
  return composeEntity<T>(entity, rows, entries, mutators, lastVersion).rows;
}

/**
 * The rows of one entity as the owner should see them: server state with pending (and acked but
 * not yet caught-up) outbox entries applied on top. Undefined while loading. Read-only: the
 * array and the row objects are shared between screens and between answers (a row nothing
 * changed is the same object as before, so memoised components skip it).
 */
export function useEntities<E extends EntityName>(entity: E): EntityData<E>[] | undefined {
  const client = useSyncClient();
  return useLiveQuery(
    () => loadEntities<EntityData<E>>(client.db, client.mutators, entity),
    [client, entity],
  );
}

/** Pending count and refused entries of the outbox, live. */
export function useOutboxSummary(): OutboxSummary | undefined {
  const client = useSyncClient();
  return useLiveQuery(() => withDb(client.db, () => readOutboxSummary(client.db)), [client]);
}

/** Current value of a BehaviorSubject-like observable, as React state. */
export function useObservableValue<T>(source: Observable<T> & { readonly value: T }): T {
  return useSyncExternalStore(
    (onChange) => {
      const sub = source.subscribe(onChange);
      return () => sub.unsubscribe();
    },
    () => source.value,
  );
}
