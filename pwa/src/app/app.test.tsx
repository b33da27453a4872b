import { t } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from './routes.tsx';
import { ownerLanding, PREC_URL, takePrecUrl, userLanding } from './session.ts';

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

describe('landing after login', () => {
  it('returns an owner to the saved address, else report or home', () => {
    expect(ownerLanding({ accountType: 'standard' }, '/owner/menu')).toBe('/owner/menu');
    expect(ownerLanding({ accountType: 'report' }, null)).toBe('/owner/report');
    expect(ownerLanding({}, null)).toBe('/owner/home');
    expect(userLanding(null)).toBe('/user/home');
  });

  it('takes precUrl only for the matching area, once', () => {
    sessionStorage.setItem(PREC_URL, '/owner/room');
    expect(takePrecUrl('user')).toBeNull();
    expect(takePrecUrl('owner')).toBe('/owner/room');
    expect(takePrecUrl('owner')).toBeNull();
  });
});
