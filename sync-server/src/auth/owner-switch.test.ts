import { calls, t as texts } from '@comanda/shared-schema';
import { afterEach, describe, expect, it } from 'vitest';
import {
  createCustomer,
  createGuest,
  createOwner,
  createTestApp,
  type Owner,
  post,
  rowCounts,
  sessionCookie,
  switchToGuest,
  type TestApp,
} from '../../test-support/test-app.ts';
import { HANDOFF_TTL_MS } from './handoff.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

const tokenOf = (cookie: string) => cookie.slice(cookie.indexOf('=') + 1);
const get = (cookie?: string) => post(t.app, '/api/user/sessionId/get', undefined, cookie);
const set = (body: object, cookie?: string) => post(t.app, '/api/user/sessionId/set', body, cookie);
const login = (returnTo: object, cookie?: string) =>
  post(t.app, '/api/user/login', { isAnonymus: true, returnTo }, cookie);
const ownerCheck = async (cookie: string) =>
  (await post(t.app, '/api/owner/authenticate', undefined, cookie)).json();
const userCheck = async (cookie: string) =>
  (await post(t.app, '/api/user/authenticate', undefined, cookie)).json();
const sessionRows = async () => (await rowCounts(t.app)).sessions;

describe("owner -> customer switch (spec 1): a guest linked to the owner's session", () => {
  let owner: Owner;

  it('switches in with a handoff and the owner cookie; the owner session stays and is told apart', async () => {
    t = await createTestApp();
    owner = await createOwner(t);
    const handoff = (await get(owner.cookie)).json();
    const res = await login(handoff, owner.cookie);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ valid: true, type: 'user', isAnonymus: true, ownerSwitch: true });
    const guest = sessionCookie(res);
    expect(guest).not.toBe(owner.cookie);
    // The guest is a customer with a way back; on an owner check it says so, and is not an owner.
    expect(await userCheck(guest)).toMatchObject({ valid: true, ownerSwitch: true });
    expect(await ownerCheck(guest)).toEqual({ success: true, valid: false, ownerSwitch: true });
    // The owner session is untouched (another tab, the way back).
    expect(await ownerCheck(owner.cookie)).toMatchObject({ valid: true, businessId: owner.venueId });
    // A plain guest is what it was: no way back to speak of.
    const plain = await createGuest(t);
    expect(await userCheck(plain)).not.toHaveProperty('ownerSwitch');
    expect(await ownerCheck(plain)).toEqual({ success: true, valid: false });
  });

  it('comes back long after a handoff would have expired: a new owner cookie, the guest session ended', async () => {
    t = await createTestApp();
    owner = await createOwner(t);
    const guest = await switchToGuest(t, owner.cookie);
    // Five minutes of taking an order as a customer: more than a handoff lives.
    t.app.clock.advance(HANDOFF_TTL_MS * 2 + 60_000);
    const handoff = await get(guest);
    expect(handoff.statusCode).toBe(200);
    // It names the owner's session, not the guest's, and carries no session token.
    expect(handoff.json().userId).toBe(owner.userId);
    expect(handoff.body).not.toContain(tokenOf(guest));
    expect(handoff.body).not.toContain(tokenOf(owner.cookie));
    const back = await set(handoff.json(), guest);
    expect(back.statusCode).toBe(200);
    expect(back.json()).toMatchObject({ valid: true, type: 'owner', businessId: owner.venueId });
    expect(back.json()).not.toHaveProperty('ownerSwitch');
    const cookie = sessionCookie(back);
    expect(await ownerCheck(cookie)).toMatchObject({ valid: true, businessId: owner.venueId });
    // The guest session of the switch is over; the owner's old token was replaced by the new one.
    expect(await userCheck(guest)).toEqual({ success: true, valid: false });
    expect((await ownerCheck(owner.cookie)).valid).toBe(false);
  });

  it('a switched guest reaches no owner call', async () => {
    t = await createTestApp();
    owner = await createOwner(t);
    const guest = await switchToGuest(t, owner.cookie);
    const snapshot = await t.app.inject({
      method: 'GET',
      url: calls.snapshot.path,
      headers: { cookie: guest },
    });
    expect(snapshot.statusCode).toBe(403);
    const push = await post(
      t.app,
      calls.push.path,
      { mutations: [{ mutationId: 1, name: 'roomsAdd', body: { name: 'Sala' } }] },
      guest,
      { 'x-client-id': '6f1e2d3c-4b5a-4987-8654-321098765432' },
    );
    expect(push.statusCode).toBe(403);
    expect((await post(t.app, '/api/owner/login', { isAnonymus: true }, guest)).statusCode).toBe(401);
  });

  it('each handoff works once, the switch one and the way-back one', async () => {
    t = await createTestApp();
    owner = await createOwner(t);
    const handoff = (await get(owner.cookie)).json();
    expect((await login(handoff, owner.cookie)).statusCode).toBe(200);
    const again = await login(handoff, owner.cookie);
    expect(again.statusCode).toBe(401);
    expect(again.cookies).toHaveLength(0);

    const guest = await switchToGuest(t, owner.cookie);
    const back = (await get(guest)).json();
    expect((await set(back, guest)).statusCode).toBe(200);
    const twice = await set(back, guest);
    expect(twice.statusCode).toBe(401);
    expect(twice.cookies).toHaveLength(0);
  });

  it("another guest's handoff, another session's and a made-up one open nothing", async () => {
    t = await createTestApp();
    owner = await createOwner(t);
    const other = await createOwner(t);
    const mine = await switchToGuest(t, owner.cookie);
    const theirs = await switchToGuest(t, other.cookie);
    const plain = await createGuest(t);
    const plainHandoff = (await get(plain)).json();
    // Before their way back: a session has one live handoff, the newer retires the older.
    const otherHandoff = (await get(other.cookie)).json();
    const theirBack = (await get(theirs)).json();
    const ownHandoff = (await get(owner.cookie)).json();
    const madeUp = { sessionId: 'A'.repeat(43), userId: owner.userId };
    const before = await sessionRows();

    // The way back of another switched guest: only that guest's cookie may use it.
    for (const cookie of [mine, undefined, other.cookie]) {
      const res = await set(theirBack, cookie);
      expect(res.statusCode).toBe(401);
      expect(res.cookies).toHaveLength(0);
    }
    expect((await set(madeUp, mine)).statusCode).toBe(401);
    // Switching in needs a handoff of the caller's own session, with the cookie of that session.
    for (const [handoff, cookie] of [
      [plainHandoff, owner.cookie],
      [otherHandoff, owner.cookie],
      [ownHandoff, undefined],
      [ownHandoff, mine],
      [madeUp, owner.cookie],
    ] as const) {
      const res = await login(handoff, cookie);
      expect(res.statusCode).toBe(401);
      expect(res.cookies).toHaveLength(0);
    }
    expect(await sessionRows()).toBe(before);

    // Refused without being used up: each still works for its own session.
    expect((await set(theirBack, theirs)).statusCode).toBe(200);
    expect((await login(ownHandoff, owner.cookie)).statusCode).toBe(200);
  });

  it("an owner's logout ends the way back, cleanly: 401 with the reason, the guest still a guest", async () => {
    t = await createTestApp();
    owner = await createOwner(t);
    const guest = await switchToGuest(t, owner.cookie);
    const early = (await get(guest)).json();
    await post(t.app, '/api/user/logout', undefined, owner.cookie);
    const late = await get(guest);
    expect(late.statusCode).toBe(401);
    expect(late.json()).toMatchObject({
      success: false,
      code: 'UNAUTHORIZED',
      error: texts.ownerSwitchEnded,
    });
    // A way-back handoff taken before the logout died with the owner session.
    expect((await set(early, guest)).statusCode).toBe(401);
    expect(await userCheck(guest)).toMatchObject({ valid: true, ownerSwitch: true });
  });

  it('an owner session that expired meanwhile ends the way back too', async () => {
    t = await createTestApp();
    owner = await createOwner(t);
    const guest = await switchToGuest(t, owner.cookie);
    const ownerRow = t.app.store.sqlite
      .prepare('SELECT return_session_id AS id FROM sessions WHERE return_session_id IS NOT NULL')
      .get() as { id: string };
    t.app.store.sqlite
      .prepare('UPDATE sessions SET expires_at = ? WHERE id = ?')
      .run(t.app.clock.nowMs() - 1, ownerRow.id);
    const res = await get(guest);
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe(texts.ownerSwitchEnded);
  });

  it('the switch needs an owner session: a guest or a customer cannot link a guest to itself', async () => {
    t = await createTestApp();
    for (const cookie of [await createGuest(t), await createCustomer(t)]) {
      const before = await sessionRows();
      const handoff = (await get(cookie)).json();
      const res = await login(handoff, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'FORBIDDEN', error: texts.ownerSwitchRefused });
      expect(res.cookies).toHaveLength(0);
      expect(await sessionRows()).toBe(before);
      // Its own handoff is still there for its own way (spec 7's set), unused.
      expect((await set(handoff, cookie)).statusCode).toBe(200);
    }
  });

  it('a switched guest that signs out leaves no handoff behind to trip on', async () => {
    t = await createTestApp();
    owner = await createOwner(t);
    const guest = await switchToGuest(t, owner.cookie);
    expect((await get(guest)).statusCode).toBe(200);
    const out = await post(t.app, '/api/user/logout', undefined, guest);
    expect(out.statusCode).toBe(200);
    expect((await rowCounts(t.app)).handoff_tokens).toBe(0);
    expect(await ownerCheck(owner.cookie)).toMatchObject({ valid: true });
  });

  it('switches are rate limited per address as the handoff is on sessionId/set', async () => {
    t = await createTestApp();
    owner = await createOwner(t);
    const madeUp = { sessionId: 'B'.repeat(43), userId: owner.userId };
    for (let i = 0; i < 20; i++) expect((await login(madeUp, owner.cookie)).statusCode).toBe(401);
    const limited = await login(madeUp, owner.cookie);
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
    // A plain guest login is not in that bucket.
    expect((await post(t.app, '/api/user/login', { isAnonymus: true })).statusCode).toBe(200);
  });
});
