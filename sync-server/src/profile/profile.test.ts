import { calls, t } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  changeLog,
  connectLive,
  type Device,
  device,
  listen,
  settle,
} from '../../test-support/kits/rooms.ts';
import {
  createGuest,
  createOwner,
  createTestApp,
  type Owner,
  post,
  type TestApp,
} from '../../test-support/test-app.ts';

/**
 * The owner profile: only the fields sent change, every change is a 'business' change
 * row for the owner's tablets, customers' open pages hear `venueChanged` when what they see
 * changed, a closed venue refuses orders, and nothing an owner sends touches another venue.
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

const profile = async (who: Owner = owner) =>
  (await post(app.app, calls.ownerProfileGet.path, {}, who.cookie)).json().profile as Record<string, unknown>;

describe('owner profile', () => {
  it('answers the venue and changes only the fields sent, in a business change row', async () => {
    const before = await profile();
    expect(before).toMatchObject({ id: owner.venueId, name: 'Pizzeria da Mario', is_closed: 0 });
    const res = await tablet.send(calls.ownerProfileSet.path, {
      name: '  Trattoria Nuova ',
      costoConsegna: 300,
      openingTime: '18:30',
      closingTime: '01:30',
      ownerIp: '192.168.1.20:3001',
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json().profile;
    expect(after).toEqual({
      ...before,
      name: 'Trattoria Nuova',
      costoConsegna: 300,
      openingTime: '18:30',
      closingTime: '01:30',
      ownerIp: '192.168.1.20:3001',
    });
    expect(await profile()).toEqual(after);
    const last = (await changeLog(app, owner.venueId)).at(-1);
    expect(last).toMatchObject({ entity: 'business', entityId: owner.venueId, op: 'put', data: after });
  });

  it('closes the venue with a message: customers read it and their orders are refused', async () => {
    const res = await tablet.send(calls.ownerProfileSet.path, {
      is_closed: 1,
      messaggioChiusura: 'Chiusi per ferie fino a lunedì',
    });
    expect(res.statusCode, res.body).toBe(200);
    const guest = await createGuest(app);
    const status = await post(app.app, calls.userClosedStatusGet.path, { ownerId: owner.venueId }, guest);
    expect(status.json()).toMatchObject({
      is_closed: 1,
      messaggioChiusura: 'Chiusi per ferie fino a lunedì',
    });
    // Reopened, the message is gone with it when the owner clears it.
    await tablet.send(calls.ownerProfileSet.path, { is_closed: 0, messaggioChiusura: null });
    expect(await profile()).toMatchObject({ is_closed: 0, messaggioChiusura: null });
  });

  it('refuses bad values with the field and changes nothing', async () => {
    const before = await profile();
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ openingTime: '25:00' }, 'openingTime'],
      [{ closeConsegna: '7:5' }, 'closeConsegna'],
      [{ costoConsegna: -1 }, 'costoConsegna'],
      [{ costoConsegna: 2.5 }, 'costoConsegna'],
      [{ name: '   ' }, 'name'],
      [{ is_closed: 2 }, 'is_closed'],
      [{ ownerIp: 'http://x/y' }, 'ownerIp'],
      [{ messaggioChiusura: 'x'.repeat(501) }, 'messaggioChiusura'],
    ];
    for (const [body, path] of bad) {
      const res = await tablet.send(calls.ownerProfileSet.path, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().issues?.[0]?.path).toBe(path);
    }
    const empty = await tablet.send(calls.ownerProfileSet.path, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error).toBe(t.nothingToChange);
    expect(await profile()).toEqual(before);
  });

  it('closing past midnight is a valid opening (22:00-02:00)', async () => {
    const res = await tablet.send(calls.ownerProfileSet.path, {
      openConsegna: '22:00',
      closeConsegna: '02:00',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().profile).toMatchObject({ openConsegna: '22:00', closeConsegna: '02:00' });
  });

  it("is the owner's own venue only: customers are refused, another owner changes their own", async () => {
    const guest = await createGuest(app);
    expect((await post(app.app, calls.ownerProfileGet.path, {}, guest)).statusCode).toBe(403);
    const other = await createOwner(app);
    const before = await profile();
    const res = await device(app, other).send(calls.ownerProfileSet.path, { name: 'Altro locale' });
    expect(res.statusCode).toBe(200);
    expect(await profile()).toEqual(before);
    expect((await profile(other)).name).toBe('Altro locale');
  });

  it("tells the venue's customers when what they see changed, not for owner-only settings", async () => {
    const base = await listen(app);
    const roomId = (await tablet.send(calls.roomsAdd.path, { name: 'Sala' })).json().id;
    const tableId = (await tablet.send(calls.tablesAdd.path, { roomId, x: 10, y: 70 })).json().id;
    const guest = await createGuest(app);
    const customer = await connectLive(base, `ownerId=${owner.venueId}&tableId=${tableId}`, guest);
    sockets.push(customer.ws);
    await tablet.send(calls.ownerProfileSet.path, { costoConsegna: 400, ownerIp: null });
    await settle();
    expect(customer.frames.filter((f) => f.event === 'venueChanged')).toEqual([]);
    await tablet.send(calls.ownerProfileSet.path, { is_closed: 1 });
    expect((await customer.next('venueChanged')).data).toEqual({});
  });
});
