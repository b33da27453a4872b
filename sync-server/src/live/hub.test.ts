import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { AppError, defineCall, ok } from '@comanda/shared-schema';
import { afterEach, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { z } from 'zod';
import {
  createGuest,
  createOwner,
  createTestApp,
  type Owner,
  post,
  type TestApp,
} from '../../test-support/test-app.ts';
import { diningTables, rooms } from '../db/schema.ts';
import { randomId } from '../lib/ids.ts';
import { mutationRoute } from '../sync/mutation-route.ts';

const touch = defineCall({
  method: 'POST',
  path: '/api/test/touch',
  access: 'owner',
  mutation: true,
  body: z.object({ refuse: z.boolean().default(false), socketId: z.string().optional() }),
  response: ok({}),
});

let t: TestApp;
let base: string;
let owner: Owner;
let tableId: string;
const open: WebSocket[] = [];

afterEach(async () => {
  for (const ws of open) if (ws.readyState === WebSocket.OPEN) ws.terminate();
  open.length = 0;
  await t?.close();
});

async function setup(config: Parameters<typeof createTestApp>[0] = {}) {
  t = await createTestApp(config);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  owner = await createOwner(t);
  const roomId = randomId();
  tableId = randomId();
  const now = Date.now();
  await t.app.store.db
    .insert(rooms)
    .values({ id: roomId, venueId: owner.venueId, name: 'Sala', createdAt: now });
  await t.app.store.db
    .insert(diningTables)
    .values({ id: tableId, venueId: owner.venueId, roomId, number: 1, createdAt: now });
}

type Frame = { event: string; data: Record<string, unknown>; version?: number };

/** A connected client that records every frame it receives. */
async function connect(query: string, cookie?: string, options: WebSocket.ClientOptions = {}) {
  const ws = new WebSocket(`${base}/live?${query}`, { headers: cookie ? { cookie } : {}, ...options });
  open.push(ws);
  const frames: Frame[] = [];
  const waiters: Array<() => void> = [];
  ws.on('message', (raw) => {
    frames.push(JSON.parse(String(raw)) as Frame);
    for (const w of waiters.splice(0)) w();
  });
  await once(ws, 'open');
  const next = async (event: string): Promise<Frame> => {
    for (;;) {
      const found = frames.find((f) => f.event === event);
      if (found) {
        frames.splice(frames.indexOf(found), 1);
        return found;
      }
      await new Promise<void>((resolve) => waiters.push(resolve));
    }
  };
  const hello = await next('connect');
  return { ws, frames, next, socketId: String(hello.data.socketId) };
}

/** The HTTP status an upgrade was refused with. */
async function refused(query: string, headers: Record<string, string> = {}): Promise<number> {
  const ws = new WebSocket(`${base}/live?${query}`, { headers });
  ws.on('error', () => {});
  const [req, res] = (await once(ws, 'unexpected-response')) as [{ destroy(): void }, { statusCode: number }];
  req.destroy();
  return res.statusCode;
}

const settle = () => new Promise((r) => setTimeout(r, 50));

describe('live hub', () => {
  it('sends connect with a socket id to an owner of the venue', async () => {
    await setup();
    const a = await connect(`ownerId=${owner.venueId}`, owner.cookie);
    const b = await connect(`ownerId=${owner.venueId}`, owner.cookie);
    expect(a.socketId).toMatch(/^[\w-]{22}$/);
    expect(a.socketId).not.toBe(b.socketId);
    expect(t.app.hub.size).toBe(2);
  });

  it('checks access on the upgrade', async () => {
    await setup();
    const guest = await createGuest(t);
    const other = await createOwner(t);
    expect(await refused(`ownerId=${owner.venueId}`)).toBe(401);
    // Without a table, a non-owner session of a real venue is a venue-wide customer; no venue, 403.
    expect(await refused('ownerId=nope', { cookie: guest })).toBe(403);
    expect(await refused('ownerId=nope', { cookie: other.cookie })).toBe(403);
    expect(await refused(`ownerId=${owner.venueId}&tableId=nope`, { cookie: guest })).toBe(403);
    expect(await refused(`ownerId=${other.venueId}&tableId=${tableId}`, { cookie: guest })).toBe(403);
    expect(await refused('', { cookie: owner.cookie })).toBe(400);
    expect(
      await refused(`ownerId=${owner.venueId}`, { cookie: owner.cookie, origin: 'https://evil.example' }),
    ).toBe(403);
    const customer = await connect(`ownerId=${owner.venueId}&tableId=${tableId}`, guest);
    expect(customer.socketId).toBeTruthy();
    const plain = await t.app.inject({
      method: 'GET',
      url: `/live?ownerId=${owner.venueId}`,
      headers: { cookie: owner.cookie },
    });
    expect(plain.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('publishes to the venue with the version, excluding the sender', async () => {
    await setup();
    const a = await connect(`ownerId=${owner.venueId}`, owner.cookie);
    const b = await connect(`ownerId=${owner.venueId}`, owner.cookie);
    const other = await createOwner(t);
    const c = await connect(`ownerId=${other.venueId}`, other.cookie);
    t.app.hub.publish(
      owner.venueId,
      'switchTableStatus',
      { id: tableId, status: true },
      { exceptSocketId: a.socketId, version: 7 },
    );
    expect(await b.next('switchTableStatus')).toEqual({
      event: 'switchTableStatus',
      data: { id: tableId, status: true },
      version: 7,
    });
    await settle();
    expect(a.frames).toEqual([]);
    expect(c.frames).toEqual([]);
  });

  it('routes owner, customer and table audiences', async () => {
    await setup();
    const guest = await createGuest(t);
    const ownerWs = await connect(`ownerId=${owner.venueId}`, owner.cookie);
    const atTable = await connect(`ownerId=${owner.venueId}&tableId=${tableId}`, guest);
    const hub = t.app.hub;
    hub.publish(owner.venueId, 'updateRoom', {});
    hub.publish(owner.venueId, 'disableOrder', {}, { to: 'customers' });
    hub.publish(owner.venueId, 'enableChat', {}, { tableId });
    hub.publish(owner.venueId, 'enableOrder', {}, { to: 'all' });
    await ownerWs.next('enableOrder');
    await atTable.next('enableOrder');
    expect(ownerWs.frames.map((f) => f.event)).toEqual(['updateRoom']);
    expect(atTable.frames.map((f) => f.event)).toEqual(['disableOrder', 'enableChat']);
  });

  it("a customer without a table (or another venue's owner) hears only venue-wide events", async () => {
    await setup();
    const guest = await createGuest(t);
    const other = await createOwner(t);
    const ownerWs = await connect(`ownerId=${owner.venueId}`, owner.cookie);
    const onMenu = await connect(`ownerId=${owner.venueId}`, guest);
    const foreignOwner = await connect(`ownerId=${owner.venueId}`, other.cookie);
    const atTable = await connect(`ownerId=${owner.venueId}&tableId=${tableId}`, guest);
    const hub = t.app.hub;
    hub.publish(owner.venueId, 'updateRoom', {});
    hub.publish(owner.venueId, 'enableChat', {}, { tableId });
    hub.publish(owner.venueId, 'eraseOrder', { tableId }, { tableId });
    hub.publish(owner.venueId, 'disableOrder', {}, { to: 'customers' });
    hub.publish(owner.venueId, 'menuChanged', {}, { to: 'all' });
    for (const ws of [ownerWs, onMenu, foreignOwner, atTable]) await ws.next('menuChanged');
    expect(ownerWs.frames.map((f) => f.event)).toEqual(['updateRoom']);
    expect(onMenu.frames.map((f) => f.event)).toEqual(['disableOrder']);
    expect(foreignOwner.frames.map((f) => f.event)).toEqual(['disableOrder']);
    expect(atTable.frames.map((f) => f.event)).toEqual(['enableChat', 'eraseOrder', 'disableOrder']);
  });

  it('closes a socket that sends a malformed frame with 1008; the others live on', async () => {
    await setup();
    const bad = await connect(`ownerId=${owner.venueId}`, owner.cookie);
    const good = await connect(`ownerId=${owner.venueId}`, owner.cookie);
    const closed = once(bad.ws, 'close');
    bad.ws.send('{not json');
    const [code, reason] = (await closed) as [number, Buffer];
    expect(code).toBe(1008);
    expect(String(reason)).toBe('frame is not JSON');
    for (const frame of [
      '{"event":"nope","data":{}}',
      '{"data":{}}',
      '{"event":"sendMessage","data":{"text":""}}',
    ]) {
      const s = await connect(`ownerId=${owner.venueId}`, owner.cookie);
      const c = once(s.ws, 'close');
      s.ws.send(frame);
      expect(((await c) as [number])[0]).toBe(1008);
    }
    t.app.hub.publish(owner.venueId, 'updateRoom', {});
    expect((await good.next('updateRoom')).event).toBe('updateRoom');
    expect(good.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('refuses frames above the size limit', async () => {
    await setup();
    const s = await connect(`ownerId=${owner.venueId}`, owner.cookie);
    const c = once(s.ws, 'close');
    s.ws.send(JSON.stringify({ event: 'sendMessage', data: { text: 'x'.repeat(20_000) } }));
    expect(((await c) as [number])[0]).toBe(1009);
  });

  it('dispatches valid client events to the registered handler', async () => {
    // The hub's own test: the feature's handler of the event is replaced by a recording one.
    const seen: unknown[] = [];
    await setup({
      before: (app) =>
        app.hub.replaceClientEventHandlerForTest(
          'discardCalledTable',
          ({ socket, data }) => void seen.push({ role: socket.role, data }),
        ),
    });
    const s = await connect(`ownerId=${owner.venueId}`, owner.cookie);
    s.ws.send(JSON.stringify({ event: 'discardCalledTable', data: { tableId, ownerId: owner.venueId } }));
    await settle();
    expect(seen).toEqual([{ role: 'owner', data: { tableId, ownerId: owner.venueId } }]);
  });

  it('closes sockets that stop answering pings', async () => {
    await setup({ config: { livePingIntervalMs: 40 } });
    const alive = await connect(`ownerId=${owner.venueId}`, owner.cookie);
    const dead = await connect(`ownerId=${owner.venueId}`, owner.cookie, { autoPong: false });
    await once(dead.ws, 'close');
    expect(alive.ws.readyState).toBe(WebSocket.OPEN);
    await vi.waitFor(() => expect(t.app.hub.size).toBe(1));
  });

  it('closes sockets with 1001 when the server shuts down', async () => {
    await setup();
    const s = await connect(`ownerId=${owner.venueId}`, owner.cookie);
    const closed = once(s.ws, 'close');
    const closing = t.app.close();
    const [code] = (await closed) as [number];
    await closing;
    expect(code).toBe(1001);
  });

  it('a mutation publishes after commit with its version, not to its sender, nothing when refused', async () => {
    await setup({
      before: (app) =>
        mutationRoute(app, touch, ({ body, venueId, change, publish }) => {
          change('thing', venueId, 'put', {});
          publish('updateRoom', {});
          if (body.refuse) throw new AppError('CONFLICT', 'no');
          return { success: true };
        }),
    });
    const a = await connect(`ownerId=${owner.venueId}`, owner.cookie);
    const b = await connect(`ownerId=${owner.venueId}`, owner.cookie);
    await post(t.app, touch.path, {}, owner.cookie, { 'x-socket-id': a.socketId });
    expect(await b.next('updateRoom')).toEqual({ event: 'updateRoom', data: {}, version: 1 });
    await post(t.app, touch.path, { socketId: b.socketId }, owner.cookie);
    expect(await a.next('updateRoom')).toEqual({ event: 'updateRoom', data: {}, version: 2 });
    const refused = await post(t.app, touch.path, { refuse: true }, owner.cookie);
    expect(refused.statusCode).toBe(409);
    await settle();
    expect(a.frames).toEqual([]);
    expect(b.frames).toEqual([]);
  });
});
