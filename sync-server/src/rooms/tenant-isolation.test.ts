import { type CallDef, calls, SYNC_HEADERS } from '@comanda/shared-schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeLog, type Device, device, venueRows } from '../../test-support/kits/rooms.ts';
import {
  createCustomer,
  createGuest,
  createOwner,
  createTestApp,
  type Owner,
  post,
  rowCounts,
  type TestApp,
} from '../../test-support/test-app.ts';

/**
 * Owner B holds owner A's ids (a leaked QR link, a guessed id): every route answers 403 or 404
 * and neither venue changes. Customers and guests reach none of the owner routes.
 */
let app: TestApp;
let a: Owner;
let b: Owner;
let tabletB: Device;
let roomA: string;
let tableA: string;
let roomB: string;
let tableB: string;

beforeAll(async () => {
  app = await createTestApp();
  a = await createOwner(app);
  b = await createOwner(app);
  const tabletA = device(app, a);
  tabletB = device(app, b);
  roomA = (await tabletA.send(calls.roomsAdd.path, { name: 'Sala A' })).json().id;
  tableA = (await tabletA.send(calls.tablesAdd.path, { roomId: roomA, x: 100, y: 100 })).json().id;
  roomB = (await tabletB.send(calls.roomsAdd.path, { name: 'Sala B' })).json().id;
  tableB = (await tabletB.send(calls.tablesAdd.path, { roomId: roomB, x: 5, y: 5 })).json().id;
});
afterAll(async () => {
  await app.close();
});

async function state() {
  return {
    a: await venueRows(app, a.venueId),
    b: await venueRows(app, b.venueId),
    logA: await changeLog(app, a.venueId),
    logB: await changeLog(app, b.venueId),
  };
}

/** Owner routes and a body each, naming owner A's room or table (or A as the venue). */
const crossVenue = (): Array<[CallDef, unknown, number]> => [
  [calls.roomsEdit, { id: roomA, name: 'Presa' }, 404],
  [calls.roomsDelete, { id: roomA }, 404],
  [calls.tablesAdd, { roomId: roomA, x: 1, y: 1 }, 404],
  [calls.tablesSetCoords, { tableId: tableA, x: 1, y: 1 }, 404],
  [calls.tablesSetCoords, { id: tableA, x: 1, y: 1 }, 404],
  [calls.tablesSetCoords, { tableId: tableA, x: 1, y: 1, businessId: a.venueId }, 403],
  [calls.tablesSetStatus, { id: tableA, status: true }, 404],
  [calls.tablesSetStatus, { id: tableA, status: true, businessId: a.venueId }, 403],
  [calls.tablesDelete, { id: tableA }, 404],
  [calls.tablesDelete, { id: tableA, businessId: a.venueId }, 403],
  // B's own table with A named as the venue: refused, B's table untouched.
  [calls.tablesSetCoords, { tableId: tableB, x: 1, y: 1, businessId: a.venueId }, 403],
  [calls.tablesSetStatus, { id: tableB, status: true, businessId: a.venueId }, 403],
  [calls.tablesDelete, { id: tableB, businessId: a.venueId }, 403],
  // A's ids offered as B's new client-generated ids are taken, not overwritten.
  [calls.roomsAdd, { id: roomA, name: 'Presa' }, 400],
];

describe('tenant isolation', () => {
  it('owner B cannot read or change owner A’s rooms and tables', async () => {
    const before = await state();
    for (const [def, body, status] of crossVenue()) {
      const res = await tabletB.send(def.path, body);
      const where = `${def.path} ${JSON.stringify(body)}: ${res.body}`;
      expect(res.statusCode, where).toBe(status);
      expect(res.json().code, where).toBe(
        status === 404 ? 'NOT_FOUND' : status === 403 ? 'FORBIDDEN' : 'VALIDATION',
      );
      expect(await state(), where).toEqual(before);
    }
    const tables = await post(app.app, calls.roomTablesGet.path, { id: roomA }, b.cookie);
    expect(tables.statusCode).toBe(404);
    const rooms = await post(app.app, calls.roomsGet.path, undefined, b.cookie);
    expect(rooms.json()).toEqual({ success: true, roomsList: [{ id: roomB, name: 'Sala B', position: 0 }] });
  });

  it('a UUID room id of A offered by B is refused as taken', async () => {
    const uuidRoom = (
      await device(app, a).send(calls.roomsAdd.path, { id: crypto.randomUUID(), name: 'U' })
    ).json().id as string;
    const before = await state();
    const res = await tabletB.send(calls.roomsAdd.path, { id: uuidRoom, name: 'Presa' });
    expect(res.statusCode).toBe(409);
    expect(await state()).toEqual(before);
  });

  it('B’s order toggle changes only B', async () => {
    const before = await state();
    const res = await tabletB.send(calls.ownerOrderToggle.path);
    expect(res.json()).toEqual({ success: true, orderEnabled: 0 });
    const after = await state();
    expect(after.a).toEqual(before.a);
    expect(after.logA).toEqual(before.logA);
    expect(after.b.venue?.orderEnabled).toBe(false);
    await tabletB.send(calls.ownerOrderToggle.path);
  });

  it('customers, guests and signed-out callers reach no owner route', async () => {
    const guest = await createGuest(app);
    const customer = await createCustomer(app, 'lia@example.it');
    const ownerRoutes: Array<[CallDef, unknown]> = [
      [calls.roomsGet, undefined],
      [calls.roomsAdd, { name: 'Sala' }],
      [calls.roomsEdit, { id: roomA, name: 'Sala' }],
      [calls.roomsDelete, { id: roomA }],
      [calls.roomTablesGet, { id: roomA }],
      [calls.tablesAdd, { roomId: roomA, x: 1, y: 1 }],
      [calls.tablesSetCoords, { tableId: tableA, x: 1, y: 1 }],
      [calls.tablesSetStatus, { id: tableA, status: true }],
      [calls.tablesDelete, { id: tableA }],
      [calls.ownerOrderEnabledGet, undefined],
      [calls.ownerOrderToggle, undefined],
    ];
    const before = await rowCounts(app.app);
    const rows = await state();
    let n = 0;
    for (const [def, body] of ownerRoutes) {
      for (const [who, cookie, status] of [
        ['guest', guest, 403],
        ['customer', customer, 403],
        ['signed out', undefined, 401],
      ] as const) {
        const headers = { [SYNC_HEADERS.clientId]: crypto.randomUUID(), [SYNC_HEADERS.mutationId]: '1' };
        for (const h of [{}, headers]) {
          const res = await post(app.app, def.path, body, cookie, h);
          expect(res.statusCode, `${who} ${def.path}: ${res.body}`).toBe(status);
          n++;
        }
      }
    }
    expect(n).toBe(ownerRoutes.length * 6);
    expect(await rowCounts(app.app)).toEqual(before);
    expect(await state()).toEqual(rows);
  });
});
