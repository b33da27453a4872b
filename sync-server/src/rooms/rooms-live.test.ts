import { calls } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  connectLive,
  type Device,
  device,
  type LiveClient,
  listen,
  settle,
} from '../../test-support/kits/rooms.ts';
import {
  createGuest,
  createOwner,
  createTestApp,
  type Owner,
  type TestApp,
} from '../../test-support/test-app.ts';

/**
 * Live events of the room screen on real sockets: another tablet of the venue hears each change
 * with its version, the sending tablet does not, another venue hears nothing, and the order
 * toggle also reaches the venue's customers.
 */
let app: TestApp;
let owner: Owner;
let tablet: Device;
let sender: LiveClient;
let other: LiveClient;
let stranger: LiveClient;
let roomId: string;
let tableId: string;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  app = await createTestApp();
  const base = await listen(app);
  owner = await createOwner(app);
  const outsider = await createOwner(app);
  tablet = device(app, owner);
  roomId = (await tablet.send(calls.roomsAdd.path, { name: 'Sala' })).json().id;
  tableId = (await tablet.send(calls.tablesAdd.path, { roomId, x: 10, y: 70 })).json().id;
  sender = await connectLive(base, `ownerId=${owner.venueId}`, owner.cookie);
  other = await connectLive(base, `ownerId=${owner.venueId}`, owner.cookie);
  stranger = await connectLive(base, `ownerId=${outsider.venueId}`, outsider.cookie);
  sockets.push(sender.ws, other.ws, stranger.ws);
});
afterEach(async () => {
  for (const ws of sockets.splice(0)) if (ws.readyState === WebSocket.OPEN) ws.terminate();
  await app.close();
});

/** Nothing but what the other tablet already took reached the sender or the other venue. */
async function expectOnlyOtherHeard() {
  await settle();
  expect(sender.frames).toEqual([]);
  expect(stranger.frames).toEqual([]);
  expect(other.frames).toEqual([]);
}

describe('room screen live events', () => {
  it('updateRoom for room and table changes, to the other tablet only, with the version', async () => {
    const steps: Array<[string, Record<string, unknown>, (id?: string) => Record<string, unknown>]> = [
      [calls.roomsAdd.path, { name: 'Dehors' }, (id) => ({ roomId: id })],
      [calls.roomsEdit.path, { id: roomId, name: 'Sala 1' }, () => ({ roomId })],
      [calls.tablesAdd.path, { roomId, x: 20, y: 20 }, () => ({ roomId })],
      [calls.tablesSetCoords.path, { tableId, x: 300, y: 300 }, () => ({ roomId })],
      [calls.tablesDelete.path, { id: tableId }, () => ({ roomId })],
    ];
    for (const [path, body, expected] of steps) {
      const res = await tablet.send(path, body, sender.socketId);
      expect(res.statusCode, res.body).toBe(200);
      const frame = await other.next('updateRoom');
      expect(frame, path).toEqual({
        event: 'updateRoom',
        data: expected(res.json().id),
        version: Number(res.headers['x-comanda-version']),
      });
      await expectOnlyOtherHeard();
    }
  });

  it('switchTableStatus {id, status}, the sender named by the body socketId', async () => {
    const res = await tablet.send(calls.tablesSetStatus.path, {
      id: tableId,
      status: true,
      socketId: sender.socketId,
    });
    expect(await other.next('switchTableStatus')).toEqual({
      event: 'switchTableStatus',
      data: { id: tableId, status: true },
      version: Number(res.headers['x-comanda-version']),
    });
    await expectOnlyOtherHeard();
  });

  it('a refused or replayed mutation publishes nothing', async () => {
    await tablet.send(calls.tablesSetStatus.path, { id: tableId, status: true }, sender.socketId);
    await other.next('switchTableStatus');
    const refused = await tablet.send(calls.tablesDelete.path, { id: tableId }, sender.socketId);
    expect(refused.statusCode).toBe(409);
    const notEmpty = await tablet.send(calls.roomsDelete.path, { id: roomId }, sender.socketId);
    expect(notEmpty.json().code).toBe('ROOM_NOT_EMPTY');
    const replay = await tablet.sendAs(2, calls.tablesAdd.path, { roomId, x: 1, y: 1 });
    expect(replay.headers['x-comanda-replayed']).toBe('1');
    await expectOnlyOtherHeard();
  });

  it('the order toggle reaches the other tablet and the venue’s customers', async () => {
    const guest = await createGuest(app);
    const customer = await connectLive(
      await listen(app),
      `ownerId=${owner.venueId}&tableId=${tableId}`,
      guest,
    );
    sockets.push(customer.ws);
    const off = await tablet.send(calls.ownerOrderToggle.path, undefined, sender.socketId);
    const version = Number(off.headers['x-comanda-version']);
    expect(await other.next('disableOrder')).toEqual({ event: 'disableOrder', data: {}, version });
    expect(await customer.next('disableOrder')).toEqual({ event: 'disableOrder', data: {}, version });
    await tablet.send(calls.ownerOrderToggle.path, undefined, sender.socketId);
    expect((await other.next('enableOrder')).data).toEqual({});
    expect((await customer.next('enableOrder')).data).toEqual({});
    await expectOnlyOtherHeard();
    expect(customer.frames).toEqual([]);
  });
});
