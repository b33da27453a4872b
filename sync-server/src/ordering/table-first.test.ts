import { calls, type TABLE_FIRST_CALLS, tableFirstReads } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setupVenue, setVenue, type Venue } from '../../test-support/kits/ordering.ts';
import { post } from '../../test-support/test-app.ts';
import { TABLE_FIRST_PER_ADDRESS } from './table-first-route.ts';

let v: Venue;

beforeEach(async () => {
  v = await setupVenue();
});
afterEach(async () => {
  await v.app.close();
});

type Call = (typeof TABLE_FIRST_CALLS)[number];
type Part = { call: Call; status: number; body: unknown };

const first = (body: { ownerId: string; tableId: string; menu: boolean }, cookie?: string) =>
  post(v.app.app, calls.userTableFirst.path, body, cookie);

const tableBody = (menu = true) => ({ ownerId: v.owner.venueId, tableId: v.tableId, menu });

/** The reads of a table's first visit, as [call, body] pairs. */
const reads = (ownerId: string, tableId: string, menu: boolean): Array<[Call, object]> =>
  tableFirstReads(ownerId, tableId, menu).map((r) => [r.call, r.body]);

/** Each call asked alone, as the phone would: its status and body. */
async function alone(asks: Array<[Call, object]>, cookie?: string): Promise<Part[]> {
  return Promise.all(
    asks.map(async ([call, body]) => {
      const res = await post(v.app.app, calls[call].path, body, cookie);
      return { call, status: res.statusCode, body: res.json() };
    }),
  );
}

/** A first scan's first round: the check says no session, every read is refused for want of one. */
const REFUSED_ROUND: Array<[Call, number]> = [
  ['userAuthenticate', 200],
  ['verifyBusinessId', 401],
  ['userIsValidTable', 401],
  ['userOrderEnabledGet', 401],
  ['userClosedStatusGet', 401],
  ['userMenuGet', 401],
];

const sessionCookieOf = (setCookie: string | string[] | undefined): string => {
  const all = Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : [];
  return all.find((c) => c.startsWith('comanda_sid='))?.split(';')[0] ?? '';
};

describe('a table’s first visit in one request (userTableFirst)', () => {
  it('with a session: the check, the four checks and the menu, each as its call answers alone; no cookie set', async () => {
    const res = await first(tableBody(), v.guest);
    expect(res.statusCode).toBe(200);
    expect(res.headers['set-cookie']).toBeUndefined();
    const { answers } = res.json() as { answers: Part[] };
    const expected = await alone(
      [['userAuthenticate', {}], ...reads(v.owner.venueId, v.tableId, true)],
      v.guest,
    );
    expect(answers).toEqual(expected);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    // The cart screen asks no menu.
    const cart = (await first(tableBody(false), v.guest)).json() as { answers: Part[] };
    expect(cart.answers.map((a) => a.call)).toEqual(expected.slice(0, 5).map((a) => a.call));
  });

  it('a venue’s refusals are the parts’ own: an unknown table, a closed venue', async () => {
    await setVenue(v.app, v.owner.venueId, { isClosed: true });
    const body = { ownerId: v.owner.venueId, tableId: 'no-such-table', menu: true };
    const { answers } = (await first(body, v.guest)).json() as { answers: Part[] };
    expect(answers).toEqual(
      await alone([['userAuthenticate', {}], ...reads(body.ownerId, body.tableId, true)], v.guest),
    );
    expect(answers.find((a) => a.call === 'userIsValidTable')?.status).toBe(404);
    expect(answers.find((a) => a.call === 'userClosedStatusGet')?.body).toMatchObject({ is_closed: 1 });
  });

  it('with no session (a first scan): refused reads, the guard’s guest login, then the reads in its session, whose cookie the answer sets', async () => {
    const res = await first(tableBody());
    expect(res.statusCode).toBe(200);
    const cookie = sessionCookieOf(res.headers['set-cookie']);
    expect(cookie).not.toBe('');
    const { answers } = res.json() as { answers: Part[] };
    expect(answers.map((a) => [a.call, a.status])).toEqual([
      ...REFUSED_ROUND,
      ['userLogin', 200],
      ['verifyBusinessId', 200],
      ['userIsValidTable', 200],
      ['userOrderEnabledGet', 200],
      ['userClosedStatusGet', 200],
      ['userMenuGet', 200],
    ]);
    expect(answers[0]?.body).toMatchObject({ valid: false });
    expect(answers[6]?.body).toMatchObject({ valid: true, isAnonymus: true });
    // The reads in the new session are what that session asked alone gets.
    expect(answers.slice(7)).toEqual(await alone(reads(v.owner.venueId, v.tableId, true), cookie));
    // The cookie set is the guest's: the app goes on in that session.
    const check = await post(v.app.app, calls.userAuthenticate.path, {}, cookie);
    expect(check.json()).toMatchObject({ valid: true, isAnonymus: true });
    // A stale cookie is replaced as the guard would: any answer but a valid session makes a guest.
    const stale = await first(tableBody(), 'comanda_sid=not-a-session');
    expect(sessionCookieOf(stale.headers['set-cookie'])).not.toBe('');
    expect((stale.json() as { answers: Part[] }).answers).toHaveLength(12);
  });

  it('with an owner’s cookie (the owner scanning a table’s QR code): the check says so and no guest replaces the owner’s session', async () => {
    const res = await first(tableBody(), v.owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(sessionCookieOf(res.headers['set-cookie'])).toBe('');
    const { answers } = res.json() as { answers: Part[] };
    expect(answers.map((a) => a.call)).toEqual([
      'userAuthenticate',
      ...reads(v.owner.venueId, v.tableId, true).map(([c]) => c),
    ]);
    expect(answers[0]?.body).toEqual({ success: true, valid: false, ownerSession: true });
    expect(answers).toEqual(
      await alone([['userAuthenticate', {}], ...reads(v.owner.venueId, v.tableId, true)], v.owner.cookie),
    );
    // Still the owner's session: the page's guard switches it (spec 1) itself.
    const check = await post(v.app.app, calls.ownerAuthenticate.path, {}, v.owner.cookie);
    expect(check.json()).toMatchObject({ valid: true, type: 'owner' });
  });

  it('each part counts against its own call’s limits: with the address’s guests used up, no guest and no second round', async () => {
    const { limit, windowMs } = { limit: 300, windowMs: 15 * 60_000 };
    // The address of `inject`'s requests, as the login's guard keys it.
    const key = 'login:guest:addr:127.0.0.1';
    const used = (await v.app.app.quotas.peek(key, limit, windowMs)).count;
    expect((await v.app.app.quotas.take(key, limit, windowMs, limit - used)).allowed).toBe(true);
    const res = await first(tableBody());
    expect(res.headers['set-cookie']).toBeUndefined();
    const { answers } = res.json() as { answers: Part[] };
    expect(answers.map((a) => [a.call, a.status])).toEqual([...REFUSED_ROUND, ['userLogin', 429]]);
  });

  it('refuses a bad body with the one envelope, asking nothing', async () => {
    const res = await first({ ownerId: v.owner.venueId, tableId: v.tableId } as never, v.guest);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
  });
});

describe('userTableFirst’s own limit', () => {
  it('answers 429 past TABLE_FIRST_PER_ADDRESS a minute from one address', async () => {
    for (let i = 0; i < TABLE_FIRST_PER_ADDRESS; i++)
      expect((await first(tableBody(false), v.guest)).statusCode).toBe(200);
    const refused = await first(tableBody(false), v.guest);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
  });
});
