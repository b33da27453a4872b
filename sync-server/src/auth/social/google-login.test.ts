import { t as text } from '@comanda/shared-schema';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  createOwner,
  createTestApp,
  post,
  readMails,
  rowCounts,
  sessionCookie,
  type TestApp,
} from '../../../test-support/test-app.ts';
import { users } from '../../db/schema.ts';
import {
  FACEBOOK_APP_ID,
  FACEBOOK_APP_SECRET,
  type FakeGoogle,
  GOOGLE_CLIENT_ID,
  startFakeGoogle,
} from './fake-providers.ts';

let google: FakeGoogle;
let t: TestApp;
beforeAll(async () => {
  google = await startFakeGoogle();
});
afterAll(async () => {
  await google.close();
});
afterEach(async () => {
  await t?.close();
});

const app = (env: Record<string, string> = {}) =>
  createTestApp({ env: { GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl, ...env } });
const gLogin = (credential: string, cookie?: string) =>
  post(t.app, '/api/user/GLogin', { credential }, cookie);
const allUsers = async () => await t.app.store.db.select().from(users);

describe('GLogin', () => {
  it('creates the customer from a valid ID token, signs in like login, the same user next time', async () => {
    t = await app();
    const first = await gLogin(await google.token());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      success: true,
      valid: true,
      type: 'user',
      name: 'Giulia Verdi',
      isAnonymus: false,
    });
    const cookie = sessionCookie(first);
    const c = first.cookies.find((x) => x.name === 'comanda_sid');
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    const auth = await post(t.app, '/api/user/authenticate', undefined, cookie);
    expect(auth.json()).toMatchObject({ valid: true, type: 'user', id: first.json().id });

    const [stored] = await allUsers();
    expect(stored).toMatchObject({
      email: 'giulia.verdi@gmail.com',
      role: 'user',
      passwordHash: null,
      emailConfirmed: true,
      firstName: 'Giulia',
      lastName: 'Verdi',
    });

    // Same person, upper-case address this time: same account, a new session id.
    const again = await gLogin(await google.token({ email: 'Giulia.Verdi@GMAIL.com' }));
    expect(again.json().id).toBe(first.json().id);
    expect(sessionCookie(again)).not.toBe(cookie);
    expect(await allUsers()).toHaveLength(1);
  });

  it('refuses forged, expired, foreign, mis-issued and unverified tokens, creating nothing', async () => {
    t = await app();
    const before = await rowCounts(t.app);
    const cases: Array<[string, Promise<string>, number, string]> = [
      ['wrong key (same kid)', google.token({}, { key: 'stranger' }), 401, text.socialGoogleFailed],
      ['unknown kid', google.token({}, { key: 'stranger', kid: 'other' }), 401, text.socialGoogleFailed],
      [
        'expired',
        google.token({
          iat: Math.floor(Date.now() / 1000) - 7200,
          exp: Math.floor(Date.now() / 1000) - 3600,
        }),
        401,
        text.socialGoogleFailed,
      ],
      [
        'another app (audience)',
        google.token({ aud: 'someone-else.apps.googleusercontent.com' }),
        401,
        text.socialGoogleFailed,
      ],
      ['wrong issuer', google.token({ iss: 'https://evil.example.com' }), 401, text.socialGoogleFailed],
      ['no expiry', google.token({ exp: undefined }), 401, text.socialGoogleFailed],
      ['no e-mail', google.token({ email: undefined }), 401, text.socialGoogleFailed],
      ['e-mail not verified', google.token({ email_verified: false }), 403, text.socialGoogleEmailUnverified],
    ];
    for (const [name, token, status, error] of cases) {
      const res = await gLogin(await token);
      expect(res.statusCode, name).toBe(status);
      expect(res.json(), name).toMatchObject({ success: false, error });
      expect(
        res.cookies.find((c) => c.name === 'comanda_sid'),
        name,
      ).toBeUndefined();
    }
    // An unsigned token and garbage, too.
    const [head, body] = (await google.token()).split('.');
    const noneHead = Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url');
    expect((await gLogin(`${noneHead}.${body}.`)).statusCode).toBe(401);
    expect((await gLogin(`${head}.${body}.AAAA`)).statusCode).toBe(401);
    expect((await gLogin('not-a-token')).statusCode).toBe(401);
    expect(await rowCounts(t.app)).toEqual(before);
  });

  it('accepts the issuer without scheme, as Google also writes it', async () => {
    t = await app();
    const res = await gLogin(await google.token({ iss: 'accounts.google.com' }));
    expect(res.statusCode).toBe(200);
  });

  it('links the account of a customer who signed up with a password, and voids that password', async () => {
    t = await app();
    await post(t.app, '/api/user/signup', {
      firstName: 'Giulia',
      lastName: 'V.',
      email: 'giulia.verdi@gmail.com',
      password: 'scelta-da-chiunque',
      acceptConditions: true,
    });
    const [account] = await allUsers();

    const res = await gLogin(await google.token());
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(account?.id);
    expect(await allUsers()).toHaveLength(1);
    // The profile the customer chose stays; the mailbox is now proven.
    expect((await allUsers())[0]).toMatchObject({ lastName: 'V.', emailConfirmed: true, passwordHash: null });
    // Whoever chose that password (maybe not the mailbox's owner) never gets in with it.
    const login = await post(t.app, '/api/user/login', {
      email: 'giulia.verdi@gmail.com',
      password: 'scelta-da-chiunque',
    });
    expect(login.statusCode).toBe(401);
    // Once proven, a later Google sign-in signs nobody out.
    const cookie = sessionCookie(res);
    await gLogin(await google.token());
    expect((await post(t.app, '/api/user/authenticate', undefined, cookie)).json()).toMatchObject({
      valid: true,
    });
  });

  it('linking voids the pending signup links: none can set a password afterwards', async () => {
    t = await app();
    const signup = (password: string) =>
      post(t.app, '/api/user/signup', {
        firstName: 'Giulia',
        lastName: 'V.',
        email: 'giulia.verdi@gmail.com',
        password,
        acceptConditions: true,
      });
    await signup('scelta-da-chiunque');
    await signup('scelta-da-altri-2');
    const links = (await readMails(t)).flatMap(
      (m) => m.text.match(/https?:\/\/\S+\/confirmEmail\/\S+/g) ?? [],
    );
    expect(links).toHaveLength(2);
    expect((await gLogin(await google.token())).statusCode).toBe(200);
    for (const link of links) {
      const res = await post(t.app, '/api/owner/confirmEmail', { token: link.split('/').pop() });
      expect(res.json()).toMatchObject({ success: false, code: 'TOKEN_INVALID' });
    }
    expect((await allUsers())[0]).toMatchObject({ emailConfirmed: true, passwordHash: null });
    for (const password of ['scelta-da-chiunque', 'scelta-da-altri-2']) {
      const login = await post(t.app, '/api/user/login', { email: 'giulia.verdi@gmail.com', password });
      expect(login.statusCode).toBe(401);
    }
  });

  it('a full house signs in with Google from one address; refusals share one bucket with Facebook', async () => {
    // Facebook configured, its Graph unreachable: a refusal by the bucket never asks it.
    t = await app({ FACEBOOK_APP_ID, FACEBOOK_APP_SECRET, FACEBOOK_GRAPH_URL: 'http://127.0.0.1:9/v22.0' });
    const from = (remoteAddress: string, url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress });
    const codes: number[] = [];
    for (let i = 0; i < 150; i++) {
      const credential = await google.token({ sub: `persona-${i}`, email: `persona${i}@gmail.com` });
      codes.push((await from('203.0.113.7', '/api/user/GLogin', { credential })).statusCode);
    }
    expect(codes.filter((c) => c !== 200)).toEqual([]);
    // Refused tokens are what a guesser sends: counted per address across both providers.
    const refusals: number[] = [];
    for (let i = 0; i < 30; i++) {
      refusals.push((await from('10.0.0.66', '/api/user/GLogin', { credential: `x${i}` })).statusCode);
    }
    expect(refusals.every((c) => c === 401)).toBe(true);
    const fb = await from('10.0.0.66', '/api/user/fbLogin', { accessToken: 'x' });
    expect(fb.statusCode).toBe(429);
    expect(fb.json()).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it("never signs in an owner's account", async () => {
    t = await app();
    const owner = await createOwner(t, 'gestore@example.it');
    const before = await rowCounts(t.app);
    const res = await gLogin(await google.token({ email: owner.email }));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ success: false, code: 'FORBIDDEN', error: text.socialOwnerAccount });
    expect(await rowCounts(t.app)).toEqual(before);
  });

  it('answers 503 when the key set cannot be fetched, and creates nothing', async () => {
    t = await app({ GOOGLE_JWKS_URL: 'http://127.0.0.1:9/certs' });
    const res = await gLogin(await google.token());
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 'UNAVAILABLE', error: text.socialUnreachable });
    expect(await allUsers()).toHaveLength(0);
  });

  it('keeps the key set cached between sign-ins', async () => {
    t = await app();
    const before = google.fetches();
    await gLogin(await google.token({ sub: 'a', email: 'a@example.it' }));
    await gLogin(await google.token({ sub: 'b', email: 'b@example.it' }));
    expect(google.fetches() - before).toBe(1);
  });
});
