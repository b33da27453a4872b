import type { UserSession } from '@comanda/shared-schema';
import { t } from '@comanda/shared-schema';
import { vi } from 'vitest';

/**
 * Test support: the account calls of the owner -> customer switch (spec 1, 7) behind `fetch`,
 * as the server answers them for the one cookie a browser holds. Other calls go to `other`.
 */
export type Cookie = 'owner' | 'switched' | 'guest' | 'none';

export const OWNER_ID = 'owner-user-1';
export const BUSINESS_ID = '99999999-9999-4999-8999-999999999999';

export const ownerSession: UserSession = {
  valid: true,
  id: OWNER_ID,
  type: 'owner',
  name: 'Trattoria',
  businessId: BUSINESS_ID,
  version: 1,
};
export const switchedGuest: UserSession = {
  valid: true,
  id: 'guest-1',
  type: 'user',
  isAnonymus: true,
  ownerSwitch: true,
  version: 1,
};
const plainGuest: UserSession = { valid: true, id: 'guest-2', type: 'user', isAnonymus: true, version: 1 };

export interface SeenCall {
  path: string;
  body: Record<string, unknown> | null;
  /** The cookie the browser sent with it. */
  cookie: Cookie;
}

export interface SessionServer {
  cookie: Cookie;
  /** The owner session a switched guest returns to still exists (no logout, no expiry). */
  ownerAlive: boolean;
  /** No answer at all: every request fails as `fetch` does offline. */
  offline: boolean;
  calls: SeenCall[];
  paths: () => string[];
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const refused = (error = 'Sessione non valida o scaduta') =>
  json(401, { success: false, code: 'UNAUTHORIZED', error });

export function stubSessionServer(
  start: Cookie,
  other: (path: string, init?: RequestInit) => Response | Promise<Response> = () =>
    json(404, { success: false, code: 'NOT_FOUND', error: 'no' }),
): SessionServer {
  const server: SessionServer = {
    cookie: start,
    ownerAlive: true,
    offline: false,
    calls: [],
    paths: () => server.calls.map((c) => c.path),
  };
  const answer = (path: string, body: Record<string, unknown> | null): Response | null => {
    const { cookie } = server;
    switch (path) {
      case '/api/owner/authenticate':
        if (cookie === 'owner') return json(200, { success: true, ...ownerSession });
        return json(200, {
          success: true,
          valid: false,
          ...(cookie === 'switched' ? { ownerSwitch: true } : {}),
        });
      case '/api/user/authenticate':
        if (cookie === 'switched') return json(200, { success: true, ...switchedGuest });
        if (cookie === 'guest') return json(200, { success: true, ...plainGuest });
        if (cookie === 'owner') return json(200, { success: true, valid: false, ownerSession: true });
        return json(200, { success: true, valid: false });
      case '/api/user/sessionId/get':
        if (cookie === 'none') return refused('Accesso richiesto');
        if (cookie === 'switched') {
          return server.ownerAlive
            ? json(200, { success: true, sessionId: 'H-back', userId: OWNER_ID })
            : refused(t.ownerSwitchEnded);
        }
        return json(200, { success: true, sessionId: `H-${cookie}`, userId: OWNER_ID });
      case '/api/user/login': {
        const returnTo = body?.returnTo as { sessionId?: string } | undefined;
        if (body?.isAnonymus !== true) return refused();
        if (!returnTo) {
          server.cookie = 'guest';
          return json(200, { success: true, ...plainGuest });
        }
        if (cookie !== 'owner' || returnTo.sessionId !== 'H-owner') return refused();
        server.cookie = 'switched';
        return json(200, { success: true, ...switchedGuest });
      }
      case '/api/user/sessionId/set':
        if (body?.sessionId !== 'H-back' || cookie !== 'switched' || !server.ownerAlive) return refused();
        server.cookie = 'owner';
        return json(200, { success: true, ...ownerSession });
      case '/api/user/logout':
        server.cookie = 'none';
        return json(200, { success: true });
      default:
        return null;
    }
  };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://comanda.test').pathname;
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      server.calls.push({ path, body, cookie: server.cookie });
      if (server.offline) throw new TypeError('Failed to fetch');
      return answer(path, body) ?? other(path, init);
    }),
  );
  return server;
}
