import { ownerMutators } from '../app/owner-mutators.ts';
import type { ComandaDb } from '../data/db.ts';
import { SyncClient } from '../data/sync-client.ts';

/**
 * An owner's sync client under test, with every feature's mutators as the owner frame gives them
 * (app/owner-mutators.ts, the composition root). Not started: the outbox keeps what a screen
 * queues, for the test to read. The screens' harnesses make theirs here, so that no feature
 * folder reaches up into the app for the map.
 */
export function ownerSyncClient(db: ComandaDb): SyncClient {
  return new SyncClient({ db, mutators: ownerMutators });
}
