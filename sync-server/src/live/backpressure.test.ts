import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { type Socket, connect as tcpConnect } from 'node:net';
import type { ChatMessage } from '@comanda/shared-schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { openPeer } from '../../test-support/kits/live.ts';
import { listen } from '../../test-support/kits/rooms.ts';
import { createOwner, createTestApp, type Owner, type TestApp } from '../../test-support/test-app.ts';
import { MAX_BUFFERED_BYTES } from './limits.ts';

/**
 * DESIGN.md "Abuse": a socket whose send buffer backs up (a client that stopped reading) is
 * dropped, not buffered without end; it reconnects and catches up through the change log. A
 * client that reads receives everything meanwhile.
 */

let t: TestApp;
let owner: Owner;
let port: number;
let base: string;

beforeAll(async () => {
  t = await createTestApp();
  base = await listen(t);
  port = Number(new URL(base).port);
  owner = await createOwner(t);
});
afterAll(async () => {
  await t.close();
});

/** A raw TCP client that completes the upgrade as the owner and then never reads. */
async function stalledClient(): Promise<Socket> {
  const socket = tcpConnect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.on('error', () => {});
  socket.write(
    [
      `GET /live?ownerId=${owner.venueId} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      `Cookie: ${owner.cookie}`,
      '',
      '',
    ].join('\r\n'),
  );
  const [first] = (await once(socket, 'data')) as [Buffer];
  expect(first.toString('latin1')).toMatch(/^HTTP\/1\.1 101/);
  socket.pause();
  return socket;
}

/** About 32 KB of chat history: a big but real frame. */
const history: ChatMessage[] = Array.from({ length: 60 }, (_, i) => ({
  id: `m${i}`,
  tableId: 't',
  text: 'x'.repeat(500),
  time: new Date(0).toISOString(),
  from: 'user',
}));
const FRAME_BYTES = JSON.stringify({
  event: 'syncMessages',
  data: { tableId: 't', messages: history },
}).length;

describe('a socket that stops reading', () => {
  it('is dropped once its send buffer passes the limit; the server holds no more for it', async () => {
    const watcher = await openPeer(base, `ownerId=${owner.venueId}`, owner.cookie);
    const stalled = await stalledClient();
    await vi.waitFor(() => expect(t.app.hub.size).toBe(2));
    let published = 0;
    let maxBuffered = 0;
    // Up to 64 MB for it: far past the limit and the loopback's kernel buffers.
    while (published < 2000 && t.app.hub.size === 2) {
      t.app.hub.publish(owner.venueId, 'syncMessages', { tableId: 't', messages: history });
      published++;
      for (const client of t.app.websocketServer.clients)
        maxBuffered = Math.max(maxBuffered, client.bufferedAmount);
      // The reading client (in this process) reads between publishes.
      await new Promise((r) => setImmediate(r));
    }
    expect(t.app.hub.size).toBe(1);
    expect(maxBuffered).toBeLessThanOrEqual(MAX_BUFFERED_BYTES + FRAME_BYTES);
    await vi.waitFor(() => expect(t.app.websocketServer.clients.size).toBe(1));
    // Its end sees the connection end once it reads again.
    const ended = once(stalled, 'close');
    stalled.resume();
    await ended;
    // The reading client got every frame.
    await vi.waitFor(() => expect(watcher.count('syncMessages')).toBe(published), { timeout: 10_000 });
    expect(watcher.isClosed()).toBe(false);
    watcher.ws.close();
    await watcher.closed;
  }, 60_000);
});
