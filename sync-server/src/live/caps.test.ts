import { calls, t as texts } from '@comanda/shared-schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { guestSessions, openPeer, type Peer, sessionOf, upgrade } from '../../test-support/kits/live.ts';
import { sendOk } from '../../test-support/kits/menu.ts';
import {
  cartLine,
  OPEN_NOW,
  orderBody,
  placeOrder,
  setupVenue,
  type Venue,
} from '../../test-support/kits/ordering.ts';
import { listen } from '../../test-support/kits/rooms.ts';
import { createTestApp } from '../../test-support/test-app.ts';
import type { Config } from '../config.ts';
import { UPGRADE_WINDOW_MS, UPGRADES_PER_SESSION } from './limits.ts';

/**
 * DESIGN.md "Abuse": sockets per session and per address are capped, refused on the upgrade with
 * the one envelope (429); a full venue behind one address (20 owner screens, 150 phones) still fits.
 */

let v: Venue;
let base: string;
const open: Peer[] = [];

async function setup(config: Partial<Config> = {}) {
  const app = await createTestApp({ env: { COMANDA_FAKE_NOW: OPEN_NOW }, config });
  v = await setupVenue(app);
  base = await listen(v.app);
}
afterEach(async () => {
  for (const p of open.splice(0)) p.ws.terminate();
  await v.app.close();
});

async function peer(query: string, cookie: string, localAddress?: string): Promise<Peer> {
  const p = await openPeer(base, query, cookie, localAddress ? { localAddress } : {});
  open.push(p);
  return p;
}

const atTable = () => `ownerId=${v.owner.venueId}&tableId=${v.tableId}`;
const venueWide = () => `ownerId=${v.owner.venueId}`;

/** The refusal of an upgrade: 429 with the envelope, in Italian. */
async function expectRefused(query: string, cookie: string, localAddress?: string) {
  const res = await upgrade(base, query, cookie, localAddress ? { localAddress } : {});
  expect(res.status).toBe(429);
  expect(JSON.parse(res.body)).toEqual({
    success: false,
    code: 'RATE_LIMITED',
    error: texts.liveTooManyConnections,
  });
}

describe('sockets per session', () => {
  it('a customer session holds 4 sockets; the 5th is refused until one closes', async () => {
    await setup();
    const [guest, other] = (await guestSessions(v.app, 2)) as [string, string];
    const four = [
      await peer(atTable(), guest),
      await peer(atTable(), guest),
      await peer(atTable(), guest),
      // A tab on the menu without a table counts too.
      await peer(venueWide(), guest),
    ];
    await expectRefused(atTable(), guest);
    await expectRefused(venueWide(), guest);
    // Another phone at the same table is not affected.
    await peer(atTable(), other);
    four[0]?.ws.close();
    await four[0]?.closed;
    await vi.waitFor(() => expect(v.app.app.hub.size).toBe(4));
    await peer(atTable(), guest);
  });

  it("an owner session holds 10 sockets; the owner's other sessions are not affected", async () => {
    await setup();
    for (let i = 0; i < 10; i++) await peer(venueWide(), v.owner.cookie);
    await expectRefused(venueWide(), v.owner.cookie);
    await peer(venueWide(), await sessionOf(v.app, v.owner.userId));
  });

  it('upgrades racing on one session: no more than the cap get in', async () => {
    await setup();
    const [guest] = (await guestSessions(v.app, 1)) as [string];
    const attempts = await Promise.all(Array.from({ length: 12 }, () => upgrade(base, atTable(), guest)));
    const refused = attempts.filter((r) => r.status === 429).length;
    const opened = attempts.filter((r) => r.status === 'open');
    expect(refused + opened.length).toBe(12);
    // Past the upgrade, a late one of the race is closed at once with 1008.
    await vi.waitFor(() => expect(v.app.app.hub.size).toBe(4));
    for (const r of opened) r.ws.terminate();
  });
});

describe('upgrades per session and address', () => {
  it('a session reconnecting in a loop is refused past its quota, and back once the window moves on', async () => {
    await setup();
    const [guest] = (await guestSessions(v.app, 1)) as [string];
    for (let i = 0; i < UPGRADES_PER_SESSION; i++) {
      const p = await peer(atTable(), guest);
      p.ws.close();
      await p.closed;
    }
    const refused = await upgrade(base, atTable(), guest);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({
      code: 'RATE_LIMITED',
      error: texts.liveReconnectTooFast,
    });
    // Another phone is not affected; the same one is, once the app clock has moved on.
    await peer(atTable(), (await guestSessions(v.app, 1))[0] ?? '');
    v.app.app.clock.advance(UPGRADE_WINDOW_MS * 2);
    await peer(atTable(), guest);
  });

  it('an address opening sockets in a loop is refused past twice its cap in the window', async () => {
    await setup({ liveMaxSocketsPerAddress: 5 });
    const guests = await guestSessions(v.app, 11);
    for (const guest of guests.slice(0, 10)) {
      const p = await peer(atTable(), guest);
      p.ws.close();
      await p.closed;
    }
    const refused = await upgrade(base, atTable(), guests[10] ?? '');
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ error: texts.liveReconnectTooFast });
    await peer(atTable(), guests[10] ?? '', '127.0.0.2');
  });
});

describe('sockets per address', () => {
  it('past the address cap a new session is refused; another address still gets in', async () => {
    await setup({ liveMaxSocketsPerAddress: 12 });
    const guests = await guestSessions(v.app, 13);
    for (const guest of guests.slice(0, 10)) await peer(atTable(), guest);
    // Owner screens count as well.
    await peer(venueWide(), v.owner.cookie);
    await peer(venueWide(), v.owner.cookie);
    await expectRefused(atTable(), guests[10] ?? '');
    await expectRefused(venueWide(), v.owner.cookie);
    await peer(atTable(), guests[11] ?? '', '127.0.0.2');
  });

  it('a full evening behind one address: 20 owner screens and 150 phones at 15 tables all connect and hear their orders', async () => {
    await setup();
    const tables = [v.tableId, v.otherTableId];
    for (let i = tables.length; i < 15; i++) {
      tables.push(
        String((await sendOk(v.tablet, calls.tablesAdd.path, { roomId: v.roomId, x: i * 20, y: 70 })).id),
      );
    }
    const screens: Peer[] = [];
    for (let i = 0; i < 20; i++)
      screens.push(await peer(venueWide(), await sessionOf(v.app, v.owner.userId)));
    const guests = await guestSessions(v.app, 150);
    const phones: Array<{ peer: Peer; table: string }> = [];
    for (const [i, guest] of guests.entries()) {
      const table = tables[i % tables.length] as string;
      phones.push({ peer: await peer(`ownerId=${v.owner.venueId}&tableId=${table}`, guest), table });
    }
    expect(v.app.app.hub.size).toBe(170);
    // One order per table, each sent by one of its phones.
    for (const [i, table] of tables.entries()) {
      const res = await placeOrder(
        v,
        orderBody(v, [cartLine(v.menu.birra, 1)], { tableId: table }),
        guests[i],
      );
      expect(res.statusCode, res.body).toBe(200);
    }
    await vi.waitFor(() => {
      for (const s of screens) expect(s.count('order')).toBe(tables.length);
      for (const p of phones) expect(p.peer.count('order')).toBe(1);
    });
    const ofTable = phones.map((p) => {
      const order = p.peer.frames.find((f) => f.event === 'order');
      return (order?.data.table as { tableId: string } | undefined)?.tableId;
    });
    expect(ofTable).toEqual(phones.map((p) => p.table));
  }, 60_000);
});
