import { t as texts } from '@comanda/shared-schema';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createCustomer,
  createGuest,
  createOwner,
  createTestApp,
  lastLink,
  post,
  readMails,
  rowCounts,
  sessionCookie,
  type TestApp,
} from '../../test-support/test-app.ts';
import { emailTokens, users } from '../db/schema.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const t_invalid = texts.invalidCredentials;

const customer = {
  firstName: 'Lucia',
  lastName: 'Bianchi',
  email: 'Lucia.Bianchi@Example.it',
  password: 'una-password-lunga',
  acceptConditions: true,
};

describe('customer accounts', () => {
  it('signs up, confirms from the mail, then logs in (case-insensitively) and authenticates', async () => {
    t = await createTestApp();
    const signup = await post(t.app, '/api/user/signup', customer);
    expect(signup.statusCode).toBe(200);
    expect(signup.json()).toEqual({ success: true });
    // Nobody is signed in by a signup: the answer must not differ for a taken address.
    expect(signup.cookies.find((c) => c.name === 'comanda_sid')).toBeUndefined();

    const stored = await t.app.store.db.select().from(users);
    expect(stored[0]?.email).toBe('lucia.bianchi@example.it');
    // The password waits on the link (signup.ts): the account has none until it is clicked.
    expect(stored[0]?.passwordHash).toBeNull();
    expect((await t.app.store.db.select().from(emailTokens))[0]?.passwordHash).toMatch(/^\$argon2id\$/);

    // Before confirming, the right password answers exactly like a wrong one.
    const early = await post(t.app, '/api/user/login', {
      email: customer.email,
      password: customer.password,
    });
    const wrong = await post(t.app, '/api/user/login', { email: customer.email, password: 'sbagliata!!' });
    expect(early.statusCode).toBe(401);
    expect(early.json()).toEqual(wrong.json());

    const link = await lastLink(t, 'lucia.bianchi@example.it');
    expect(link).toMatch(/\/user\/confirmEmail\/[\w-]+$/);
    const confirm = await post(t.app, '/api/owner/confirmEmail', { token: link.split('/').pop() });
    expect(confirm.json()).toEqual({ success: true });

    const login = await post(t.app, '/api/user/login', {
      email: 'LUCIA.bianchi@example.it',
      password: customer.password,
    });
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({
      valid: true,
      type: 'user',
      name: 'Lucia Bianchi',
      isAnonymus: false,
    });
    const cookie = sessionCookie(login);
    const auth = await post(t.app, '/api/user/authenticate', undefined, cookie);
    expect(auth.json()).toMatchObject({ success: true, valid: true, type: 'user', name: 'Lucia Bianchi' });
    const c = login.cookies.find((x) => x.name === 'comanda_sid');
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(c?.secure).toBeFalsy();
  });

  it('answers a taken address (any case) exactly like a new one, and mails its owner instead', async () => {
    t = await createTestApp();
    await createCustomer(t, 'lucia.bianchi@example.it');
    const before = await rowCounts(t.app);
    const again = await post(t.app, '/api/user/signup', {
      ...customer,
      email: 'lucia.BIANCHI@example.it',
      password: 'un-altra-password',
    });
    const fresh = await post(t.app, '/api/user/signup', { ...customer, email: 'nuova@example.it' });
    expect(again.statusCode).toBe(fresh.statusCode);
    expect(again.json()).toEqual(fresh.json());
    expect(again.headers['set-cookie']).toEqual(fresh.headers['set-cookie']);
    // The taken account is untouched: its password still works, the new one does not.
    const mails = (await readMails(t)).filter((m) => m.text.includes('lucia.bianchi@example.it'));
    expect(mails.at(-1)?.text).toMatch(/che ha già un account/);
    expect(
      (await post(t.app, '/api/user/login', { email: customer.email, password: 'un-altra-password' }))
        .statusCode,
    ).toBe(401);
    expect(
      (await post(t.app, '/api/user/login', { email: customer.email, password: 'password-sicura-1' }))
        .statusCode,
    ).toBe(200);
    expect((await rowCounts(t.app)).users).toBe((before.users ?? 0) + 1);
    // An owner address is no different.
    const owner = await createOwner(t);
    const asCustomer = await post(t.app, '/api/user/signup', { ...customer, email: owner.email });
    expect(asCustomer.json()).toEqual(fresh.json());
  });

  // A second signup of a never-confirmed address: signup.test.ts.

  it('refuses a wrong password and an unknown address with the same envelope', async () => {
    t = await createTestApp();
    await createCustomer(t, 'lucia.bianchi@example.it');
    const wrong = await post(t.app, '/api/user/login', { email: customer.email, password: 'sbagliata!!' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ success: false, code: 'INVALID_CREDENTIALS', error: t_invalid });
    const unknown = await post(t.app, '/api/user/login', {
      email: 'nessuno@example.it',
      password: 'sbagliata!!',
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());
  });

  it('refuses signup without accepting the conditions', async () => {
    t = await createTestApp();
    const res = await post(t.app, '/api/user/signup', { ...customer, acceptConditions: false });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    expect(res.json().issues[0].path).toBe('acceptConditions');
  });

  it('authenticate answers valid:false without a session or for another role', async () => {
    t = await createTestApp();
    expect((await post(t.app, '/api/user/authenticate')).json()).toEqual({ success: true, valid: false });
    const guest = await createGuest(t);
    expect((await post(t.app, '/api/owner/authenticate', {}, guest)).json()).toEqual({
      success: true,
      valid: false,
    });
    // An owner's cookie on a customer page is named as such: the page switches (spec 1), no guest over it.
    const owner = await createOwner(t);
    expect((await post(t.app, '/api/user/authenticate', {}, owner.cookie)).json()).toEqual({
      success: true,
      valid: false,
      ownerSession: true,
    });
  });

  it('logs a guest in anonymously', async () => {
    t = await createTestApp();
    const res = await post(t.app, '/api/user/login', { isAnonymus: true });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true, valid: true, type: 'user', isAnonymus: true });
    const auth = await post(t.app, '/api/user/authenticate', undefined, sessionCookie(res));
    expect(auth.json()).toMatchObject({ valid: true, isAnonymus: true });
    const owner = await post(t.app, '/api/owner/login', { isAnonymus: true });
    expect(owner.statusCode).toBe(401);
  });

  it('logout revokes the session on the server', async () => {
    t = await createTestApp();
    const cookie = await createGuest(t);
    const out = await post(t.app, '/api/user/logout', undefined, cookie);
    expect(out.json()).toEqual({ success: true });
    expect(out.cookies.find((c) => c.name === 'comanda_sid')?.value).toBe('');
    // The old cookie, replayed, is worth nothing.
    expect((await post(t.app, '/api/user/authenticate', undefined, cookie)).json()).toEqual({
      success: true,
      valid: false,
    });
    expect((await post(t.app, '/api/user/sessionId/get', undefined, cookie)).statusCode).toBe(401);
  });

  it('expires sessions after 30 days without use, sliding on use', async () => {
    t = await createTestApp();
    const cookie = await createGuest(t);
    t.app.clock.advance(29 * 24 * 3600_000);
    expect((await post(t.app, '/api/user/authenticate', undefined, cookie)).json().valid).toBe(true);
    t.app.clock.advance(29 * 24 * 3600_000);
    expect((await post(t.app, '/api/user/authenticate', undefined, cookie)).json().valid).toBe(true);
    t.app.clock.advance(31 * 24 * 3600_000);
    expect((await post(t.app, '/api/user/authenticate', undefined, cookie)).json().valid).toBe(false);
  });
});

describe('owner accounts', () => {
  const owner = {
    firstName: 'Mario',
    lastName: 'Rossi',
    email: 'mario@example.it',
    password: 'password-sicura-1',
    acceptConditions: true,
    businessName: 'Pizzeria da Mario',
  };

  it('signs up, gets the confirmation mail, cannot log in before confirming, then can', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://comanda.example.it' } });
    const signup = await post(t.app, '/api/owner/signup', owner);
    expect(signup.statusCode).toBe(200);
    expect(signup.cookies).toHaveLength(0);

    const mails = await readMails(t);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.file).toMatch(/^\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z-mario@example\.it\.eml$/);
    expect(mails[0]?.text).toContain('Subject: Conferma il tuo indirizzo email - Comanda');
    expect(mails[0]?.text).toContain('Pizzeria da Mario');
    const link = await lastLink(t, 'mario@example.it');
    expect(link).toMatch(/^https:\/\/comanda\.example\.it\/owner\/confirmEmail\/[\w-]{43}$/);

    const early = await post(t.app, '/api/owner/login', { email: owner.email, password: owner.password });
    expect(early.statusCode).toBe(401);
    expect(early.json()).toMatchObject({ success: false, code: 'INVALID_CREDENTIALS' });

    const token = link.split('/').pop();
    expect((await post(t.app, '/api/owner/confirmEmail', { token })).json()).toEqual({ success: true });
    // Single use.
    const twice = await post(t.app, '/api/owner/confirmEmail', { token });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toMatchObject({ code: 'TOKEN_INVALID' });

    const login = await post(t.app, '/api/owner/login', { email: owner.email, password: owner.password });
    expect(login.statusCode).toBe(200);
    const answer = login.json();
    expect(answer).toMatchObject({
      success: true,
      valid: true,
      type: 'owner',
      name: 'Pizzeria da Mario',
      costoConsegna: 0,
    });
    expect(answer.businessId).toMatch(/^[\w-]{22}$/);
    expect(login.cookies.find((c) => c.name === 'comanda_sid')?.secure).toBe(true);
    const auth = await post(t.app, '/api/owner/authenticate', undefined, sessionCookie(login));
    expect(auth.json()).toMatchObject({ valid: true, type: 'owner', businessId: answer.businessId });
  });

  it('owner/login refuses a customer account like a wrong password; user/login accepts an owner', async () => {
    t = await createTestApp();
    await createCustomer(t, customer.email);
    const res = await post(t.app, '/api/owner/login', {
      email: customer.email,
      password: 'password-sicura-1',
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe('INVALID_CREDENTIALS');
    const o = await createOwner(t);
    const viaUser = await post(t.app, '/api/user/login', { email: o.email, password: o.password });
    expect(viaUser.json()).toMatchObject({ valid: true, type: 'owner', businessId: o.venueId });
  });

  it('a customer or guest on an owner route gets 401/403 and nothing changes', async () => {
    t = await createTestApp();
    const guest = await createGuest(t);
    const before = await rowCounts(t.app);
    const none = await t.app.inject({ method: 'GET', url: '/api/sync/snapshot' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    const asGuest = await t.app.inject({
      method: 'GET',
      url: '/api/sync/changes?since=0',
      headers: { cookie: guest },
    });
    expect(asGuest.statusCode).toBe(403);
    expect(asGuest.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(await rowCounts(t.app)).toEqual(before);
  });
});

// sessionId get/set (the owner -> customer handoff): handoff.test.ts.

describe('password restore', () => {
  it('sends a single-use link; the new password works; other sessions end', async () => {
    t = await createTestApp();
    const oldCookie = await createCustomer(t, customer.email, customer.password);
    const req = await post(t.app, '/api/user/password/restore/request', { mail: customer.email });
    expect(req.json()).toEqual({ success: true });
    const link = await lastLink(t, 'lucia.bianchi@example.it');
    const match = link.match(/^http:\/\/localhost:3000\/user\/restorePassword\/([\w-]+)\/([\w-]+)$/);
    expect(match).not.toBeNull();
    const [, id, userId] = match as RegExpMatchArray;

    const set = await post(t.app, '/api/user/password/restore/set', {
      id,
      userId,
      password: 'nuova-password-1',
    });
    expect(set.json()).toEqual({ success: true });
    const again = await post(t.app, '/api/user/password/restore/set', {
      id,
      userId,
      password: 'altra-password-2',
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'TOKEN_INVALID', error: 'Link non valido o scaduto' });

    expect((await post(t.app, '/api/user/authenticate', undefined, oldCookie)).json().valid).toBe(false);
    const old = await post(t.app, '/api/user/login', { email: customer.email, password: customer.password });
    expect(old.statusCode).toBe(401);
    const fresh = await post(t.app, '/api/user/login', {
      email: customer.email,
      password: 'nuova-password-1',
    });
    expect(fresh.statusCode).toBe(200);
  });

  it('expires the link after one hour', async () => {
    t = await createTestApp({ env: { COMANDA_FAKE_NOW: '2025-03-30T00:30:00+01:00' } });
    await createCustomer(t, customer.email, customer.password);
    await post(t.app, '/api/user/password/restore/request', { mail: customer.email });
    const [, id, userId] =
      (await lastLink(t, 'lucia.bianchi@example.it')).match(/restorePassword\/([\w-]+)\/([\w-]+)$/) ?? [];
    const mails = await readMails(t);
    expect(mails.at(-1)?.file.startsWith('2025-03-29T23-30')).toBe(true);
    t.app.clock.advance(60 * 60_000 + 1);
    const late = await post(t.app, '/api/user/password/restore/set', {
      id,
      userId,
      password: 'nuova-password-1',
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().code).toBe('TOKEN_INVALID');
  });

  it('answers the same for unknown addresses and the other role, sending nothing', async () => {
    t = await createTestApp();
    await createCustomer(t, customer.email, customer.password);
    const mailsBefore = (await readMails(t)).length;
    const unknown = await post(t.app, '/api/user/password/restore/request', { mail: 'nessuno@example.it' });
    const otherRole = await post(t.app, '/api/owner/password/restore/request', { mail: customer.email });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({ success: true });
    expect(otherRole.json()).toEqual({ success: true });
    expect(await readMails(t)).toHaveLength(mailsBefore);
  });

  it('an owner restores through the owner routes, with the owner link', async () => {
    t = await createTestApp();
    const o = await createOwner(t);
    await post(t.app, '/api/owner/password/restore/request', { mail: o.email });
    const link = await lastLink(t, o.email);
    const [, id, userId] = link.match(/\/owner\/restorePassword\/([\w-]+)\/([\w-]+)$/) ?? [];
    expect(userId).toBe(o.userId);
    const viaUser = await post(t.app, '/api/user/password/restore/set', {
      id,
      userId,
      password: 'nuova-password-1',
    });
    expect(viaUser.statusCode).toBe(400);
    const ok = await post(t.app, '/api/owner/password/restore/set', {
      id,
      userId,
      password: 'nuova-password-1',
    });
    expect(ok.statusCode).toBe(200);
  });

  it('rate-limits restore requests', async () => {
    t = await createTestApp();
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(
        (await post(t.app, '/api/user/password/restore/request', { mail: `x${i}@example.it` })).statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('login rate limit and social logins', () => {
  it('refuses with the envelope and Retry-After once an account is past its failures', async () => {
    t = await createTestApp();
    // createCustomer's own login succeeded: no failure counted yet.
    await createCustomer(t, customer.email, customer.password);
    for (let i = 0; i < 10; i++) {
      const res = await post(t.app, '/api/user/login', { email: customer.email, password: 'sbagliata!!' });
      expect(res.statusCode).toBe(401);
    }
    // This client signed in to the account before: it is a known device only with its cookie,
    // which `post` does not send, so the account's lock applies.
    const limited = await post(t.app, '/api/user/login', {
      email: customer.email,
      password: customer.password,
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ success: false, code: 'RATE_LIMITED', error: texts.accountLocked });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another email from the same address is not blocked by it (login-throttle.test.ts: the rest).
    const other = await post(t.app, '/api/user/login', {
      email: 'altro@example.it',
      password: 'sbagliata!!',
    });
    expect(other.statusCode).toBe(401);
  });

  it('social logins are registered but off when not configured (auth/social/ tests the rest)', async () => {
    t = await createTestApp();
    const g = await post(t.app, '/api/user/GLogin', { credential: 'x' });
    expect(g.statusCode).toBe(404);
    expect(g.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      error: 'Accesso social non configurato',
    });
    const fb = await post(t.app, '/api/user/fbLogin', { accessToken: 'x' });
    expect(fb.statusCode).toBe(404);
    const providers = await t.app.inject({ method: 'GET', url: '/api/auth/providers' });
    expect(providers.json()).toEqual({ success: true, google: null, facebook: null });
    const csp = String(providers.headers['content-security-policy']);
    expect(csp).not.toContain('google');
    expect(csp).not.toContain('facebook');
  });
});
