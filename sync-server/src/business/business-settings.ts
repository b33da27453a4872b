import { loadBusinessWire } from '../store/venue.ts';
import type { SyncCore } from '../sync/sync-core.ts';

/** The venue's settings reach the owner's device offline as its one 'business' row. */
export function registerBusinessSnapshot(sync: SyncCore): void {
  sync.registerSnapshot('business', async (db, businessId) => {
    const wire = await loadBusinessWire(db, businessId);
    return wire ? [{ id: wire.id, data: wire }] : [];
  });
}
