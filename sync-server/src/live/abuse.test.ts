import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Socket, connect as tcpConnect } from 'node:net';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { type CallDef, ErrorEnvelope, MAX_CLIENT_FRAME_BYTES } from '@comanda/shared-schema';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { anotherSession, sessionOf } from '../../test-support/kits/live.ts';
import {
  createGuest,
  createOwner,
  createTestApp,
  type Owner,
  rowCounts,
  type TestApp,
} from '../../test-support/test-app.ts';
import { BODY_LIMIT } from '../app.ts';
import { diningTables, rooms } from '../db/schema.ts';
import { randomId } from '../lib/ids.ts';
import { CUSTOMER_FRAME_BUDGET } from './limits.ts';

/**
 * Abuse of the live hub and of request bodies: floods, malformed, binary and oversized
 * frames, a client that never finishes the close handshake, 500 sockets dropped at once, and
 * bodies over BODY_LIMIT on every route. The abuser's socket is closed with a reason; the server,
 * an owner's watching socket and new connections keep working; nothing is held afterwards.
 */

let t: TestApp;
let owner: Owner;
let guest: string;
let tableId: string;
let port: number;
const opened: WebSocket[] = [];
let handled = 0;

beforeAll(async () => {
  t = await createTestApp({
    // Counts what reaches a handler: a flood must stop at the limit.
    before: (app) => app.hub.replaceClientEventHandlerForTest('joinChat', () => void handled++),
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
  owner = await createOwner(t);
  guest = await createGuest(t);
  const roomId = randomId();
  tableId = randomId();
  const now = Date.now();
  await t.app.store.db
    .insert(rooms)
    .values({ id: roomId, venueId: owner.venueId, name: 'Sala', createdAt: now });
  await t.app.store.db
    .insert(diningTables)
    .values({ id: tableId, venueId: owner.venueId, roomId, number: 1, createdAt: now });
}, 30_000);

afterAll(async () => {
  for (const ws of opened) ws.terminate();
  await t?.close();
});

type Frame = { event: string; data: Record<string, unknown> };

/** A socket of the owner, or of a new guest session (each session has its own frame budget). */
async function connect(role: 'owner' | 'customer' = 'customer') {
  const query = role === 'owner' ? `ownerId=${owner.venueId}` : `ownerId=${owner.venueId}&tableId=${tableId}`;
  const cookie = role === 'owner' ? owner.cookie : await anotherSession(t.app, guest);
  const ws = new WebSocket(`ws://127.0.0.1:${port}/live?${query}`, { headers: { cookie } });
  opened.push(ws);
  ws.on('error', () => {});
  const frames: Frame[] = [];
  ws.on('message', (raw) => frames.push(JSON.parse(String(raw)) as Frame));
  const closed = new Promise<[number, string]>((resolve) =>
    ws.on('close', (code, reason) => resolve([code, String(reason)])),
  );
  await once(ws, 'open');
  await vi.waitFor(() => expect(frames.some((f) => f.event === 'connect')).toBe(true));
  return { ws, frames, closed };
}

/** The owner's socket still hears the venue, a new socket still connects, HTTP still answers. */
async function stillWorking(watcher: Awaited<ReturnType<typeof connect>>): Promise<void> {
  watcher.frames.length = 0;
  t.app.hub.publish(owner.venueId, 'updateRoom', {});
  await vi.waitFor(() => expect(watcher.frames.map((f) => f.event)).toContain('updateRoom'));
  expect(watcher.ws.readyState).toBe(WebSocket.OPEN);
  const fresh = await connect('owner');
  fresh.ws.close();
  await fresh.closed;
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
}

const joinChat = () => JSON.stringify({ event: 'joinChat', data: { ownerId: owner.venueId, tableId } });

/** A masked client frame (RFC 6455), for a hand-driven socket. */
function clientFrame(payload: Buffer, opcode = 1): Buffer {
  const mask = randomBytes(4);
  const length = payload.length;
  const head =
    length < 126
      ? Buffer.from([0x80 | opcode, 0x80 | length])
      : Buffer.from([0x80 | opcode, 0x80 | 126, length >> 8, length & 255]);
  const body = Buffer.from(payload.map((b, i) => b ^ (mask[i % 4] as number)));
  return Buffer.concat([head, mask, body]);
}

/** A raw TCP websocket client that upgrades and then does only what the test tells it. */
async function rawSocket(): Promise<Socket> {
  const socket = tcpConnect(port, '127.0.0.1');
  await once(socket, 'connect');
  socket.on('error', () => {});
  socket.write(
    [
      `GET /live?ownerId=${owner.venueId}&tableId=${tableId} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}`,
      'Sec-WebSocket-Version: 13',
      `Cookie: ${guest}`,
      '',
      '',
    ].join('\r\n'),
  );
  const [first] = (await once(socket, 'data')) as [Buffer];
  expect(first.toString('latin1')).toMatch(/^HTTP\/1\.1 101/);
  return socket;
}

const gcNow = (() => {
  setFlagsFromString('--expose_gc');
  return runInNewContext('gc') as () => void;
})();

describe('live hub under abuse', () => {
  it('closes a flooding socket with 1008 "too many frames"; handlers stop at the limit', async () => {
    const watcher = await connect('owner');
    const flooder = await connect('customer');
    handled = 0;
    for (let i = 0; i < 100 * CUSTOMER_FRAME_BUDGET.burst; i++) flooder.ws.send(joinChat());
    expect(await flooder.closed).toEqual([1008, 'too many frames']);
    await vi.waitFor(() => expect(t.app.hub.size).toBe(1));
    // The budget refills a few frames a second: at most one more may have come in meanwhile.
    expect(handled).toBeGreaterThanOrEqual(CUSTOMER_FRAME_BUDGET.burst);
    expect(handled).toBeLessThanOrEqual(CUSTOMER_FRAME_BUDGET.burst + 1);
    await stillWorking(watcher);

    // A client within its budget (a real chat: a few frames a second) is never closed: each
    // second of the app clock brings `perSecond` more.
    const calm = await connect('customer');
    handled = 0;
    const { burst, perSecond } = CUSTOMER_FRAME_BUDGET;
    for (let i = 0; i < burst; i++) calm.ws.send(joinChat());
    for (let second = 0; second < 30; second++) {
      t.app.clock.advance(1000);
      await vi.waitFor(() => expect(handled).toBe(burst + second * perSecond));
      for (let i = 0; i < perSecond; i++) calm.ws.send(joinChat());
    }
    await vi.waitFor(() => expect(handled).toBe(burst + 30 * perSecond));
    expect(calm.ws.readyState).toBe(WebSocket.OPEN);
    calm.ws.close();
    watcher.ws.close();
    await Promise.all([calm.closed, watcher.closed]);
  });

  it('closes malformed, binary and oversized frames with their reason; others live on', async () => {
    const watcher = await connect('owner');
    const cases: Array<{ send: (ws: WebSocket) => void; code: number; reason?: string }> = [
      { send: (ws) => ws.send('{not json'), code: 1008, reason: 'frame is not JSON' },
      {
        send: (ws) => ws.send(Buffer.from(joinChat()), { binary: true }),
        code: 1008,
        reason: 'binary frames are not accepted',
      },
      { send: (ws) => ws.send('{"event":"nope","data":{}}'), code: 1008, reason: 'unknown event' },
      {
        send: (ws) => ws.send('{"event":"joinChat","data":{"ownerId":1}}'),
        code: 1008,
        reason: 'invalid data for joinChat',
      },
      // Exactly at the limit the hub reads it (and refuses the content); one byte over, ws refuses it.
      {
        send: (ws) => ws.send(`"${'x'.repeat(MAX_CLIENT_FRAME_BYTES - 2)}"`),
        code: 1008,
        reason: 'frame must be {event, data}',
      },
      { send: (ws) => ws.send('x'.repeat(MAX_CLIENT_FRAME_BYTES + 1)), code: 1009 },
      { send: (ws) => ws.send(Buffer.alloc(1024 * 1024)), code: 1009 },
    ];
    for (const c of cases) {
      const s = await connect('customer');
      c.send(s.ws);
      const [code, reason] = await s.closed;
      expect(code).toBe(c.code);
      if (c.reason) expect(reason).toBe(c.reason);
    }
    await vi.waitFor(() => expect(t.app.hub.size).toBe(1));
    await stillWorking(watcher);
    watcher.ws.close();
    await watcher.closed;
  });

  it('cuts a client that floods and never answers the close, and holds no memory after', async () => {
    const watcher = await connect('owner');
    gcNow();
    const heapBefore = process.memoryUsage().heapUsed;
    const wsClientsBefore = t.app.websocketServer.clients.size;
    // Raw sockets that never read: they keep writing 8 KB frames after the server's close frame.
    const abusers = await Promise.all([rawSocket(), rawSocket(), rawSocket()]);
    await vi.waitFor(() => expect(t.app.hub.size).toBe(4));
    // Valid frames (the padding is an unknown key, dropped): the hub takes its budget, then closes.
    const frame = { event: 'joinChat', data: { ownerId: owner.venueId, tableId, pad: 'p'.repeat(8000) } };
    const payload = clientFrame(Buffer.from(JSON.stringify(frame)));
    // Not `once(s, 'close')`: it rejects on the 'error' a reset socket may emit first.
    const ended = abusers.map((s) => new Promise((resolve) => s.once('close', resolve)));
    for (const s of abusers) {
      s.pause();
      for (let i = 0; i < 2000 && !s.destroyed; i++) s.write(payload);
    }
    // Cut within the hub's grace (1 s), far sooner than ws's 30 s close-handshake timeout.
    await vi.waitFor(() => expect(t.app.hub.size).toBe(1), { timeout: 5000 });
    await vi.waitFor(() => expect(t.app.websocketServer.clients.size).toBe(wsClientsBefore), {
      timeout: 5000,
    });
    for (const s of abusers) s.destroy();
    await Promise.all(ended);
    gcNow();
    const grownMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024;
    expect(grownMb).toBeLessThan(20);
    await stillWorking(watcher);
    watcher.ws.close();
    await watcher.closed;
  });

  it('takes 500 sockets opened and dropped abruptly, and is back to none', async () => {
    const sockets: WebSocket[] = [];
    // 50 screens with 10 sockets each (a session's cap), 500 from one address (its cap).
    for (let batch = 0; batch < 10; batch++) {
      const screens: string[] = [];
      for (let i = 0; i < 5; i++) screens.push(await sessionOf(t, owner.userId));
      const opening = Array.from({ length: 50 }, async (_, i) => {
        const ws = new WebSocket(`ws://127.0.0.1:${port}/live?ownerId=${owner.venueId}`, {
          headers: { cookie: screens[i % screens.length] ?? '' },
        });
        ws.on('error', () => {});
        await once(ws, 'message');
        sockets.push(ws);
      });
      await Promise.all(opening);
    }
    expect(t.app.hub.size).toBe(500);
    for (const ws of sockets) ws.terminate();
    await vi.waitFor(() => expect(t.app.hub.size).toBe(0), { timeout: 10_000 });
    await vi.waitFor(() => expect(t.app.websocketServer.clients.size).toBe(0), { timeout: 10_000 });
    const watcher = await connect('owner');
    await stillWorking(watcher);
    watcher.ws.close();
    await watcher.closed;
    await vi.waitFor(() => expect(t.app.hub.size).toBe(0));
  }, 60_000);
});

describe('request body size limit', () => {
  it('answers 413 with the envelope on every POST route, and writes nothing', async () => {
    const before = await rowCounts(t.app);
    const over = JSON.stringify({ x: 'y'.repeat(BODY_LIMIT) });
    const under = JSON.stringify({ x: 'y'.repeat(BODY_LIMIT - 100) });
    const posts = t.app.registeredCalls.filter((c: CallDef) => c.method === 'POST');
    expect(posts.length).toBeGreaterThan(50);
    let n = 0;
    for (const def of posts) {
      for (const cookie of [owner.cookie, guest, undefined]) {
        n++;
        const headers = { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) };
        const remoteAddress = `10.9.${n >> 8}.${n & 255}`;
        const big = await t.app.inject({
          method: 'POST',
          url: def.path,
          payload: over,
          headers,
          remoteAddress,
        });
        expect(big.statusCode, `${def.path}: ${big.body}`).toBe(413);
        expect(ErrorEnvelope.parse(big.json())).toEqual({
          success: false,
          code: 'PAYLOAD_TOO_LARGE',
          error: 'Richiesta troppo grande',
        });
        // Just under the limit the body is read and judged on its content: never 413, never 5xx.
        const small = await t.app.inject({
          method: 'POST',
          url: def.path,
          payload: under,
          headers,
          remoteAddress,
        });
        expect(small.statusCode, `${def.path}: ${small.body}`).not.toBe(413);
        expect(small.statusCode, `${def.path}: ${small.body}`).toBeLessThan(500);
      }
    }
    expect(await rowCounts(t.app)).toEqual(before);
  }, 60_000);

  it('stops a chunked upload without a length at the limit', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/user/login',
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', reject);
      req.write('{"email":"');
      const chunk = 'a'.repeat(64 * 1024);
      for (let i = 0; i < 8; i++) req.write(chunk);
      req.end('"}');
    });
    expect(status).toBe(413);
  });
});
