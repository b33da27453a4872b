import { afterEach, describe, expect, it, vi } from 'vitest';
import { guestSessions, openPeer, type Peer, roundTrip } from '../../test-support/kits/live.ts';
import { setupVenue, type Venue } from '../../test-support/kits/ordering.ts';
import { listen } from '../../test-support/kits/rooms.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import { CUSTOMER_FRAME_BUDGET, OWNER_FRAME_BUDGET, STRAY_FRAME_COST } from './limits.ts';

/**
 * DESIGN.md "Abuse": a customer's socket gets a far smaller frame budget than an owner's (a token
 * bucket: a burst, then a few a second), over it the socket is closed with 1008 'too many
 * frames'; frames naming a table the socket did not join cost more and are logged once, and a
 * frame over the size limit is the client's fault, never an error line.
 */

let v: Venue;
let base: string;
let handled: Record<string, number>;
const open: Peer[] = [];

async function setup() {
  handled = {};
  const app = await createTestApp({
    env: { COMANDA_FAKE_NOW: '2025-07-15T19:00:00+02:00' },
    // Counts what reaches the joinChat handler; the chat's own handler stays for sendMessage.
    before: (a) =>
      a.hub.replaceClientEventHandlerForTest('joinChat', () => {
        handled.joinChat = (handled.joinChat ?? 0) + 1;
      }),
  });
  v = await setupVenue(app);
  base = await listen(v.app);
}
afterEach(async () => {
  vi.restoreAllMocks();
  for (const p of open.splice(0)) p.ws.terminate();
  await v.app.close();
});

async function peer(query: string, cookie: string): Promise<Peer> {
  const p = await openPeer(base, query, cookie);
  open.push(p);
  return p;
}

const customer = async () =>
  peer(`ownerId=${v.owner.venueId}&tableId=${v.tableId}`, (await guestSessions(v.app, 1))[0] ?? '');
const joinChat = (tableId = v.tableId) =>
  JSON.stringify({ event: 'joinChat', data: { ownerId: v.owner.venueId, tableId } });

/**
 * Sends `n` frames at once; resolves when the socket closed or the server read them all (a ping's
 * pong: ws reads frames in order, and the budget is taken as each is read).
 */
async function burst(p: Peer, n: number, frame = joinChat): Promise<'closed' | 'open'> {
  for (let i = 0; i < n; i++) p.ws.send(frame());
  return Promise.race([p.closed.then(() => 'closed' as const), roundTrip(p).then(() => 'open' as const)]);
}

describe('frame budget', () => {
  it("a customer's burst is small: past it the socket is closed, and no handler ran for the excess", async () => {
    await setup();
    const flooder = await customer();
    expect(await burst(flooder, 40)).toBe('closed');
    expect(await flooder.closed).toEqual([1008, 'too many frames']);
    // The budget refills a few frames a second: at most one more may have come in meanwhile.
    expect(handled.joinChat).toBeGreaterThanOrEqual(CUSTOMER_FRAME_BUDGET.burst);
    expect(handled.joinChat).toBeLessThanOrEqual(CUSTOMER_FRAME_BUDGET.burst + 1);
    expect(CUSTOMER_FRAME_BUDGET.burst).toBeLessThanOrEqual(OWNER_FRAME_BUDGET.burst / 5);
  });

  it("a customer's budget refills a few frames a second; a phone chatting all evening is never closed", async () => {
    await setup();
    const phone = await customer();
    expect(await burst(phone, CUSTOMER_FRAME_BUDGET.burst)).toBe('open');
    // The app clock moves one second: that many more frames fit, then one more is over.
    v.app.app.clock.advance(1000);
    expect(await burst(phone, CUSTOMER_FRAME_BUDGET.perSecond)).toBe('open');
    // Over (with room for the budget's real-time refill meanwhile).
    expect(await burst(phone, 3)).toBe('closed');

    // A real phone: joinChat on each (re)connect, a message now and then; an hour of it.
    const calm = await customer();
    for (let minute = 0; minute < 60; minute++) {
      v.app.app.clock.advance(60_000);
      expect(await burst(calm, 2)).toBe('open');
    }
  });

  it("the budget is the session's: new sockets, or all closed and opened again, bring no new frames", async () => {
    await setup();
    const [guest] = (await guestSessions(v.app, 1)) as [string];
    const table = `ownerId=${v.owner.venueId}&tableId=${v.tableId}`;
    const first = await peer(table, guest);
    const second = await peer(table, guest);
    expect(await burst(first, CUSTOMER_FRAME_BUDGET.burst - 1)).toBe('open');
    expect(await burst(second, 1)).toBe('open');
    expect(await burst(second, 3)).toBe('closed');
    first.ws.close();
    await first.closed;
    await vi.waitFor(() => expect(v.app.app.hub.size).toBe(0));
    // Back at once: still nothing to spend. A second of the app clock later: two frames.
    const again = await peer(table, guest);
    expect(await burst(again, 3)).toBe('closed');
    v.app.app.clock.advance(1000);
    const later = await peer(table, guest);
    expect(await burst(later, CUSTOMER_FRAME_BUDGET.perSecond)).toBe('open');
  });

  it("an owner's socket keeps a large budget", async () => {
    await setup();
    const tablet = await peer(`ownerId=${v.owner.venueId}`, v.owner.cookie);
    expect(await burst(tablet, OWNER_FRAME_BUDGET.burst)).toBe('open');
    v.app.app.clock.advance(1000);
    expect(await burst(tablet, OWNER_FRAME_BUDGET.perSecond)).toBe('open');
    // Over (with room for the budget's real-time refill meanwhile).
    expect(await burst(tablet, OWNER_FRAME_BUDGET.burst / 2)).toBe('closed');
  });
});

describe('frames for a table the socket did not join', () => {
  it('cost more than a frame and are logged once per socket', async () => {
    await setup();
    const warn = vi.spyOn(v.app.app.log, 'warn');
    const stray = () =>
      JSON.stringify({
        event: 'sendMessage',
        data: { ownerId: v.owner.venueId, tableId: v.otherTableId, text: 'ciao' },
      });
    const phone = await customer();
    const strays = Math.floor(CUSTOMER_FRAME_BUDGET.burst / STRAY_FRAME_COST);
    for (let i = 0; i < strays; i++) phone.ws.send(stray());
    phone.ws.send(joinChat(v.otherTableId));
    expect(await phone.closed).toEqual([1008, 'too many frames']);
    const lines = warn.mock.calls.filter((c) => JSON.stringify(c).includes('did not join'));
    expect(lines).toHaveLength(1);
  });

  it("an owner's socket discarding another venue's call: logged once, costs more", async () => {
    await setup();
    const other = await setupVenue(v.app);
    const warn = vi.spyOn(v.app.app.log, 'warn');
    const tablet = await peer(`ownerId=${v.owner.venueId}`, v.owner.cookie);
    const foreign = () =>
      JSON.stringify({
        event: 'discardCalledTable',
        data: { ownerId: other.owner.venueId, tableId: other.tableId },
      });
    const strays = Math.floor(OWNER_FRAME_BUDGET.burst / STRAY_FRAME_COST);
    // Well within the plain budget, but each costs STRAY_FRAME_COST (charged by its handler).
    for (let i = 0; i <= strays; i++) tablet.ws.send(foreign());
    expect(await tablet.closed).toEqual([1008, 'too many frames']);
    const lines = warn.mock.calls.filter((c) => JSON.stringify(c).includes('did not join'));
    expect(lines).toHaveLength(1);
  });
});

describe('a frame over the size limit', () => {
  it('closes the socket with 1009 and logs the reason below error level', async () => {
    await setup();
    const error = vi.spyOn(v.app.app.log, 'error');
    const debug = vi.spyOn(v.app.app.log, 'debug');
    const phone = await customer();
    phone.ws.send(JSON.stringify({ event: 'sendMessage', data: { text: 'x'.repeat(20_000) } }));
    expect((await phone.closed)[0]).toBe(1009);
    await vi.waitFor(() =>
      expect(JSON.stringify(debug.mock.calls)).toContain('WS_ERR_UNSUPPORTED_MESSAGE_LENGTH'),
    );
    expect(error).not.toHaveBeenCalled();
  });
});
