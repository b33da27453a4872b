import { afterEach, describe, expect, it } from 'vitest';
import {
  createCustomer,
  createGuest,
  createOwner,
  createTestApp,
  lastLink,
  post,
  readMails,
  sessionCookie,
  type TestApp,
} from '../../test-support/test-app.ts';
import { sessions } from '../db/schema.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const cookieValue = (cookie: string) => cookie.split('=')[1] ?? '';
const valid = async (cookie: string) =>
  (await post(t.app, '/api/user/authenticate', undefined, cookie)).json().valid as boolean;

describe('session cookies', () => {
  it('are httpOnly, SameSite=Lax, path /, Secure over https, 30 days, and random', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://comanda.example.it' } });
    const res = await post(t.app, '/api/user/login', { isAnonymus: true });
    const c = res.cookies.find((x) => x.name === 'comanda_sid');
    expect(c).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: true });
    expect(c?.maxAge).toBeGreaterThan(30 * 24 * 3600 - 5);
    expect(c?.maxAge).toBeLessThanOrEqual(30 * 24 * 3600);
    // 32 random bytes, base64url: not guessable, not a counter.
    expect(c?.value).toMatch(/^[\w-]{43}$/);
    // The database keeps only its HMAC: a leaked database opens no session.
    const stored = await t.app.store.db.select().from(sessions);
    expect(stored.map((s) => s.id)).not.toContain(c?.value);
  });

  it('rotate on every login: a planted session (fixation) is never the one signed in', async () => {
    t = await createTestApp();
    const owner = await createOwner(t);
    // An attacker's own guest session, planted in the victim's browser...
    const planted = await createGuest(t);
    const login = await post(
      t.app,
      '/api/owner/login',
      { email: owner.email, password: owner.password },
      planted,
    );
    expect(login.statusCode).toBe(200);
    const fresh = sessionCookie(login);
    expect(cookieValue(fresh)).not.toBe(cookieValue(planted));
    // ...is still only the attacker's guest: it did not become the owner's session.
    const asPlanted = await post(t.app, '/api/owner/authenticate', undefined, planted);
    expect(asPlanted.json()).toEqual({ success: true, valid: false });
    // A made-up token is not adopted either.
    const made = 'comanda_sid=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const again = await post(
      t.app,
      '/api/owner/login',
      { email: owner.email, password: owner.password },
      made,
    );
    expect(cookieValue(sessionCookie(again))).not.toBe(cookieValue(made));
    expect(await valid(made)).toBe(false);
  });

  it('logout revokes on the server; the replayed cookie opens nothing, not even the live socket', async () => {
    t = await createTestApp();
    const owner = await createOwner(t);
    expect((await post(t.app, '/api/user/logout', undefined, owner.cookie)).statusCode).toBe(200);
    expect((await post(t.app, '/api/owner/authenticate', undefined, owner.cookie)).json().valid).toBe(false);
    const snapshot = await t.app.inject({
      method: 'GET',
      url: '/api/sync/snapshot',
      headers: { cookie: owner.cookie },
    });
    expect(snapshot.statusCode).toBe(401);
    const live = await t.app.inject({
      method: 'GET',
      url: `/api/../live?ownerId=${owner.venueId}`,
      headers: { cookie: owner.cookie },
    });
    expect(live.statusCode).toBe(401);
  });

  it('expire 30 days after the last use', async () => {
    t = await createTestApp();
    const cookie = await createCustomer(t);
    t.app.clock.advance(30 * 24 * 3600_000 + 1);
    expect(await valid(cookie)).toBe(false);
  });

  it('a new password ends every other session of that account', async () => {
    t = await createTestApp();
    const phone = await createCustomer(t, 'anna@example.it');
    const laptop = sessionCookie(
      await post(t.app, '/api/user/login', { email: 'anna@example.it', password: 'password-sicura-1' }),
    );
    await post(t.app, '/api/user/password/restore/request', { mail: 'anna@example.it' });
    const [, id, userId] =
      (await lastLink(t, 'anna@example.it')).match(/restorePassword\/([\w-]+)\/([\w-]+)$/) ?? [];
    await post(t.app, '/api/user/password/restore/set', { id, userId, password: 'nuova-password-1' });
    expect(await valid(phone)).toBe(false);
    expect(await valid(laptop)).toBe(false);
  });
});

describe('no user enumeration', () => {
  it('signup, login and restore answer alike for known and unknown addresses', async () => {
    t = await createTestApp();
    await createCustomer(t, 'nota@example.it');
    const owner = await createOwner(t);
    const signup = (email: string) =>
      post(t.app, '/api/user/signup', {
        firstName: 'A',
        lastName: 'B',
        email,
        password: 'password-sicura-2',
        acceptConditions: true,
      });
    const known = await signup('nota@example.it');
    const unknown = await signup('ignota@example.it');
    const ownerAddress = await signup(owner.email);
    for (const r of [known, ownerAddress]) {
      expect([r.statusCode, r.body, r.headers['set-cookie']]).toEqual([
        unknown.statusCode,
        unknown.body,
        unknown.headers['set-cookie'],
      ]);
    }
    const login = (email: string) => post(t.app, '/api/user/login', { email, password: 'password-sicura-2' });
    const answers = await Promise.all(
      ['nota@example.it', 'ignota@example.it', 'mai-vista@example.it'].map(login),
    );
    for (const r of answers)
      expect([r.statusCode, r.body]).toEqual([answers[2]?.statusCode, answers[2]?.body]);
    const restore = (mail: string) => post(t.app, '/api/user/password/restore/request', { mail });
    const r1 = await restore('nota@example.it');
    const r2 = await restore('mai-vista@example.it');
    expect([r1.statusCode, r1.body]).toEqual([r2.statusCode, r2.body]);
  });

  it('a mailbox gets at most 3 restore links a quarter of an hour, however many callers ask', async () => {
    t = await createTestApp();
    await createCustomer(t, 'anna@example.it');
    const before = (await readMails(t)).length;
    const ask = (from: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/password/restore/request',
        payload: { mail: 'anna@example.it' },
        remoteAddress: from,
      });
    for (let i = 0; i < 5; i++) expect((await ask(`10.0.0.${i}`)).json()).toEqual({ success: true });
    expect((await readMails(t)).length - before).toBe(3);
    t.app.clock.advance(15 * 60_000 + 1);
    await ask('10.0.0.9');
    expect((await readMails(t)).length - before).toBe(4);
  });
});
