import { ComandaDb, ownerDbName } from '../../data/db.ts';
import { SyncClient } from '../../data/sync-client.ts';
import type { MutatorMap } from '../../data/view.ts';
import { bindLiveToSync } from '../../live/bind-sync.ts';
import { LiveConnection, liveUrl } from '../../live/connection.ts';

export interface OwnerRuntime {
  sync: SyncClient;
  live: LiveConnection;
  dispose: () => void;
}

/**
 * Everything an owner session runs in the background: the venue's local database, the outbox
 * replayer and catch-up, and the live connection that pokes them.
 */
export function startOwnerRuntime(businessId: string, mutators: MutatorMap): OwnerRuntime {
  const db = new ComandaDb(ownerDbName(businessId));
  const sync = new SyncClient({ db, mutators });
  const live = new LiveConnection({ url: liveUrl(businessId) });
  const unbind = bindLiveToSync(live, sync);
  void sync.start();
  live.start();
  return {
    sync,
    live,
    dispose: () => {
      unbind();
      live.stop();
      sync.stop();
      db.close();
    },
  };
}
