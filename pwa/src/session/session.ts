import { SESSION_STORAGE_KEYS, type UserSession } from '@comanda/shared-schema';

export type Role = 'owner' | 'user';

/** What the guarded layouts receive: the session, and whether it is the cached one (offline). */
export interface GuardedSession {
  session: UserSession;
  offline: boolean;
}

/** Spec section 9: the address to return to after login lives in session storage `precUrl`. */
export const PREC_URL = SESSION_STORAGE_KEYS.precUrl;

const cacheKey = (role: Role) => `comanda.session.${role}`;

export function savePrecUrl(url: string): void {
  try {
    sessionStorage.setItem(PREC_URL, url);
  } catch {
    // Private mode without storage: the owner lands on the default page instead.
  }
}

/** Take (and clear) the saved address if it belongs to `role`'s area. */
export function takePrecUrl(role: Role): string | null {
  try {
    const url = sessionStorage.getItem(PREC_URL);
    if (!url?.startsWith(`/${role}/`)) return null;
    sessionStorage.removeItem(PREC_URL);
    return url;
  } catch {
    return null;
  }
}

export function peekPrecUrl(): string | null {
  try {
    return sessionStorage.getItem(PREC_URL);
  } catch {
    return null;
  }
}

/** Where an owner goes after login (spec section 2.3). */
export function ownerLanding(session: Pick<UserSession, 'accountType'>, precUrl: string | null): string {
  if (precUrl) return precUrl;
  return session.accountType === 'report' ? '/owner/report' : '/owner/home';
}

export function userLanding(precUrl: string | null): string {
  return precUrl ?? '/user/home';
}

/**
 * The last session the server confirmed, kept so that an owner whose tablet reloads while the
 * network is down still gets the app (the cookie is checked again as soon as it is back).
 */
export function rememberSession(role: Role, session: UserSession): void {
  try {
    localStorage.setItem(cacheKey(role), JSON.stringify(session));
  } catch {
    // No storage: offline reloads then need the network.
  }
}

export function cachedSession(role: Role): UserSession | null {
  try {
    const raw = localStorage.getItem(cacheKey(role));
    return raw ? (JSON.parse(raw) as UserSession) : null;
  } catch {
    return null;
  }
}

export function forgetSessions(): void {
  try {
    localStorage.removeItem(cacheKey('owner'));
    localStorage.removeItem(cacheKey('user'));
  } catch {
    // Nothing stored.
  }
}
