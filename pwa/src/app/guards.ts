import { type LoaderFunctionArgs, redirect } from 'react-router';
import { call } from '../data/api.ts';
import { NetworkError } from '../data/errors.ts';
import { DEFAULT_RETURN_PATH, SWITCH_REFUSED_REASONS } from '../owner-switch/return-path.ts';
import { abandonSwitch, switchBack } from '../owner-switch/switch-back.ts';
import { SwitchError } from '../owner-switch/switch-error.ts';
import {
  cachedSession,
  forgetSessions,
  type GuardedSession,
  type Role,
  rememberSession,
  savePrecUrl,
} from '../session/session.ts';

/** A session check: the session for `role`, or none and whether it is an owner's switch (spec 1). */
interface Checked {
  result: GuardedSession | null;
  ownerSwitch: boolean;
  /** The customer check found an owner's cookie (shared-schema `ownerSession`). */
  ownerSession?: boolean;
}

async function check(role: Role): Promise<Checked> {
  try {
    // The API client is part of the first bundle (a few KB: the calls' paths, no schemas, see
    // `data/wire.ts`), so the session check leaves while the screen's code is still on its way.
    const session = await call(role === 'owner' ? 'ownerAuthenticate' : 'userAuthenticate', {});
    const ok = session.valid && (role === 'user' || session.type === 'owner');
    if (!ok) {
      return {
        result: null,
        ownerSwitch: session.ownerSwitch === true,
        ownerSession: session.ownerSession === true,
      };
    }
    rememberSession(role, session);
    return { result: { session, offline: false }, ownerSwitch: false };
  } catch (err) {
    // No network: trust the session the server confirmed last time, so the app opens offline.
    if (err instanceof NetworkError) {
      const cached = cachedSession(role);
      if (cached) return { result: { session: cached, offline: true }, ownerSwitch: false };
    }
    return { result: null, ownerSwitch: false };
  }
}

function here(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}${url.hash}`;
}

/**
 * An owner ordering as a customer (spec 1) opens an owner screen ('Torna al pannello' did the
 * way back already; the back button or a bookmark did not): the way back, with no sign-in in
 * between. When the owner session has ended meanwhile: sign in again, then land here.
 */
async function comeBack(path: string): Promise<GuardedSession> {
  try {
    return { session: await switchBack(), offline: false };
  } catch (err) {
    if (err instanceof SwitchError) throw redirect(await abandonSwitch(path));
    throw err;
  }
}

/** Owner routes: an owner session, else remember the address and go to /signin. */
export async function ownerGuard({ request }: LoaderFunctionArgs): Promise<GuardedSession> {
  const { result, ownerSwitch } = await check('owner');
  if (result) return result;
  if (ownerSwitch) return comeBack(here(request));
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
 * An owner's browser on a venue's link (spec 1): the owner switches into the customer flow, as
 * from the owner screens, and the page opens in the switched session, 'Torna al pannello' shown.
 * When the switch cannot be made (offline, owner changes still waiting to go out, the session
 * gone) nothing changes and the owner's own screens open instead.
 */
async function enterAsOwner(): Promise<GuardedSession> {
  try {
    const { switchFromLink } = await import('../owner-switch/switch-from-link.ts');
    await switchFromLink();
  } catch (err) {
    // The home says why (an ended session goes on to the owner sign-in from there).
    const reason =
      err instanceof SwitchError && err.kind === 'pending'
        ? SWITCH_REFUSED_REASONS.pending
        : err instanceof NetworkError
          ? SWITCH_REFUSED_REASONS.offline
          : null;
    throw redirect(reason ? `${DEFAULT_RETURN_PATH}?reason=${reason}` : DEFAULT_RETURN_PATH);
  }
  const { result } = await check('user');
  if (!result) throw redirect(DEFAULT_RETURN_PATH);
  return result;
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
  const attempt = check('user').then(async ({ result, ownerSession }) => {
    if (result || !venueLink) return { result, made: false };
    if (ownerSession) return { result: await enterAsOwner(), made: true };
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
