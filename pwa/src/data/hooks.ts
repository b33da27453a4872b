import type { EntityData, EntityName } from '@comanda/shared-schema';
import { useLiveQuery } from 'dexie-react-hooks';
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { Observable } from 'rxjs';
import { type ComandaDb, withDb } from './db.ts';
import { type OutboxSummary, readOutboxSummary } from './outbox.ts';
import type { SyncClient } from './sync-client.ts';
import { composeEntity, entitiesNeeded, entriesFor, type MutatorMap } from './view.ts';

/** Provided by the owner layout once the owner session is known. */
export const SyncContext = createContext<SyncClient | null>(null);

export function useSyncClient(): SyncClient {
  const client = useContext(SyncContext);
  if (!client) throw new Error('useSyncClient outside the owner layout');
  return client;
}

/** Read server rows and outbox from IndexedDB and compose them (see `composeEntity`). */
export function loadEntities<T>(db: ComandaDb, mutators: MutatorMap, entity: string): Promise<T[]> {
  return withDb(db, async () => {
    const [meta, outbox] = await Promise.all([db.meta.get('sync'), db.outbox.toArray()]);
    const lastVersion = meta?.lastVersion ?? 0;
    const entries = entriesFor(entity, outbox, mutators, lastVersion);
    // One equality range per entity: Dexie serves each with a single getAll, where `anyOf`
    // walks a cursor row by row (seconds for a 300-dish menu on a slow tablet).
    const lists = await Promise.all(
      entitiesNeeded(entity, entries, mutators).map((e) => db.serverRows.where('entity').equals(e).toArray()),
    );
    const rows = lists.flat();
    return composeEntity<T>(entity, rows, entries, mutators, lastVersion).rows;
  });
}

/**
 * The rows of one entity as the owner should see them: server state with pending (and acked but
 * not yet caught-up) outbox entries applied on top. Undefined while loading.
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
