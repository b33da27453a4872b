import { useLiveQuery } from 'dexie-react-hooks';
import type { ComandaDb, OutboxEntry } from './db.ts';
import { withDb } from './db.ts';
import { useSyncClient } from './hooks.ts';

/**
 * Where one queued change stands: still on this device ('pending', sent or not), taken by the
 * server ('saved': acked, or acked and already caught up so the entry is gone), or refused
 * with the server's reason.
 */
export type MutationState =
  | { kind: 'pending' }
  | { kind: 'saved' }
  | { kind: 'refused'; error: string | null };

export function mutationState(entry: Pick<OutboxEntry, 'status' | 'error'> | undefined): MutationState {
  if (!entry || entry.status === 'acked') return { kind: 'saved' };
  if (entry.status === 'refused') return { kind: 'refused', error: entry.error };
  return { kind: 'pending' };
}

export function readMutationState(db: ComandaDb, mutationId: number): Promise<MutationState> {
  return withDb(db, async () => mutationState(await db.outbox.get(mutationId)));
}

/**
 * The state of the change with this mutation id, live from the outbox (a setting applied at
 * once shows whether it reached the server). Null without an id; undefined while reading.
 */
export function useMutationState(mutationId: number | null): MutationState | null | undefined {
  const client = useSyncClient();
  return useLiveQuery(
    () => (mutationId === null ? Promise.resolve(null) : readMutationState(client.db, mutationId)),
    [client, mutationId],
  );
}
