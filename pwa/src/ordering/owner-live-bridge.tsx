import { useSyncClient } from '../data/hooks.ts';
import { useLive, useLiveEvent } from '../live/use-live.ts';

/** What an owner's ordering screen reads from the owner layout at send time. */
export interface OwnerLinks {
  /** The live socket id: the owner's own devices are told through the change log, not echoed. */
  socketId: string | undefined;
  /** Pull the change log now: the owner's own order is not echoed to this device's socket. */
  catchUp: () => void;
}

export function ownerLinks(): { current: OwnerLinks } {
  return { current: { socketId: undefined, catchUp: () => {} } };
}

/**
 * Owner screens only (inside the owner layout's live and sync providers): live menu edits, and
 * the socket id and catch-up the send needs. Rendered as a child so the customer screens, which
 * have neither provider, never touch them.
 */
export function OwnerLiveBridge({
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
