import { lazy, Suspense } from 'react';

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
 * Loaded on first use: the ordering screens are the customer's too, and a static import would
 * put the owner's device database (Dexie, the outbox, the sync client) on every customer's first
 * visit of a table's menu.
 */
const OwnerLiveSync = lazy(() => import('./owner-live-sync.tsx'));

/**
 * Owner screens only (inside the owner layout's live and sync providers): live menu edits, and
 * the socket id and catch-up the send needs. Rendered as a child so the customer screens, which
 * have neither provider, never touch them.
 */
export function OwnerLiveBridge(props: { onMenuChanged: () => void; links: { current: OwnerLinks } }) {
  return (
    <Suspense fallback={null}>
      <OwnerLiveSync {...props} />
    </Suspense>
  );
}
