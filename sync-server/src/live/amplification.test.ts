import { randomUUID } from 'node:crypto';
import { calls } from '@comanda/shared-schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAll, guestSessions, openPeer, type Peer } from '../../test-support/kits/live.ts';
import { cartLine, orderBody, placeOrder, setupVenue, type Venue } from '../../test-support/kits/ordering.ts';
import { listen } from '../../test-support/kits/rooms.ts';
import { CUSTOMER_FRAME_BUDGET } from './limits.ts';

/**
 * DESIGN.md "Abuse": one incoming frame causes O(1) outgoing frames. The answer to a client frame
 * (`syncMessages` to `joinChat`, `messageRefused`, the echo of a resent message) goes to the socket
 * that asked, never to the whole table; a guest flooding one venue's table with sockets and
 * `joinChat` leaves another venue's orders reaching its tablet and the server answering.
 */

let a: Venue;
let b: Venue;
let base: string;
const open: Peer[] = [];

beforeAll(async () => {
  a = await setupVenue();
  b = await setupVenue(a.app);
  base = await listen(a.app);
}, 30_000);
afterAll(async () => {
  for (const p of open) p.ws.terminate();
  await a.app.close();
});

async function peer(query: string, cookie: string): Promise<Peer> {
  const p = await openPeer(base, query, cookie);
  open.push(p);
  return p;
}

/** `perSession` sockets for each of `sessions` guests, all at venue A's table. */
async function crowdAtTable(sessions: number, perSession: number): Promise<Peer[]> {
  const cookies = await guestSessions(a.app, sessions);
  const query = `ownerId=${a.owner.venueId}&tableId=${a.tableId}`;
  const peers: Peer[] = [];
  for (const cookie of cookies) {
    for (let i = 0; i < perSession; i++) peers.push(await peer(query, cookie));
  }
  return peers;
}

const joinChat = () =>
  JSON.stringify({ event: 'joinChat', data: { ownerId: a.owner.venueId, tableId: a.tableId } });
const sendMessage = (text: string, id?: string) =>
  JSON.stringify({
    event: 'sendMessage',
    data: { ownerId: a.owner.venueId, tableId: a.tableId, text, ...(id ? { id } : {}) },
  });

/**
 * A marker published to A's table after everything else: frames to one socket keep their order,
 * so once every peer has it, whatever the server wrote to them before has arrived.
 */
async function drained(peers: Peer[]): Promise<void> {
  const before = peers.map((p) => p.count('menuChanged'));
  a.app.app.hub.publish(a.owner.venueId, 'menuChanged', {}, { to: 'all' });
  await vi.waitFor(() => {
    for (const [i, p] of peers.entries()) expect(p.count('menuChanged')).toBe((before[i] ?? 0) + 1);
  });
}

describe('answers go only to the socket that asked', () => {
  it('joinChat: one syncMessages to the asker, none to the other sockets at the table or the owners', async () => {
    const tablet = await peer(`ownerId=${a.owner.venueId}`, a.owner.cookie);
    const phones = await crowdAtTable(5, 4);
    // One after the other: each answer has arrived before the next phone asks.
    for (const phone of phones) {
      phone.ws.send(joinChat());
      await vi.waitFor(() => expect(phone.count('syncMessages')).toBeGreaterThan(0));
    }
    await drained([tablet, ...phones]);
    for (const phone of phones) expect(phone.count('syncMessages')).toBe(1);
    expect(tablet.count('syncMessages')).toBe(0);
    await closeAll([tablet, ...phones]);
  });

  it('with the chat off, joinChat and sendMessage are refused to the asker alone', async () => {
    const phones = await crowdAtTable(3, 4);
    const toggled = await a.tablet.send(calls.ownerChatToggle.path);
    expect(toggled.statusCode, toggled.body).toBe(200);
    await vi.waitFor(() => {
      for (const p of phones) expect(p.count('disableChat')).toBe(1);
    });
    try {
      for (const phone of phones) {
        phone.ws.send(joinChat());
        phone.ws.send(sendMessage('Ci siete?', randomUUID()));
        await vi.waitFor(() => expect(phone.count('messageRefused')).toBe(2));
      }
      await drained(phones);
      for (const phone of phones) expect(phone.count('messageRefused')).toBe(2);
    } finally {
      expect((await a.tablet.send(calls.ownerChatToggle.path)).statusCode).toBe(200);
    }
    await closeAll(phones);
  });

  it('a refused message and the echo of a resent one go back to the sender only', async () => {
    const tablet = await peer(`ownerId=${a.owner.venueId}`, a.owner.cookie);
    const [sender, ...others] = await crowdAtTable(2, 4);
    if (!sender) throw new Error('no sender');
    sender.ws.send(sendMessage('   '));
    await vi.waitFor(() => expect(sender.count('messageRefused')).toBe(1));
    // Stored once: everyone hears it; resent after a drop: only its sender hears it again.
    const id = randomUUID();
    sender.ws.send(sendMessage('Un altro bicchiere', id));
    await vi.waitFor(() => {
      for (const p of [tablet, sender, ...others]) expect(p.count('recieveMessage')).toBe(1);
    });
    for (let i = 0; i < 3; i++) sender.ws.send(sendMessage('Un altro bicchiere', id));
    await vi.waitFor(() => expect(sender.count('recieveMessage')).toBe(4));
    await drained([tablet, sender, ...others]);
    expect(tablet.count('recieveMessage')).toBe(1);
    for (const p of others) {
      expect(p.count('recieveMessage')).toBe(1);
      expect(p.count('messageRefused')).toBe(0);
    }
    await closeAll([tablet, sender, ...others]);
  });
});

describe("a flood at one venue's table", () => {
  it("sends O(1) frames per frame received; the other venue's tablet gets every order; health answers", async () => {
    const tabletA = await peer(`ownerId=${a.owner.venueId}`, a.owner.cookie);
    const tabletB = await peer(`ownerId=${b.owner.venueId}`, b.owner.cookie);
    // 25 guests with 4 sockets each at one table of A, each sending what its session's frame
    // budget allows at once: every cap and budget allows that.
    const crowd = await crowdAtTable(25, 4);
    const hub = a.app.app.hub;
    const before = { ...hub.stats };
    const PER_SOCKET = Math.floor(CUSTOMER_FRAME_BUDGET.burst / 4);
    let sent = 0;
    for (const p of crowd) {
      for (let i = 0; i < PER_SOCKET; i++) p.ws.send(joinChat());
      sent += PER_SOCKET;
    }
    // Meanwhile B takes orders over HTTP, and the server answers its health check.
    const orders = 10;
    const guestsB = await guestSessions(b.app, orders);
    for (let i = 0; i < orders; i++) {
      const res = await placeOrder(b, orderBody(b, [cartLine(b.menu.birra, 1)]), guestsB[i]);
      expect(res.statusCode, res.body).toBe(200);
    }
    const health = await a.app.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    await vi.waitFor(() => expect(tabletB.count('order')).toBe(orders), { timeout: 10_000 });

    // Every joinChat answered, each on its own socket.
    await vi.waitFor(
      () => {
        for (const p of crowd) expect(p.count('syncMessages')).toBeGreaterThanOrEqual(PER_SOCKET);
      },
      { timeout: 10_000 },
    );
    await drained([tabletA, ...crowd]);
    const heard = crowd.reduce((n, p) => n + p.count('syncMessages'), 0);
    expect(heard).toBe(sent);
    for (const p of crowd) expect(p.isClosed()).toBe(false);
    expect(tabletA.count('syncMessages')).toBe(0);

    // The server's own count: frames out no more than frames in, plus B's orders and the marker.
    const framesIn = hub.stats.framesIn - before.framesIn;
    const framesOut = hub.stats.framesOut - before.framesOut;
    expect(framesIn).toBe(sent);
    // B's tablet: an order and a table status per order; the marker to A's sockets.
    const others = 2 * orders + crowd.length + 1;
    expect(framesOut).toBeLessThanOrEqual(framesIn + others);
    await closeAll([tabletA, tabletB, ...crowd]);
  }, 60_000);
});
