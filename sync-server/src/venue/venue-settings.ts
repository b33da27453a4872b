import { loadVenueWire } from '../store/venue.ts';
import type { SyncCore } from '../sync/sync-core.ts';

/** The venue's settings reach the owner's device offline as its one 'business' row. */
export function registerVenueSnapshot(sync: SyncCore): void {
  sync.registerSnapshot('business', async (db, venueId) => {
    const wire = await loadVenueWire(db, venueId);
    return wire ? [{ id: wire.id, data: wire }] : [];
  });
}
