import type { UserSession } from '@comanda/shared-schema';
import { useRouteLoaderData } from 'react-router';
import type { GuardedSession } from '../../app/guards.ts';

/** The owner session the guard confirmed (or the cached one while offline). */
export function useOwnerSession(): GuardedSession {
  const data = useRouteLoaderData('owner') as GuardedSession | undefined;
  if (!data) throw new Error('useOwnerSession outside the owner routes');
  return data;
}

/** The venue id: the spec's ownerId / businessId. */
export function businessIdOf(session: UserSession): string {
  // Older session answers may lack businessId; one owner account runs one venue, so its id
  // scopes the local database just as well until the server sends it.
  return session.businessId ?? session.id ?? 'unknown';
}
