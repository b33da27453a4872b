import { calls } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { changeLog, connectLive, type Device, device, listen } from '../../test-support/kits/rooms.ts';
import {
  createGuest,
  createOwner,
  createTestApp,
  type Owner,
  post,
  type TestApp,
} from '../../test-support/test-app.ts';

/**
 * The owner's version (spec 3 "User", 2.4, 6: it decides the room screen's extra panels), set
 * from Profilo through the outbox: the venue's 'business' row carries it to every tablet, the
 * customer's read answers it, a bad value changes nothing, and nobody sets another venue's.
 */
let app: TestApp;
let owner: Owner;
let tablet: Device;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  app = await createTestApp();
  owner = await createOwner(app);
  tablet = device(app, owner);
});
afterEach(async () => {
  for (const ws of sockets.splice(0)) if (ws.readyState === WebSocket.OPEN) ws.terminate();
  await app.close();
});

const versionRead = async (ownerId: string) => {
  const guest = await createGuest(app);
  return (await post(app.app, calls.userDataUserGet.path, { ownerId }, guest)).json().version as number;
};
const profile = async (who: Owner = owner) =>
  (await post(app.app, calls.ownerProfileGet.path, {}, who.cookie)).json().profile as Record<string, unknown>;

describe('owner version', () => {
  it('is set through a mutation, carried by the business row and read by customers', async () => {
    expect(await profile()).toMatchObject({ userVersion: 1 });
    const res = await tablet.send(calls.ownerVersionSet.path, { version: 3 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ success: true, version: 3 });
    expect(await versionRead(owner.venueId)).toBe(3);
    expect(await profile()).toMatchObject({ userVersion: 3 });
    const last = (await changeLog(app, owner.venueId)).at(-1);
    expect(last).toMatchObject({
      entity: 'business',
      entityId: owner.venueId,
      op: 'put',
      data: { userVersion: 3 },
    });
    // Every other change of the venue row keeps it.
    await tablet.send(calls.ownerProfileSet.path, { name: 'Osteria' });
    expect((await changeLog(app, owner.venueId)).at(-1)?.data).toMatchObject({
      name: 'Osteria',
      userVersion: 3,
    });
  });

  it('tells the owners’ tablets with a versioned frame, and a same-value set changes nothing', async () => {
    const base = await listen(app);
    const other = await connectLive(base, `ownerId=${owner.venueId}`, owner.cookie);
    sockets.push(other.ws);
    await tablet.send(calls.ownerVersionSet.path, { version: 2 });
    const frame = await other.next('venueChanged');
    expect(frame.version).toBeGreaterThan(0);
    const rows = (await changeLog(app, owner.venueId)).length;
    const again = await tablet.send(calls.ownerVersionSet.path, { version: 2 });
    expect(again.statusCode).toBe(200);
    expect(await changeLog(app, owner.venueId)).toHaveLength(rows);
  });

  it('refuses anything but 1, 2 or 3 and changes nothing', async () => {
    for (const body of [{ version: 4 }, { version: 0 }, { version: '2' }, {}, { version: 2, ownerId: 'x' }]) {
      const res = await tablet.send(calls.ownerVersionSet.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await versionRead(owner.venueId)).toBe(1);
  });

  it("is the owner's own account only: customers are refused, another owner sets their own", async () => {
    const guest = await createGuest(app);
    expect((await post(app.app, calls.ownerVersionSet.path, { version: 3 }, guest)).statusCode).toBe(403);
    const rival = await createOwner(app);
    expect((await device(app, rival).send(calls.ownerVersionSet.path, { version: 2 })).statusCode).toBe(200);
    expect(await versionRead(owner.venueId)).toBe(1);
    expect(await versionRead(rival.venueId)).toBe(2);
  });
});
