import { randomUUID } from 'node:crypto';
import { calls, entitySchemas, NEW_TABLE_POSITION, SYNC_HEADERS, t } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLog, type Device, device, venueRows, venueVersion } from '../../test-support/kits/rooms.ts';
import { createOwner, createTestApp, type Owner, post, type TestApp } from '../../test-support/test-app.ts';

let app: TestApp;
let owner: Owner;
let tablet: Device;
let roomId: string;

beforeEach(async () => {
  app = await createTestApp();
  owner = await createOwner(app);
  tablet = device(app, owner);
  roomId = (await tablet.send(calls.roomsAdd.path, { name: 'Sala' })).json().id;
});
afterEach(async () => {
  await app.close();
});

async function addTable(body: Record<string, unknown> = {}) {
  const res = await tablet.send(calls.tablesAdd.path, { roomId, x: 10, y: 70, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { success: true; id: string; businessId: string; number: number };
}

async function tableRow(id: string) {
  return (await venueRows(app, owner.venueId)).tables.find((r) => r.id === id);
}

async function expectRefused(path: string, body: unknown, status: number, code: string, error?: string) {
  const before = {
    rows: await venueRows(app, owner.venueId),
    log: await changeLog(app, owner.venueId),
  };
  const res = await tablet.send(path, body);
  expect(res.statusCode, `${path} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
  expect(res.json()).toMatchObject({ success: false, code, ...(error ? { error } : {}) });
  expect(await venueRows(app, owner.venueId)).toEqual(before.rows);
  expect(await changeLog(app, owner.venueId)).toEqual(before.log);
}

describe('tables', () => {
  it('adds a table: answers id, businessId and the next free number', async () => {
    const one = await addTable();
    expect(one).toEqual({ success: true, id: one.id, businessId: owner.venueId, number: 1 });
    const two = await addTable();
    const three = await addTable();
    expect([two.number, three.number]).toEqual([2, 3]);
    await tablet.send(calls.tablesDelete.path, { id: two.id });
    expect((await addTable()).number).toBe(2);
    expect((await addTable()).number).toBe(4);
    expect(await tableRow(one.id)).toMatchObject({ roomId, x: 10, y: 70, status: false, number: 1 });
  });

  it('keeps a client-generated UUID; refuses a taken one and an unknown room', async () => {
    const id = randomUUID();
    expect((await addTable({ id })).id).toBe(id);
    await expectRefused(calls.tablesAdd.path, { id, roomId, x: 1, y: 1 }, 409, 'CONFLICT', t.idTaken);
    await expectRefused(calls.tablesAdd.path, { id: 'abc', roomId, x: 1, y: 1 }, 400, 'VALIDATION');
    await expectRefused(
      calls.tablesAdd.path,
      { roomId: 'nope', x: 1, y: 1 },
      404,
      'NOT_FOUND',
      t.roomNotFound,
    );
  });

  it('validates and clamps coordinates to the canvas (0..1950, whole units)', async () => {
    const cases: Array<[number, number]> = [
      [0, 0],
      [12.4, 12],
      [12.6, 13],
      [1950, 1950],
      [1950.4, 1950],
      [1999, 1950],
      [2000, 1950],
    ];
    for (const [sent, stored] of cases) {
      const added = await addTable({ x: sent, y: sent });
      expect(await tableRow(added.id), `add ${sent}`).toMatchObject({ x: stored, y: stored });
      const moved = await tablet.send(calls.tablesSetCoords.path, { tableId: added.id, x: sent, y: 5 });
      expect(moved.json()).toEqual({ success: true });
      expect(await tableRow(added.id), `move ${sent}`).toMatchObject({ x: stored, y: 5 });
    }
    const table = await addTable();
    for (const bad of [-1, -0.5, 2000.5, 1e9, -1e9, '10', null, true, [1], { x: 1 }]) {
      await expectRefused(calls.tablesAdd.path, { roomId, x: bad, y: 70 }, 400, 'VALIDATION');
      await expectRefused(calls.tablesAdd.path, { roomId, x: 10, y: bad }, 400, 'VALIDATION');
      await expectRefused(calls.tablesSetCoords.path, { tableId: table.id, x: bad, y: 1 }, 400, 'VALIDATION');
      await expectRefused(calls.tablesSetCoords.path, { tableId: table.id, x: 1, y: bad }, 400, 'VALIDATION');
    }
  });

  it('missing fields: roomId is required; absent coordinates follow the schema (default x 10, y 70)', async () => {
    await expectRefused(calls.tablesAdd.path, { x: 1, y: 1 }, 400, 'VALIDATION');
    await expectRefused(calls.tablesAdd.path, {}, 400, 'VALIDATION');
    await expectRefused(calls.tablesAdd.path, undefined, 400, 'VALIDATION');
    // The shared schema decides whether x/y may be omitted; when it allows it, the spec's
    // default position applies.
    const body = { roomId };
    if (calls.tablesAdd.body.safeParse(body).success) {
      const res = await tablet.send(calls.tablesAdd.path, body);
      expect(await tableRow(res.json().id)).toMatchObject(NEW_TABLE_POSITION);
    } else {
      await expectRefused(calls.tablesAdd.path, body, 400, 'VALIDATION');
    }
  });

  it('setCoords takes tableId or id (tableId wins) and needs one of them', async () => {
    const a = await addTable();
    const b = await addTable();
    expect((await tablet.send(calls.tablesSetCoords.path, { id: a.id, x: 300, y: 400 })).statusCode).toBe(
      200,
    );
    expect(await tableRow(a.id)).toMatchObject({ x: 300, y: 400 });
    await tablet.send(calls.tablesSetCoords.path, { tableId: b.id, id: a.id, x: 5, y: 6 });
    expect(await tableRow(b.id)).toMatchObject({ x: 5, y: 6 });
    expect(await tableRow(a.id)).toMatchObject({ x: 300, y: 400 });
    await tablet.send(calls.tablesSetCoords.path, {
      tableId: a.id,
      x: 7,
      y: 8,
      businessId: owner.venueId,
    });
    expect(await tableRow(a.id)).toMatchObject({ x: 7, y: 8 });
    await expectRefused(calls.tablesSetCoords.path, { x: 1, y: 1 }, 400, 'VALIDATION');
    await expectRefused(calls.tablesSetCoords.path, { tableId: 'nope', x: 1, y: 1 }, 404, 'NOT_FOUND');
    await expectRefused(calls.tablesSetCoords.path, { tableId: 5, x: 1, y: 1 }, 400, 'VALIDATION');
  });

  it('setStatus takes a boolean only', async () => {
    const a = await addTable();
    const on = await tablet.send(calls.tablesSetStatus.path, { id: a.id, status: true, socketId: 's' });
    expect(on.json()).toEqual({ success: true });
    expect((await tableRow(a.id))?.status).toBe(true);
    await tablet.send(calls.tablesSetStatus.path, { id: a.id, status: false });
    expect((await tableRow(a.id))?.status).toBe(false);
    for (const status of [1, 0, 'true', null, undefined]) {
      await expectRefused(calls.tablesSetStatus.path, { id: a.id, status }, 400, 'VALIDATION');
    }
    await expectRefused(calls.tablesSetStatus.path, { status: true }, 400, 'VALIDATION');
    await expectRefused(calls.tablesSetStatus.path, { id: 'nope', status: true }, 404, 'NOT_FOUND');
  });

  it('refuses to delete a table with orders (status set), deletes it otherwise', async () => {
    const a = await addTable();
    await tablet.send(calls.tablesSetStatus.path, { id: a.id, status: true });
    await expectRefused(calls.tablesDelete.path, { id: a.id }, 409, 'CONFLICT', t.tableHasOrders);
    await tablet.send(calls.tablesSetStatus.path, { id: a.id, status: false });
    const del = await tablet.send(calls.tablesDelete.path, { id: a.id, businessId: owner.venueId });
    expect(del.json()).toEqual({ success: true });
    expect(await tableRow(a.id)).toBeUndefined();
    await expectRefused(calls.tablesDelete.path, { id: a.id }, 404, 'NOT_FOUND', t.tableNotFound);
    await expectRefused(calls.tablesDelete.path, {}, 400, 'VALIDATION');
    await expectRefused(calls.tablesDelete.path, { id: 3 }, 400, 'VALIDATION');
  });

  it('the same (client id, mutation id) twice creates one table and answers the same', async () => {
    const body = { roomId, x: 50, y: 60 };
    const first = await tablet.sendAs(2, calls.tablesAdd.path, body);
    expect(first.statusCode).toBe(200);
    expect(first.headers[SYNC_HEADERS.replayed]).toBeUndefined();
    const before = {
      rows: await venueRows(app, owner.venueId),
      log: await changeLog(app, owner.venueId),
    };
    const again = await tablet.sendAs(2, calls.tablesAdd.path, body);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers[SYNC_HEADERS.replayed]).toBe('1');
    expect(again.headers[SYNC_HEADERS.version]).toBe(first.headers[SYNC_HEADERS.version]);
    expect(await venueRows(app, owner.venueId)).toEqual(before.rows);
    expect(await changeLog(app, owner.venueId)).toEqual(before.log);
    expect(before.rows.tables).toHaveLength(1);
    // A different body under the same id is still the stored answer: the id names the mutation.
    const other = await tablet.sendAs(2, calls.tablesAdd.path, { roomId, x: 1, y: 1 });
    expect(other.json()).toEqual(first.json());
    expect((await venueRows(app, owner.venueId)).tables).toHaveLength(1);
  });

  it('writes a table change per mutation with the table wire shape and one version each', async () => {
    const v0 = await venueVersion(app, owner.venueId);
    const a = await addTable({ x: 20, y: 30 });
    await tablet.send(calls.tablesSetCoords.path, { tableId: a.id, x: 40, y: 50 });
    await tablet.send(calls.tablesSetStatus.path, { id: a.id, status: true });
    await tablet.send(calls.tablesSetStatus.path, { id: a.id, status: false });
    const del = await tablet.send(calls.tablesDelete.path, { id: a.id });
    expect(Number(del.headers[SYNC_HEADERS.version])).toBe(v0 + 5);
    const wire = { id: a.id, businessId: owner.venueId, roomId, number: 1, called: false };
    const log = (await changeLog(app, owner.venueId)).filter((c) => c.version > v0);
    expect(log).toEqual([
      {
        version: v0 + 1,
        entity: 'table',
        entityId: a.id,
        op: 'put',
        data: { ...wire, x: 20, y: 30, status: false },
      },
      {
        version: v0 + 2,
        entity: 'table',
        entityId: a.id,
        op: 'put',
        data: { ...wire, x: 40, y: 50, status: false },
      },
      {
        version: v0 + 3,
        entity: 'table',
        entityId: a.id,
        op: 'put',
        data: { ...wire, x: 40, y: 50, status: true },
      },
      {
        version: v0 + 4,
        entity: 'table',
        entityId: a.id,
        op: 'put',
        data: { ...wire, x: 40, y: 50, status: false },
      },
      { version: v0 + 5, entity: 'table', entityId: a.id, op: 'delete', data: null },
    ]);
    for (const c of log.filter((x) => x.op === 'put'))
      expect(entitySchemas.table.parse(c.data)).toEqual(c.data);
  });
});

describe('order flag and owner version', () => {
  it('reads and toggles orderEnabled, logging the business row', async () => {
    const get = () => post(app.app, calls.ownerOrderEnabledGet.path, undefined, owner.cookie);
    expect((await get()).json()).toEqual({ success: true, orderEnabled: 1 });
    const v0 = await venueVersion(app, owner.venueId);
    const off = await tablet.send(calls.ownerOrderToggle.path);
    expect(off.json()).toEqual({ success: true, orderEnabled: 0 });
    expect((await get()).json()).toEqual({ success: true, orderEnabled: 0 });
    const on = await tablet.send(calls.ownerOrderToggle.path, {});
    expect(on.json()).toEqual({ success: true, orderEnabled: 1 });
    const log = (await changeLog(app, owner.venueId)).filter((c) => c.version > v0);
    expect(log.map((c) => [c.version, c.entity, c.entityId, c.op])).toEqual([
      [v0 + 1, 'business', owner.venueId, 'put'],
      [v0 + 2, 'business', owner.venueId, 'put'],
    ]);
    expect(entitySchemas.business.parse(log[0]?.data)).toMatchObject({
      id: owner.venueId,
      orderEnabled: 0,
    });
    expect(log[1]?.data).toMatchObject({ orderEnabled: 1 });
    await expectRefused(calls.ownerOrderToggle.path, { orderEnabled: 1 }, 400, 'VALIDATION');
  });

  it('answers the owner’s version only, to any signed-in session', async () => {
    const ask = (ownerId: unknown, cookie?: string) =>
      post(app.app, calls.userDataUserGet.path, { ownerId }, cookie);
    expect((await ask(owner.venueId, owner.cookie)).json()).toEqual({ success: true, version: 1 });
    app.app.store.sqlite.prepare('UPDATE users SET version = 3 WHERE id = ?').run(owner.userId);
    const guest = await post(app.app, '/api/user/login', { isAnonymus: true });
    const guestCookie = `comanda_sid=${guest.cookies.find((c) => c.name === 'comanda_sid')?.value}`;
    expect((await ask(owner.venueId, guestCookie)).json()).toEqual({ success: true, version: 3 });
    expect((await ask('nope', guestCookie)).json()).toMatchObject({ code: 'business_id_error' });
    expect((await ask(5, guestCookie)).statusCode).toBe(400);
    expect((await ask(owner.venueId)).statusCode).toBe(401);
  });
});
