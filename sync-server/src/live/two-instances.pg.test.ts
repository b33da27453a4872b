import type { AddressInfo } from 'node:net';
import { calls, syncCalls } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cartLine, orderBody, setupVenue, type Venue } from '../../test-support/kits/ordering.ts';
import { connectLive, type LiveClient, listen } from '../../test-support/kits/rooms.ts';
import { post } from '../../test-support/test-app.ts';
import { buildApp } from '../app.ts';

/*
 * Two server instances on one PostgreSQL database (DESIGN.md "Hosted"), as a proxy spreads a
 * venue's tablets and phones over them: what one instance writes reaches the sockets of the
 * other through the live bus, and the other instance's catch-up reads it.
 */

let v: Venue;
let second: FastifyInstance;
const sockets: LiveClient[] = [];

beforeEach(async () => {
  v = await setupVenue();
  // The second instance: the same configuration (database, session secret), its own process
  // state (hub, bus, quotas) as another machine's would be.
  second = await buildApp(v.app.config);
  await second.ready();
});

afterEach(async () => {
  for (const s of sockets.splice(0)) s.ws.terminate();
  await second.close();
  await v.app.close();
});

async function changesSince(
  app: FastifyInstance,
  since: number,
): Promise<{ version: number; changes: Array<{ entity: string }> }> {
  const res = await app.inject({
    method: 'GET',
    url: `${syncCalls.changes.path}?since=${since}`,
    headers: { cookie: v.owner.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

async function baseOf(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('two instances on one PostgreSQL database', () => {
  it("an owner connected to one sees a customer's order placed through the other, with its version", async () => {
    const owner = await connectLive(await baseOf(second), `ownerId=${v.owner.venueId}`, v.owner.cookie);
    sockets.push(owner);
    const since = (await changesSince(second, 0)).version;

    const sent = await post(
      v.app.app,
      calls.userOrder.path,
      orderBody(v, [cartLine(v.menu.birra, 2)]),
      v.guest,
    );
    expect(sent.statusCode, sent.body).toBe(200);

    const event = await owner.next('order');
    expect(event.version).toBeGreaterThan(since);
    expect(JSON.stringify(event.data)).toContain(v.tableId);

    // Catch-up through the other instance: the change the event announced is there.
    const changes = await changesSince(second, since);
    expect(changes.version).toBe(event.version);
    expect(changes.changes.some((c) => c.entity === 'order')).toBe(true);
  });

  it('one login limit across both: failures spread over the two are counted once', async () => {
    // Password spraying from one address (spec 7, DESIGN "Abuse"): 20 failures a quarter of an
    // hour, whichever instance each reaches; with a count per instance it would be 40.
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) {
      const app = i % 2 === 0 ? v.app.app : second;
      const res = await app.inject({
        method: 'POST',
        url: '/api/owner/login',
        payload: { email: `persona${i}@example.it`, password: 'sbagliata-123' },
        remoteAddress: '10.0.0.66',
      });
      codes.push(res.statusCode);
    }
    expect(codes.indexOf(429)).toBeGreaterThan(0);
    expect(codes.indexOf(429)).toBeLessThanOrEqual(20);
    expect(codes.slice(codes.indexOf(429)).every((code) => code === 429)).toBe(true);
  });

  it("a route's own limit counts across both too: five restore requests a quarter of an hour", async () => {
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await (i % 2 === 0 ? v.app.app : second).inject({
        method: 'POST',
        url: calls.userRestoreRequest.path,
        payload: { mail: `qualcuno${i}@example.it` },
        remoteAddress: '10.0.0.77',
      });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429, 429, 429]);
  });

  it('a session made on one instance is honoured by the other (one secret, one table)', async () => {
    const first = await listen(v.app);
    expect(first).toMatch(/^ws:/);
    const answer = await post(second, calls.ownerAuthenticate.path, undefined, v.owner.cookie);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ success: true });
  });
});
