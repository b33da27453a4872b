import { lazy, Suspense } from 'react';
import type { OwnerLinks } from './owner-links.ts';

export { type OwnerLinks, ownerLinks } from './owner-links.ts';

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
