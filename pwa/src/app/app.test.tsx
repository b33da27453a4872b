import { t } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREC_URL } from '../session/session.ts';
import { isVenueLink } from './guards.ts';
import { routes } from './routes.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

function clearCookies() {
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has only document.cookie.
    if (name) document.cookie = `${name}=; Max-Age=0; Path=/`;
  }
}

beforeEach(() => {
  clearCookies();
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('routes', () => {
  it("shows 'Pagina non trovata' for an unknown path", async () => {
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { name: t.notFoundTitle })).toBeTruthy();
  });

  it('sends a visitor without an owner session to /signin and remembers the address', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ success: false, code: 'UNAUTHORIZED', error: 'no' }), {
            status: 401,
          }),
      ),
    );
    const router = renderAt('/owner/room?x=1');
    await screen.findByRole('heading', { name: t.signInTitle });
    expect(router.state.location.pathname).toBe('/signin');
    expect(sessionStorage.getItem(PREC_URL)).toBe('/owner/room?x=1');
  });

  it('cookie banner: Chiudi stores cookieConsent and it stays closed after a reload', async () => {
    renderAt('/');
    const close = await screen.findByRole('button', { name: t.close });
    await act(async () => {
      fireEvent.click(close);
    });
    expect(document.cookie).toContain('cookieConsent=');
    expect(screen.queryByText(t.cookieBanner)).toBeNull();
    cleanup();
    renderAt('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText(t.cookieBanner)).toBeNull();
  });
});

describe('a venue link without a session (the table QR code, the delivery page)', () => {
  const OWNER = '11111111-1111-4111-8111-111111111111';
  const TABLE = '22222222-2222-4222-8222-222222222222';
  const guest = { success: true, valid: true, id: 'g1', type: 'user', isAnonymus: true, version: 1 };

  /** A server with no session until a guest login; every other call answers 401 (not signed in). */
  function serverWithoutSession(login: () => [number, unknown] = () => [200, guest]) {
    const calls: Array<{ path: string; body: unknown }> = [];
    let signedIn = false;
    const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://x').pathname;
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
      if (path === '/api/user/authenticate')
        return reply(200, signedIn ? guest : { success: true, valid: false });
      if (path === '/api/user/login') {
        const [status, body] = login();
        signedIn = status === 200;
        return reply(status, body);
      }
      return reply(401, { success: false, code: 'UNAUTHORIZED', error: 'no session' });
    });
    vi.stubGlobal('fetch', fetchMock);
    return calls;
  }

  it('opens as a guest made on the spot: no sign-in screen, one guest login', async () => {
    const calls = serverWithoutSession();
    const router = renderAt(`/user/delivery/${OWNER}`);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/login')).toBe(true));
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe(`/user/delivery/${OWNER}`);
    expect(screen.queryByRole('heading', { name: t.signInTitle })).toBeNull();
    expect(calls.filter((c) => c.path === '/api/user/login')).toEqual([
      { path: '/api/user/login', body: { isAnonymus: true } },
    ]);
    // The header offers to sign in, keeping this address to come back to.
    const signIn = await screen.findByRole('link', { name: t.signIn });
    await act(async () => {
      fireEvent.click(signIn);
    });
    expect(sessionStorage.getItem(PREC_URL)).toBe(`/user/delivery/${OWNER}`);
  });

  it("asks a table's early reads again once the guest session exists", async () => {
    const calls = serverWithoutSession();
    renderAt(`/user/reservation/${OWNER}/${TABLE}`);
    await waitFor(() => expect(calls.some((c) => c.path === '/api/user/login')).toBe(true));
    // Each read was refused once before the login, and sent again after it.
    const login = calls.findIndex((c) => c.path === '/api/user/login');
    for (const path of ['/api/user/isValidTable/get', '/api/menu/user/get']) {
      await waitFor(() => expect(calls.slice(login).some((c) => c.path === path)).toBe(true));
      expect(calls.slice(0, login).some((c) => c.path === path)).toBe(true);
    }
  });

  it("keeps a returning visitor's session: no new guest", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        const path = new URL(url, 'http://x').pathname;
        calls.push(path);
        const body = path === '/api/user/authenticate' ? guest : { success: false, code: 'UNAUTHORIZED' };
        return new Response(JSON.stringify(body), { status: path === '/api/user/authenticate' ? 200 : 401 });
      }),
    );
    const router = renderAt(`/user/delivery/${OWNER}`);
    await waitFor(() => expect(calls).toContain('/api/user/authenticate'));
    await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
    expect(router.state.location.pathname).toBe(`/user/delivery/${OWNER}`);
    expect(calls).not.toContain('/api/user/login');
  });

  it('sends to sign in when no guest can be made (the address used its guest quota), and /user/home always', async () => {
    serverWithoutSession(() => [429, { success: false, code: 'RATE_LIMITED', error: 'Troppi tentativi' }]);
    const router = renderAt(`/user/cart/${OWNER}/${TABLE}`);
    await screen.findByRole('heading', { name: t.signInTitle });
    expect(router.state.location.pathname).toBe('/signin');
    expect(sessionStorage.getItem(PREC_URL)).toBe(`/user/cart/${OWNER}/${TABLE}`);
    cleanup();

    const calls = serverWithoutSession();
    const home = renderAt('/user/home');
    await screen.findByRole('heading', { name: t.signInTitle });
    expect(home.state.location.pathname).toBe('/signin');
    expect(calls.some((c) => c.path === '/api/user/login')).toBe(false);
  });

  it('recognises the venue links and nothing else', () => {
    expect(isVenueLink(`/user/reservation/${OWNER}/${TABLE}`)).toBe(true);
    expect(isVenueLink(`/user/history/${OWNER}/${TABLE}`)).toBe(true);
    expect(isVenueLink(`/user/chat/${OWNER}/${TABLE}/`)).toBe(true);
    expect(isVenueLink(`/user/cart/${OWNER}/${TABLE}`)).toBe(true);
    expect(isVenueLink(`/user/delivery/${OWNER}`)).toBe(true);
    expect(isVenueLink(`/user/deliverycart/${OWNER}`)).toBe(true);
    expect(isVenueLink(`/user/deliverySuccessPayment/${OWNER}`)).toBe(true);
    expect(isVenueLink('/user/home')).toBe(false);
    expect(isVenueLink(`/user/reservation/${OWNER}`)).toBe(false);
    expect(isVenueLink(`/owner/reservation/${OWNER}/${TABLE}`)).toBe(false);
  });
});
