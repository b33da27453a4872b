import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, lastLink, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const PASSWORD = 'password-sicura-1';
/** The venue's Wi-Fi: every diner's phone reaches the server from this one address. */
const VENUE_WIFI = '203.0.113.7';

const postFrom = (from: string, url: string, payload: object, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    remoteAddress: from,
    ...(cookie ? { headers: { cookie } } : {}),
  });

/** Every cookie a response set, as a Cookie header for the next request of that device. */
const jar = (res: LightMyRequestResponse) =>
  res.cookies
    .filter((c) => c.value)
    .map((c) => `${c.name}=${c.value}`)
    .join('; ');
/** The device's cookies without its session: what a browser keeps after signing out. */
const withoutSession = (cookies: string) =>
  cookies
    .split('; ')
    .filter((c) => !c.startsWith('comanda_sid='))
    .join('; ');

/** A confirmed account (signup and link from their own addresses), not yet signed in anywhere. */
async function account(email: string, role: 'user' | 'owner'): Promise<void> {
  const body = { firstName: 'Mario', lastName: 'Rossi', email, password: PASSWORD, acceptConditions: true };
  const from = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
  const signup = await postFrom(
    from,
    `/api/${role}/signup`,
    role === 'owner' ? { ...body, businessName: 'Pizzeria da Mario' } : body,
  );
  expect(signup.statusCode).toBe(200);
  const token = (await lastLink(t, email)).split('/').pop();
  expect((await postFrom(from, '/api/owner/confirmEmail', { token })).statusCode).toBe(200);
}

const firstRefusal = (codes: number[]) => codes.indexOf(429);

describe('password spraying (spec 7, DESIGN "Abuse")', () => {
  it('40 e-mails from one address: 429 well before 40, user and owner login counted together', async () => {
    t = await createTestApp();
    const codes: number[] = [];
    let refusal: LightMyRequestResponse | undefined;
    for (let i = 0; i < 40; i++) {
      const path = i % 2 === 0 ? '/api/user/login' : '/api/owner/login';
      const res = await postFrom('10.0.0.66', path, {
        email: `persona${i}@example.it`,
        password: 'indovino!',
      });
      codes.push(res.statusCode);
      if (res.statusCode === 429) refusal ??= res;
    }
    const first = firstRefusal(codes);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThanOrEqual(20);
    expect(codes.slice(0, first).every((c) => c === 401)).toBe(true);
    expect(codes.slice(first).every((c) => c === 429)).toBe(true);
    expect(refusal?.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(Number(refusal?.headers['retry-after'])).toBeGreaterThan(0);
    // Other addresses are not affected, nor the guests of the same one.
    expect(
      (await postFrom('10.0.0.5', '/api/user/login', { email: 'x@example.it', password: 'x' })).statusCode,
    ).toBe(401);
    expect((await postFrom('10.0.0.66', '/api/user/login', { isAnonymus: true })).statusCode).toBe(200);
  });

  it('one account sprayed from many addresses locks for unknown devices, never for the known device', async () => {
    t = await createTestApp();
    await account('gestore@example.it', 'owner');
    // The owner's tablet signs in once: from now on it is a known device of this account.
    const first = await postFrom('10.1.0.1', '/api/owner/login', {
      email: 'gestore@example.it',
      password: PASSWORD,
    });
    expect(first.statusCode).toBe(200);
    const tablet = withoutSession(jar(first));
    expect(tablet).not.toBe('');
    expect(first.cookies.find((c) => c.name !== 'comanda_sid')).toMatchObject({ httpOnly: true });

    const spray = async (email: string) => {
      const codes: number[] = [];
      for (let i = 0; i < 30; i++) {
        const path = i % 2 === 0 ? '/api/owner/login' : '/api/user/login';
        codes.push((await postFrom(`10.2.${i}.1`, path, { email, password: `tentativo-${i}` })).statusCode);
      }
      return codes;
    };
    const codes = await spray('gestore@example.it');
    const lockedAt = firstRefusal(codes);
    expect(lockedAt).toBeGreaterThan(0);
    expect(lockedAt).toBeLessThanOrEqual(15);
    // Locked: even the right password from a device that never signed in here is refused.
    const stranger = await postFrom('10.3.0.1', '/api/owner/login', {
      email: 'gestore@example.it',
      password: PASSWORD,
    });
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // The real owner, on the tablet, still signs in (from any address).
    const owner = await postFrom(
      '10.4.0.1',
      '/api/owner/login',
      { email: 'gestore@example.it', password: PASSWORD },
      tablet,
    );
    expect(owner.statusCode).toBe(200);
    // Success reset the account's failures: a new device may sign in again.
    const phone = await postFrom('10.5.0.1', '/api/user/login', {
      email: 'gestore@example.it',
      password: PASSWORD,
    });
    expect(phone.statusCode).toBe(200);

    // An address with no account locks at the same count: the lock tells nobody who exists.
    expect(firstRefusal(await spray('nessuno@example.it'))).toBe(lockedAt);
  });

  it("a known-device cookie is the account's own: forged or another account's opens no lock", async () => {
    t = await createTestApp();
    await account('gestore@example.it', 'owner');
    await account('cliente@example.it', 'user');
    const mine = await postFrom('10.1.0.1', '/api/user/login', {
      email: 'cliente@example.it',
      password: PASSWORD,
    });
    const customerDevice = withoutSession(jar(mine));
    const forged = customerDevice.replace(
      /=([^.;]+)\.[^;]+/,
      '=$1.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
    );
    for (let i = 0; i < 30; i++) {
      await postFrom(`10.2.${i}.1`, '/api/owner/login', {
        email: 'gestore@example.it',
        password: `tentativo-${i}`,
      });
    }
    for (const cookie of [customerDevice, forged]) {
      const res = await postFrom(
        '10.6.0.1',
        '/api/owner/login',
        { email: 'gestore@example.it', password: PASSWORD },
        cookie,
      );
      expect(res.statusCode).toBe(429);
    }
  });

  it('the account lock lifts with time (sliding window)', async () => {
    t = await createTestApp();
    await account('gestore@example.it', 'owner');
    for (let i = 0; i < 30; i++) {
      await postFrom(`10.2.${i}.1`, '/api/owner/login', {
        email: 'gestore@example.it',
        password: `tentativo-${i}`,
      });
    }
    const login = () =>
      postFrom('10.3.0.1', '/api/owner/login', { email: 'gestore@example.it', password: PASSWORD });
    expect((await login()).statusCode).toBe(429);
    t.app.clock.advance(31 * 60_000);
    expect((await login()).statusCode).toBe(200);
  });
});

describe('a full house behind one address (DESIGN "Abuse")', () => {
  it('150 guests and 30 customers sign in from the venue Wi-Fi at 20:30, some mistyping once: none refused', async () => {
    t = await createTestApp({ env: { COMANDA_FAKE_NOW: '2025-06-14T20:30:00+02:00' } });
    const guests = await Promise.all(
      Array.from({ length: 150 }, () => postFrom(VENUE_WIFI, '/api/user/login', { isAnonymus: true })),
    );
    expect(guests.map((g) => g.statusCode).filter((c) => c !== 200)).toEqual([]);
    const emails = Array.from({ length: 30 }, (_, i) => `cliente${i}@example.it`);
    for (const email of emails) await account(email, 'user');
    const codes: number[] = [];
    for (const [i, email] of emails.entries()) {
      if (i % 3 === 0)
        codes.push(
          (await postFrom(VENUE_WIFI, '/api/user/login', { email, password: 'sbagliata' })).statusCode,
        );
      codes.push((await postFrom(VENUE_WIFI, '/api/user/login', { email, password: PASSWORD })).statusCode);
    }
    expect(codes.filter((c) => c === 429)).toEqual([]);
    expect(codes.filter((c) => c === 200)).toHaveLength(30);
  });
});
