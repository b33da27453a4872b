import type { UserSession } from '@comanda/shared-schema';
import { type LoaderFunctionArgs, redirect } from 'react-router';
import { call } from '../data/api.ts';
import { NetworkError } from '../data/errors.ts';
import { cachedSession, forgetSessions, type Role, rememberSession, savePrecUrl } from './session.ts';

/** What the guarded layouts receive: the session, and whether it is the cached one (offline). */
export interface GuardedSession {
  session: UserSession;
  offline: boolean;
}

async function authenticate(role: Role): Promise<GuardedSession | null> {
  try {
    // The API client is part of the first bundle (a few KB: the calls' paths, no schemas, see
    // `data/wire.ts`), so the session check leaves while the screen's code is still on its way.
    const session = await call(role === 'owner' ? 'ownerAuthenticate' : 'userAuthenticate', {});
    const ok = session.valid && (role === 'user' || session.type === 'owner');
    if (!ok) return null;
    rememberSession(role, session);
    return { session, offline: false };
  } catch (err) {
    // No network: trust the session the server confirmed last time, so the app opens offline.
    if (err instanceof NetworkError) {
      const cached = cachedSession(role);
      if (cached) return { session: cached, offline: true };
    }
    return null;
  }
}

function here(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Owner routes: an owner session, else remember the address and go to /signin. */
export async function ownerGuard({ request }: LoaderFunctionArgs): Promise<GuardedSession> {
  const result = await authenticate('owner');
  if (result) return result;
  forgetSessions();
  savePrecUrl(here(request));
  throw redirect('/signin');
}

/** Customer routes: any valid customer session, a guest one included. */
export async function userGuard({ request }: LoaderFunctionArgs): Promise<GuardedSession> {
  const result = await authenticate('user');
  if (result) return result;
  savePrecUrl(here(request));
  throw redirect('/signin');
}
