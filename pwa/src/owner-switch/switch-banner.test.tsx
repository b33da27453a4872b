import { t } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { createMemoryRouter, Outlet, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ownerGuard, userGuard } from '../app/guards.ts';
import { ComandaDb, ownerDbName } from '../data/db.ts';
import { pendingEntry } from '../data/outbox.ts';
import UserLayout from '../layouts/user/user-layout.tsx';
import SigninScreen from '../screens/signin/index.tsx';
import { PREC_URL } from '../session/session.ts';
import { x } from '../texts-extra.ts';
import { saveReturnPath } from './return-path.ts';
import { BUSINESS_ID, type Cookie, stubSessionServer } from './session-test-server.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  localStorage.clear();
});

const MENU = '/user/reservation/o1/t3';

/** The app's two guarded areas and the sign-in page, with stand-ins for the screens. */
function renderApp(cookie: Cookie) {
  const server = stubSessionServer(cookie);
  const router = createMemoryRouter(
    [
      {
        id: 'owner',
        loader: ownerGuard,
        shouldRevalidate: () => false,
        HydrateFallback: () => null,
        Component: Outlet,
        children: [
          { path: 'owner/tables', Component: () => <h1>tavoli del gestore</h1> },
          { path: 'owner/home', Component: () => <h1>home del gestore</h1> },
        ],
      },
      {
        id: 'user',
        loader: userGuard,
        shouldRevalidate: () => false,
        HydrateFallback: () => null,
        Component: UserLayout,
        children: [{ path: 'user/reservation/:ownerId/:tableId', Component: () => <h1>menu del tavolo</h1> }],
      },
      { path: 'signin', Component: SigninScreen },
    ],
    { initialEntries: [MENU] },
  );
  const visited: string[] = [];
  router.subscribe((state) => visited.push(state.location.pathname));
  render(<RouterProvider router={router} />);
  return { server, router, visited };
}

const backButton = () => screen.getByRole('button', { name: t.backToPanel });

async function press(element: Element) {
  await act(async () => {
    fireEvent.click(element);
  });
}

describe('the banner of an owner ordering as a customer (spec 1)', () => {
  it('says so on the customer screen, in place of Accedi, and passes axe', async () => {
    renderApp('switched');
    await screen.findByRole('heading', { name: 'menu del tavolo' });
    const banner = screen.getByRole('region', { name: t.ownerSwitchBanner });
    expect(within(banner).getByText(t.ownerSwitchBanner)).toBeTruthy();
    expect(within(banner).getByRole('button', { name: t.backToPanel })).toBeTruthy();
    expect(screen.queryByRole('link', { name: t.signIn })).toBeNull();
    const result = await axe.run(document.body, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')).toEqual([]);
  });

  it("'Torna al pannello' returns to the exact owner screen left, signed in as the owner, no sign-in between", async () => {
    saveReturnPath('/owner/tables');
    const { server, router, visited } = renderApp('switched');
    await screen.findByRole('heading', { name: 'menu del tavolo' });
    await press(backButton());
    await screen.findByRole('heading', { name: 'tavoli del gestore' });
    expect(router.state.location.pathname).toBe('/owner/tables');
    expect(server.cookie).toBe('owner');
    expect(visited).not.toContain('/signin');
    // One way back: the owner guard found the owner session, it did not ask again.
    expect(server.paths().filter((p) => p === '/api/user/sessionId/set')).toHaveLength(1);
  });

  it('offline it stays here and says why; it works once the connection is back', async () => {
    saveReturnPath('/owner/tables');
    const { server } = renderApp('switched');
    await screen.findByRole('heading', { name: 'menu del tavolo' });
    server.offline = true;
    await press(backButton());
    expect(await screen.findByText(t.ownerSwitchBackOffline)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'menu del tavolo' })).toBeTruthy();
    server.offline = false;
    await press(backButton());
    await screen.findByRole('heading', { name: 'tavoli del gestore' });
  });

  it('the owner session ended meanwhile: the owner sign-in, saying so, then back to the screen left', async () => {
    saveReturnPath('/owner/tables');
    const { server, router } = renderApp('switched');
    await screen.findByRole('heading', { name: 'menu del tavolo' });
    server.ownerAlive = false;
    await press(backButton());
    await screen.findByRole('heading', { name: t.signInTitle });
    expect(router.state.location.pathname).toBe('/signin');
    expect(screen.getByRole('alert').textContent).toBe(t.ownerSwitchEnded);
    expect(screen.getByRole('tab', { name: x.owner, selected: true })).toBeTruthy();
    expect(sessionStorage.getItem(PREC_URL)).toBe('/owner/tables');
    expect(server.cookie).toBe('none');
  });

  it("an owner's browser on the table's link (the owner scans the QR code) switches: the banner, no guest over the owner, back to the owner's home", async () => {
    const { server, router } = renderApp('owner');
    await screen.findByRole('heading', { name: 'menu del tavolo' });
    expect(server.cookie).toBe('switched');
    // The switch's own login (linked to the owner session), never a plain guest's.
    const logins = server.calls.filter((c) => c.path === '/api/user/login');
    expect(logins.map((c) => c.body?.returnTo)).toEqual([{ sessionId: 'H-owner', userId: 'owner-user-1' }]);
    await press(backButton());
    await screen.findByRole('heading', { name: 'home del gestore' });
    expect(router.state.location.pathname).toBe('/owner/home');
    expect(server.cookie).toBe('owner');
  });

  it("an owner's link visit with owner changes still waiting to go out: nothing changes, the owner's home opens", async () => {
    const db = new ComandaDb(ownerDbName(BUSINESS_ID));
    await db.outbox.add(pendingEntry(1, 'roomsAdd', { name: 'Sala' }, Date.now()));
    try {
      const { server, router } = renderApp('owner');
      await screen.findByRole('heading', { name: 'home del gestore' });
      expect(router.state.location.pathname).toBe('/owner/home');
      // The home says why (owner-home.test.tsx).
      expect(router.state.location.search).toBe('?reason=owner-switch-pending');
      expect(server.cookie).toBe('owner');
      expect(server.paths()).not.toContain('/api/user/login');
    } finally {
      await db.delete();
    }
  });

  it('a guest who is not a switch sees no banner and keeps Accedi', async () => {
    renderApp('guest');
    await screen.findByRole('heading', { name: 'menu del tavolo' });
    expect(screen.getByRole('link', { name: t.signIn })).toBeTruthy();
    expect(screen.queryByRole('button', { name: t.backToPanel })).toBeNull();
    expect(screen.queryByRole('region', { name: t.ownerSwitchBanner })).toBeNull();
  });
});
