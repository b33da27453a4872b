import type { EntityData, EntityName } from '@comanda/shared-schema';
import Dexie from 'dexie';
import { useObservable } from 'dexie-react-hooks';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';
import { type ComandaDb, type OutboxEntry, type ServerRow, withDb } from './db.ts';
import { type OutboxSummary, readOutboxSummary } from './outbox.ts';
import type { PendingWrites } from './pending-writes.ts';
import { SharedLiveQuery } from './shared-live-query.ts';
import type { SyncClient } from './sync-client.ts';
import {
  composeEntity,
  entitiesNeeded,
  entriesFor,
  type IdentifiedRows,
  type KeyTree,
  keepEqualRows,
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
  /** `rows` mapped to their ids, made once. */
  ids?: readonly string[];
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
    if (hit.ids) fresh.ids = hit.ids;
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

/**
 * The browser's own Promise, taken when this module loads. Inside a live query's querier Dexie
 * swaps the global `Promise` for its own zone-keeping one, and a querier whose answer settles in
 * that zone has it handed to its subscribers through `setTimeout(0)`, a task of its own: on the
 * dashboard a status tap's lines reached React 10-20 ms after they were read, once the other
 * queries' answers to the same write had been drawn (and painted) on their own.
 */
const NativePromise = Promise;

/** Read server rows and outbox from IndexedDB and compose them (see `composeEntity`). */
export function loadEntities<T>(
  db: ComandaDb,
  mutators: MutatorMap,
  entity: string,
  pending?: PendingWrites,
): Promise<T[]> {
  // Before the first request: a write that commits after this may be missing from what it reads.
  const mark = pending?.mark() ?? 0;
  // One read transaction, not one per read: a tap re-runs every screen's live query, and making
  // IndexedDB transactions was most of their cost. One round trip on a tap's path, too: Dexie
  // restarts a live query that a write overtakes (the replayer claiming the entry a moment
  // later), so a querier that waits longer paints later.
  //
  // It answers once its reads are done, not when the transaction has completed (what Dexie does
  // for a single read outside a transaction): a read-only transaction changes nothing, and its
  // 'complete' waits behind every other query's requests to IndexedDB. On a status tap the other
  // screens' queries re-run too, and the lines waited for all of them (5-7 ms) before drawing.
  // The answer is a native promise (see `NativePromise`).
  return withDb(
    db,
    () =>
      new NativePromise<T[]>((resolve, reject) => {
        db.transaction('r', db.meta, db.outbox, db.serverRows, () =>
          readComposed<T>(db, mutators, entity, pending, mark).then((rows) => {
            resolve(rows);
            return rows;
          }),
        ).catch(reject);
      }),
  );
}

/** What the last read of an entity found, for composing it again without IndexedDB. */
interface LastRead {
  lastVersion: number;
  outbox: readonly OutboxEntry[];
  mark: number;
}

const lastReads = new WeakMap<ComandaDb, Map<string, LastRead>>();

async function readComposed<T>(
  db: ComandaDb,
  mutators: MutatorMap,
  entity: string,
  pending: PendingWrites | undefined,
  mark: number,
): Promise<T[]> {
  const [meta, stored] = await Promise.all([db.meta.get('sync'), db.outbox.toArray(), watchRows(db, entity)]);
  const lastVersion = meta?.lastVersion ?? 0;
  const outbox = pending ? [...stored, ...pending.unseen(mark, stored)] : stored;
  const entries = entriesFor(entity, outbox, mutators, lastVersion);
  const needed = entitiesNeeded(entity, entries, mutators);
  // Other entities a queued entry needs (a completion replays on lines too): watched as well.
  if (needed.length > 1) await Promise.all(needed.slice(1).map((e) => watchRows(db, e)));
  const lists = await Promise.all(needed.map((e) => cachedRows(db, e, lastVersion)));
  let reads = lastReads.get(db);
  if (!reads) {
    reads = new Map();
    lastReads.set(db, reads);
  }
  reads.set(entity, { lastVersion, outbox: stored, mark });
  return composeAnswer<T>(db, mutators, entity, entries, lists, lastVersion);
}

/**
 * `entity` composed again from its last read and the rows last read, with this tab's pending
 * writes on top, without a request to IndexedDB: what a screen shows the moment a mutation is
 * made. Undefined when a row list it needs was never read (the next read brings it).
 */
function recompose<T>(
  db: ComandaDb,
  mutators: MutatorMap,
  entity: string,
  pending: PendingWrites,
): T[] | undefined {
  const read = lastReads.get(db)?.get(entity);
  const cache = rowCaches.get(db);
  if (!read || !cache) return undefined;
  const outbox = [...read.outbox, ...pending.unseen(read.mark, read.outbox)];
  const entries = entriesFor(entity, outbox, mutators, read.lastVersion);
  const lists: CachedRows[] = [];
  for (const e of entitiesNeeded(entity, entries, mutators)) {
    const rows = cache.get(e);
    if (!rows) return undefined;
    lists.push(rows);
  }
  return composeAnswer<T>(db, mutators, entity, entries, lists, read.lastVersion);
}

function composeAnswer<T>(
  db: ComandaDb,
  mutators: MutatorMap,
  entity: string,
  entries: readonly OutboxEntry[],
  lists: readonly CachedRows[],
  lastVersion: number,
): T[] {
  const own = lists[0];
  let answer: IdentifiedRows<unknown>;
  if (entries.length === 0 && own) {
    // Nothing queued touches it: the same array as last time, so React skips the screen.
    // Frozen: one consumer sorting it in place would reorder it for every other one.
    own.data ??= Object.freeze(own.rows.map((r) => r.data));
    own.ids ??= own.rows.map((r) => r.entityId);
    answer = { ids: own.ids, rows: own.data };
  } else {
    answer = composeEntity(
      entity,
      lists.flatMap((l) => l.rows),
      entries,
      mutators,
      lastVersion,
    );
  }
  return keptAnswer(db, entity, answer) as T[];
}

/** Per database, each entity's last answer (see `keepEqualRows`). */
const lastAnswers = new WeakMap<ComandaDb, Map<string, IdentifiedRows<unknown>>>();

/**
 * `answer`, or as much of the last answer for `entity` as is unchanged: the replayer's claim and
 * its ack of a status tap's entry each re-run the queries, and replaying the entry again gave
 * the same lines as new objects in a new array, a render of the board each time.
 */
function keptAnswer(db: ComandaDb, entity: string, answer: IdentifiedRows<unknown>): readonly unknown[] {
  let answers = lastAnswers.get(db);
  if (!answers) {
    answers = new Map();
    lastAnswers.set(db, answers);
  }
  const kept = keepEqualRows(answers.get(entity), answer);
  answers.set(entity, kept);
  return kept.rows;
}

/** Per sync client, its shared queries by what they read; kept while the client lives. */
const sharedQueries = new WeakMap<SyncClient, Map<string, SharedLiveQuery<unknown>>>();

/** The shared query `key` of `client`, made with `querier` the first time it is asked for. */
function sharedQuery<T>(
  client: SyncClient,
  key: string,
  querier: () => Promise<T>,
  now?: () => T | undefined,
): SharedLiveQuery<T> {
  let queries = sharedQueries.get(client);
  if (!queries) {
    queries = new Map();
    sharedQueries.set(client, queries);
  }
  let query = queries.get(key) as SharedLiveQuery<T> | undefined;
  if (!query) {
    query = new SharedLiveQuery(
      querier,
      now ? { changes: (listener) => client.pending.subscribe(listener), now } : undefined,
    );
    queries.set(key, query as SharedLiveQuery<unknown>);
  }
  return query;
}

/**
 * The rows of one entity as the owner should see them: server state with pending (and acked but
 * not yet caught-up) outbox entries applied on top. Undefined while loading. Read-only: the
 * array and the row objects are shared between screens and between answers (a row nothing
 * changed is the same object as before, so memoised components skip it). Every component of a
 * client reading `entity` shares one live query (`SharedLiveQuery`) and gets the same array.
 */
export function useEntities<E extends EntityName>(entity: E): EntityData<E>[] | undefined {
  const client = useSyncClient();
  return useObservable(() => entitiesQuery(client, entity), [client, entity]);
}

/** The shared live query `useEntities` reads, for readers outside React (the print service). */
export function entitiesQuery<E extends EntityName>(
  client: SyncClient,
  entity: E,
): SharedLiveQuery<EntityData<E>[]> {
  return sharedQuery(
    client,
    `entity:${entity}`,
    () => loadEntities<EntityData<E>>(client.db, client.mutators, entity, client.pending),
    () => recompose<EntityData<E>>(client.db, client.mutators, entity, client.pending),
  );
}

/** Pending count and refused entries of the outbox, live; one query for all its readers. */
export function useOutboxSummary(): OutboxSummary | undefined {
  const client = useSyncClient();
  return useObservable(
    () => sharedQuery(client, 'outbox-summary', () => withDb(client.db, () => readOutboxSummary(client.db))),
    [client],
  );
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
