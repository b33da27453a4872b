import { t } from '@comanda/shared-schema';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREC_URL } from '../../session/session.ts';
import SigninScreen from './index.tsx';
import {
  type FacebookLoginResponse,
  FB_SDK_SRC,
  type GoogleIdentity,
  GSI_SRC,
  resetProviderSdks,
} from './provider-sdk.ts';

type Providers = { google: string | null; facebook: string | null };
const session = { success: true, valid: true, id: 'u1', type: 'user', isAnonymus: false, version: 1 };

/** The server: which providers are on, and what the two sign-in calls answer. */
function stubServer(
  providers: Providers,
  answer: { status: number; body: unknown } = { status: 200, body: session },
) {
  const fetchMock = vi.fn(async (url: string, _init?: RequestInit) => {
    if (url.startsWith('/api/auth/providers')) {
      return new Response(JSON.stringify({ success: true, ...providers }), { status: 200 });
    }
    if (url === '/api/user/GLogin' || url === '/api/user/fbLogin') {
      return new Response(JSON.stringify(answer.body), { status: answer.status });
    }
    return new Response(JSON.stringify({ success: false, code: 'NOT_FOUND', error: 'no' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const posted = (fetchMock: ReturnType<typeof stubServer>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => url === path).map(([, init]) => JSON.parse(String(init?.body)));

function renderSignin() {
  const router = createMemoryRouter(
    [
      { path: '/signin', element: <SigninScreen /> },
      { path: '/user/home', element: <p>home</p> },
      { path: '/user/reservation/:ownerId/:tableId', element: <p>tavolo</p> },
    ],
    { initialEntries: ['/signin'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const scriptOf = (src: string) => document.querySelector<HTMLScriptElement>(`script[src="${src}"]`);

/** Plays the provider's script: once our page added it, install the stub API and fire `load`. */
async function serveScript(src: string, install: () => void) {
  await waitFor(() => expect(scriptOf(src)).toBeTruthy());
  install();
  await act(async () => {
    scriptOf(src)?.dispatchEvent(new Event('load'));
  });
}

/** A Google Identity Services stand-in: renders a button that "returns" a credential. */
function googleStub(credential: string) {
  const init = vi.fn<GoogleIdentity['initialize']>();
  const id: GoogleIdentity = {
    initialize: init,
    renderButton: (parent) => {
      const b = document.createElement('button');
      b.textContent = 'Google';
      b.addEventListener('click', () => init.mock.calls[0]?.[0].callback({ credential }));
      parent.append(b);
    },
  };
  return { install: () => Object.assign(window, { google: { accounts: { id } } }), init };
}

function facebookStub(response: FacebookLoginResponse) {
  const init = vi.fn();
  const login = vi.fn((cb: (r: FacebookLoginResponse) => void, _o: { scope: string }) => cb(response));
  return { install: () => Object.assign(window, { FB: { init, login } }), init, login };
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetProviderSdks();
  delete window.google;
  delete window.FB;
});

describe('social sign-in on /signin', () => {
  it('shows no social button and loads no provider script when none is configured', async () => {
    const fetchMock = stubServer({ google: null, facebook: null });
    renderSignin();
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/auth/providers', expect.anything()));
    await screen.findByRole('button', { name: t.continueAsGuest });
    expect(screen.queryByText(t.socialOr)).toBeNull();
    expect(screen.queryByRole('button', { name: t.signInWithFacebook })).toBeNull();
    expect(scriptOf(GSI_SRC)).toBeNull();
    expect(scriptOf(FB_SDK_SRC)).toBeNull();
  });

  it('Google: loads GIS, renders its button, posts the credential and returns to the saved address', async () => {
    sessionStorage.setItem(PREC_URL, '/user/reservation/v1/t1');
    const fetchMock = stubServer({ google: 'cid.apps.googleusercontent.com', facebook: null });
    const router = renderSignin();
    // Our placeholder holds the place while the script loads.
    expect(await screen.findByRole('button', { name: t.signInWithGoogle })).toHaveProperty('disabled', true);
    expect(scriptOf(FB_SDK_SRC)).toBeNull();
    const google = googleStub('header.payload.signature');
    await serveScript(GSI_SRC, google.install);
    expect(google.init).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: 'cid.apps.googleusercontent.com', ux_mode: 'popup' }),
    );
    expect(screen.queryByRole('button', { name: t.signInWithGoogle })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Google' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/reservation/v1/t1'));
    expect(posted(fetchMock, '/api/user/GLogin')).toEqual([{ credential: 'header.payload.signature' }]);
    expect(JSON.parse(localStorage.getItem('comanda.session.user') ?? '{}')).toMatchObject({ valid: true });
  });

  it("Facebook: FB.login with scope email, posts the token, lands on /user/home; shows the server's refusal", async () => {
    const fetchMock = stubServer(
      { google: null, facebook: '123456' },
      { status: 403, body: { success: false, code: 'FORBIDDEN', error: t.socialFacebookNoEmail } },
    );
    const router = renderSignin();
    const button = await screen.findByRole('button', { name: t.signInWithFacebook });
    expect(button).toHaveProperty('disabled', true);
    const fb = facebookStub({
      status: 'connected',
      authResponse: { accessToken: 'EAAB-token', userID: '42' },
    });
    await serveScript(FB_SDK_SRC, fb.install);
    expect(fb.init).toHaveBeenCalledWith(expect.objectContaining({ appId: '123456', cookie: false }));
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    await act(async () => {
      fireEvent.click(button);
    });
    expect(fb.login).toHaveBeenCalledWith(expect.any(Function), expect.objectContaining({ scope: 'email' }));
    expect(await screen.findByText(t.socialFacebookNoEmail)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/signin');

    // Accepted the second time.
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/user/fbLogin'
        ? new Response(JSON.stringify(session), { status: 200 })
        : new Response('{}', { status: 404 }),
    );
    await act(async () => {
      fireEvent.click(button);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/home'));
    expect(posted(fetchMock, '/api/user/fbLogin').at(-1)).toEqual({
      accessToken: 'EAAB-token',
      userID: '42',
    });
  });

  it('a closed Facebook popup sends nothing; a script that fails to load says so', async () => {
    const fetchMock = stubServer({ google: 'cid', facebook: '123456' });
    renderSignin();
    const fb = facebookStub({ status: 'unknown', authResponse: null });
    await serveScript(FB_SDK_SRC, fb.install);
    const button = await screen.findByRole('button', { name: t.signInWithFacebook });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    await act(async () => {
      fireEvent.click(button);
    });
    expect(posted(fetchMock, '/api/user/fbLogin')).toEqual([]);
    await waitFor(() => expect(scriptOf(GSI_SRC)).toBeTruthy());
    await act(async () => {
      scriptOf(GSI_SRC)?.dispatchEvent(new Event('error'));
    });
    expect(await screen.findByText(t.socialGoogleScriptFailed)).toBeTruthy();
  });

  it('offers social sign-in to customers only, not on the owner tab', async () => {
    stubServer({ google: 'cid', facebook: '123456' });
    renderSignin();
    await screen.findByRole('button', { name: t.signInWithFacebook });
    await act(async () => {
      fireEvent.click(screen.getByRole('tab', { name: /gestore/i }));
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: t.signInWithFacebook })).toBeNull());
    expect(screen.queryByRole('button', { name: t.signInWithGoogle })).toBeNull();
  });
});
