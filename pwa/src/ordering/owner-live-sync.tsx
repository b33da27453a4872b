import { useSyncClient } from '../data/hooks.ts';
import { useLive, useLiveEvent } from '../live/use-live.ts';
import type { OwnerLinks } from './owner-links.ts';

/**
 * The owner layout's live socket and sync client, seen from an ordering screen: live menu edits,
 * and the socket id and catch-up the send needs. Its own chunk (`owner-live-bridge.tsx` loads it
 * for owners only): it reads the device database, whose code a customer's phone never needs.
 */
export default function OwnerLiveSync({
  onMenuChanged,
  links,
}: {
  onMenuChanged: () => void;
  links: { current: OwnerLinks };
}) {
  useLiveEvent('menuChanged', onMenuChanged);
  const sync = useSyncClient();
  links.current = {
    socketId: useLive().socketId,
    catchUp: () => void sync.catchUp(),
  };
  return null;
}
