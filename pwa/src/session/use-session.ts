import type { UserSession } from '@comanda/shared-schema';
import { useRouteLoaderData } from 'react-router';
import type { GuardedSession } from './session.ts';

/** The owner session the guard confirmed (or the cached one while offline). */
export function useOwnerSession(): GuardedSession {
  const data = useRouteLoaderData('owner') as GuardedSession | undefined;
  if (!data) throw new Error('useOwnerSession outside the owner routes');
  return data;
}

/** The customer session the guard confirmed (a guest's included); none outside the customer routes. */
export function useUserSession(): GuardedSession | undefined {
  return useRouteLoaderData('user') as GuardedSession | undefined;
}

/** The venue id: the spec's ownerId / businessId. */
export function businessIdOf(session: UserSession): string {
  // Older session answers may lack businessId; one owner account runs one venue, so its id
  // scopes the local database just as well until the server sends it.
  return session.businessId ?? session.id ?? 'unknown';
}
