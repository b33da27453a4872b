import { afterEach, describe, expect, it } from 'vitest';
import {
  createGuest,
  createOwner,
  createTestApp,
  post,
  sessionCookie,
  type TestApp,
} from '../../test-support/test-app.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
const get = (cookie: string) => post(t.app, '/api/user/sessionId/get', undefined, cookie);
const set = (body: object, cookie?: string) => post(t.app, '/api/user/sessionId/set', body, cookie);
const authenticate = async (cookie: string) =>
  (await post(t.app, '/api/owner/authenticate', undefined, cookie)).json();

describe('owner -> customer switch handoff (spec 1, spec 7 sessionId/get|set)', () => {
  it('get answers a handoff, never the session token; set switches back to that session', async () => {
    t = await createTestApp();
    const owner = await createOwner(t);
    const got = await get(owner.cookie);
    expect(got.statusCode).toBe(200);
    const { sessionId, userId } = got.json();
    expect(userId).toBe(owner.userId);
    expect(typeof sessionId).toBe('string');
    expect(got.body).not.toContain(tokenOf(owner.cookie));
    expect(sessionId).not.toBe(tokenOf(owner.cookie));

    // In the customer flow the browser holds a guest session; the handoff brings the owner back.
    const guest = await createGuest(t);
    const back = await set({ sessionId, userId }, guest);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ valid: true, type: 'owner', businessId: owner.venueId });
    const cookie = sessionCookie(back);
    // The session's token travels only in the HttpOnly cookie, never in a body.
    expect(back.cookies.find((c) => c.name === 'comanda_sid')).toMatchObject({ httpOnly: true });
    expect(back.body).not.toContain(tokenOf(cookie));
    expect(await authenticate(cookie)).toMatchObject({ valid: true, businessId: owner.venueId });
  });

  it('a handoff works once', async () => {
    t = await createTestApp();
    const owner = await createOwner(t);
    const { sessionId, userId } = (await get(owner.cookie)).json();
    expect((await set({ sessionId, userId })).statusCode).toBe(200);
    const again = await set({ sessionId, userId });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect(again.cookies).toHaveLength(0);
  });

  it('an expired handoff is refused', async () => {
    t = await createTestApp();
    const owner = await createOwner(t);
    const { sessionId, userId } = (await get(owner.cookie)).json();
    t.app.clock.advance(2 * 60_000 + 1);
    const late = await set({ sessionId, userId });
    expect(late.statusCode).toBe(401);
    expect(late.cookies).toHaveLength(0);
  });

  it("another user's handoff, a made-up one and the session token itself are refused", async () => {
    t = await createTestApp();
    const owner = await createOwner(t);
    const other = await createOwner(t);
    const { sessionId } = (await get(owner.cookie)).json();
    const wrongUser = await set({ sessionId, userId: other.userId });
    expect(wrongUser.statusCode).toBe(401);
    expect(wrongUser.cookies).toHaveLength(0);
    expect((await set({ sessionId: 'A'.repeat(43), userId: owner.userId })).statusCode).toBe(401);
    // The old call's input, a session token, opens nothing any more.
    expect((await set({ sessionId: tokenOf(owner.cookie), userId: owner.userId })).statusCode).toBe(401);
  });

  it('a handoff dies with its session (logout)', async () => {
    t = await createTestApp();
    const owner = await createOwner(t);
    const { sessionId, userId } = (await get(owner.cookie)).json();
    await post(t.app, '/api/user/logout', undefined, owner.cookie);
    expect((await set({ sessionId, userId })).statusCode).toBe(401);
  });

  it('without a session, get is refused', async () => {
    t = await createTestApp();
    expect((await post(t.app, '/api/user/sessionId/get')).statusCode).toBe(401);
  });
});
