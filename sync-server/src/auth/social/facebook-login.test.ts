import { t as text } from '@comanda/shared-schema';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  post,
  rowCounts,
  sessionCookie,
  type TestApp,
} from '../../../test-support/test-app.ts';
import { ConfigError, loadConfig } from '../../config.ts';
import { users } from '../../db/schema.ts';
import {
  FACEBOOK_APP_ID,
  FACEBOOK_APP_SECRET,
  type FakeGraph,
  GOOGLE_CLIENT_ID,
  startFakeGraph,
} from './fake-providers.ts';

let graph: FakeGraph;
let t: TestApp;
beforeAll(async () => {
  graph = await startFakeGraph();
});
afterAll(async () => {
  await graph.close();
});
afterEach(async () => {
  await t?.close();
});

const fbEnv = () => ({
  FACEBOOK_APP_ID,
  FACEBOOK_APP_SECRET,
  FACEBOOK_GRAPH_URL: graph.graphUrl,
});
const fbLogin = (accessToken: string, userID?: string) =>
  post(t.app, '/api/user/fbLogin', { accessToken, ...(userID ? { userID } : {}) });
const allUsers = async () => await t.app.store.db.select().from(users);

describe('fbLogin', () => {
  it('creates the customer from a valid token, the same user next time', async () => {
    t = await createTestApp({ env: fbEnv() });
    graph.token('fb-valid');
    const first = await fbLogin('fb-valid', '10220000000000001');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ success: true, valid: true, type: 'user', name: 'Marco Esposito' });
    const auth = await post(t.app, '/api/user/authenticate', undefined, sessionCookie(first));
    expect(auth.json()).toMatchObject({ valid: true, id: first.json().id });
    expect(await allUsers()).toMatchObject([
      { email: 'marco.esposito@example.it', role: 'user', passwordHash: null, emailConfirmed: true },
    ]);
    graph.token('fb-valid-2');
    const again = await fbLogin('fb-valid-2');
    expect(again.json().id).toBe(first.json().id);
    expect(await allUsers()).toHaveLength(1);
  });

  it("refuses invalid, expired, another app's and page tokens, and a userID that is not the token's", async () => {
    t = await createTestApp({ env: fbEnv() });
    const nowS = Math.floor(Date.now() / 1000);
    graph.token('fb-invalid', { is_valid: false });
    graph.token('fb-expired', { expires_at: nowS - 60 });
    graph.token('fb-other-app', { app_id: '999999999999999' });
    graph.token('fb-page', { type: 'PAGE' });
    graph.token('fb-mismatch', { me: { id: '555', name: 'Altro', email: 'altro@example.it' } });
    graph.token('fb-ok');
    const before = await rowCounts(t.app);
    for (const [token, userID] of [
      ['fb-invalid'],
      ['fb-unknown'],
      ['fb-expired'],
      ['fb-other-app'],
      ['fb-page'],
      ['fb-mismatch'],
      ['fb-ok', '42'],
    ] as Array<[string, string?]>) {
      const res = await fbLogin(token, userID);
      expect(res.statusCode, token).toBe(401);
      expect(res.json(), token).toMatchObject({
        success: false,
        code: 'INVALID_CREDENTIALS',
        error: text.socialFacebookFailed,
      });
    }
    expect(await rowCounts(t.app)).toEqual(before);
  });

  it('refuses an account without an e-mail with a clear message', async () => {
    t = await createTestApp({ env: fbEnv() });
    graph.token('fb-no-email', { me: { id: '10220000000000001', name: 'Senza Email' } });
    const res = await fbLogin('fb-no-email');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, error: text.socialFacebookNoEmail });
    expect(await allUsers()).toHaveLength(0);
  });

  it('treats a wrong app secret as a refusal (logged), and an unreachable Graph as 503', async () => {
    t = await createTestApp({ env: { ...fbEnv(), FACEBOOK_APP_SECRET: 'not-the-secret' } });
    graph.token('fb-valid');
    expect((await fbLogin('fb-valid')).statusCode).toBe(401);
    await t.close();
    t = await createTestApp({ env: { ...fbEnv(), FACEBOOK_GRAPH_URL: 'http://127.0.0.1:9/v22.0' } });
    const res = await fbLogin('fb-valid');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'UNAVAILABLE', error: text.socialUnreachable });
    expect(await allUsers()).toHaveLength(0);
  });
});

describe('social sign-in configuration', () => {
  it('is off when not configured: 404, no provider asked, nothing written', async () => {
    t = await createTestApp({ env: { FACEBOOK_GRAPH_URL: graph.graphUrl } });
    graph.token('fb-valid');
    const hits = graph.hits.length;
    const before = await rowCounts(t.app);
    const fb = await post(t.app, '/api/user/fbLogin', { accessToken: 'fb-valid' });
    expect(fb.statusCode).toBe(404);
    expect(fb.json()).toMatchObject({ code: 'NOT_FOUND', error: 'Accesso social non configurato' });
    expect(graph.hits.length).toBe(hits);
    expect(await rowCounts(t.app)).toEqual(before);
  });

  it('tells the PWA which providers are on, with their public ids only', async () => {
    t = await createTestApp({ env: { GOOGLE_CLIENT_ID, ...fbEnv() } });
    const providers = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toEqual({ success: true, google: GOOGLE_CLIENT_ID, facebook: FACEBOOK_APP_ID });
    expect(providers.body).not.toContain(FACEBOOK_APP_SECRET);
    // The CSP opens exactly the configured providers' origins.
    const csp = String(providers.headers['content-security-policy']);
    expect(csp).toMatch(/script-src [^;]*https:\/\/accounts\.google\.com\/gsi\/client/);
    expect(csp).toMatch(/script-src [^;]*https:\/\/connect\.facebook\.net/);
    expect(csp).toMatch(/style-src [^;]*https:\/\/accounts\.google\.com\/gsi\/style/);
    expect(csp).toMatch(/frame-src [^;]*https:\/\/accounts\.google\.com\/gsi\/ https:\/\/www\.facebook\.com/);
    expect(csp).toMatch(
      /connect-src [^;]*https:\/\/accounts\.google\.com\/gsi\/ https:\/\/www\.facebook\.com/,
    );
    await t.close();
    t = await createTestApp({ env: fbEnv() });
    const fbOnly = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(fbOnly.json()).toEqual({ success: true, google: null, facebook: FACEBOOK_APP_ID });
    expect(String(fbOnly.headers['content-security-policy'])).not.toContain('accounts.google.com');
    expect((await post(t.app, '/api/user/GLogin', { credential: 'x' })).statusCode).toBe(404);
  });

  it('refuses a Facebook app id without its secret (and the reverse) at boot', () => {
    expect(() => loadConfig({ DATABASE_URL: ':memory:', FACEBOOK_APP_ID })).toThrow(ConfigError);
    expect(() => loadConfig({ DATABASE_URL: ':memory:', FACEBOOK_APP_SECRET })).toThrow(ConfigError);
    const c = loadConfig({
      DATABASE_URL: ':memory:',
      GOOGLE_CLIENT_ID,
      FACEBOOK_APP_ID,
      FACEBOOK_APP_SECRET,
    });
    expect(c.social.google).toEqual({
      clientId: GOOGLE_CLIENT_ID,
      jwksUrl: 'https://www.googleapis.com/oauth2/v3/certs',
    });
    expect(c.social.facebook?.graphUrl).toBe('https://graph.facebook.com/v22.0');
    expect(loadConfig({ DATABASE_URL: ':memory:' }).social).toEqual({
      google: undefined,
      facebook: undefined,
    });
  });

  it('rate-limits sign-in attempts per address', async () => {
    t = await createTestApp({ env: { GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs' } });
    const codes: number[] = [];
    for (let i = 0; i < 31; i++)
      codes.push((await post(t.app, '/api/user/GLogin', { credential: 'x' })).statusCode);
    expect(codes.slice(0, 30).every((c) => c === 401)).toBe(true);
    expect(codes[30]).toBe(429);
  });
});
