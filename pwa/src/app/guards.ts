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

/**
 * The customer routes a venue's own link opens: a table's QR code (its menu, history, chat and
 * cart) and the delivery page (its menu, cart and the card payment's return).
 */
const VENUE_LINK =
  /^\/user\/(reservation|history|chat|cart)\/[^/]+\/[^/]+\/?$|^\/user\/(delivery|deliverycart|deliverySuccessPayment)\/[^/]+\/?$/;

export function isVenueLink(pathname: string): boolean {
  return VENUE_LINK.test(pathname);
}

/**
 * A diner who scans the table's QR code wants the menu, not a sign-in form: without a session,
 * a guest one is made silently (`userLogin` with isAnonymus, the same call as 'Continua come
 * ospite'). Null when it cannot be made (offline, the address's guest quota): sign-in then.
 */
async function enterAsGuest(): Promise<GuardedSession | null> {
  try {
    const session = await call('userLogin', { isAnonymus: true });
    if (!session.valid) return null;
    rememberSession('user', session);
    return { session, offline: false };
  } catch {
    return null;
  }
}

/**
 * Whether the customer guard now running made a new session. The table routes' early reads
 * leave beside the guard (routes.tsx); one refused for want of a session asks again once this
 * says a guest session was just made, instead of waiting for the screen to mount.
 */
let userSessionMade: Promise<boolean> = Promise.resolve(false);

export function newUserSession(): Promise<boolean> {
  return userSessionMade;
}

/**
 * Customer routes: any valid customer session, a guest one included. A venue's link opens as a
 * guest made on the spot when there is no session (spec 1: a guest can order); other customer
 * routes (`/user/home`) still send to /signin, remembering the address.
 */
export function userGuard({ request }: LoaderFunctionArgs): Promise<GuardedSession> {
  const venueLink = isVenueLink(new URL(request.url).pathname);
  // Set before the first await: the route's early reads, started right after, wait on it.
  const attempt = authenticate('user').then(async (result) => {
    if (result || !venueLink) return { result, made: false };
    const guest = await enterAsGuest();
    return { result: guest, made: guest !== null };
  });
  userSessionMade = attempt.then(
    ({ made }) => made,
    () => false,
  );
  return attempt.then(({ result }) => {
    if (result) return result;
    savePrecUrl(here(request));
    throw redirect('/signin');
  });
}
