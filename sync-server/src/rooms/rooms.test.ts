import { randomUUID } from 'node:crypto';
import { calls, entitySchemas, SYNC_HEADERS, syncCalls, t } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLog, type Device, device, venueRows, venueVersion } from '../../test-support/kits/rooms.ts';
import { createOwner, createTestApp, type Owner, post, type TestApp } from '../../test-support/test-app.ts';

let app: TestApp;
let owner: Owner;
let tablet: Device;

beforeEach(async () => {
  app = await createTestApp();
  owner = await createOwner(app);
  tablet = device(app, owner);
});
afterEach(async () => {
  await app.close();
});

async function addRoom(name: string, id?: string): Promise<string> {
  const res = await tablet.send(calls.roomsAdd.path, { name, ...(id ? { id } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

async function roomsList() {
  const res = await post(app.app, calls.roomsGet.path, undefined, owner.cookie);
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** Sends a refused mutation and checks that the venue's rows, log and version did not move. */
async function expectRefused(path: string, body: unknown, status: number, code: string, error?: string) {
  const before = {
    rows: await venueRows(app, owner.venueId),
    log: await changeLog(app, owner.venueId),
  };
  const res = await tablet.send(path, body);
  expect(res.statusCode, `${path} ${JSON.stringify(body)}: ${res.body}`).toBe(status);
  expect(res.json()).toMatchObject({ success: false, code, ...(error ? { error } : {}) });
  expect(res.headers[SYNC_HEADERS.version]).toBeUndefined();
  expect(await venueRows(app, owner.venueId)).toEqual(before.rows);
  expect(await changeLog(app, owner.venueId)).toEqual(before.log);
  return res;
}

describe('rooms', () => {
  it('lists no rooms, then each added room as {id, name, position} in the order added', async () => {
    expect(await roomsList()).toEqual({ success: true, roomsList: [] });
    const a = await addRoom('Sala interna');
    const b = await addRoom('  Dehors  ');
    expect(await roomsList()).toEqual({
      success: true,
      roomsList: [
        { id: a, name: 'Sala interna', position: 0 },
        { id: b, name: 'Dehors', position: 1 },
      ],
    });
  });

  it('keeps a client-generated UUID; refuses a non-UUID id and a taken one', async () => {
    const id = randomUUID();
    expect(await addRoom('Sala', id)).toBe(id);
    await expectRefused(calls.roomsAdd.path, { id, name: 'Altra' }, 409, 'CONFLICT', t.idTaken);
    await expectRefused(calls.roomsAdd.path, { id: 'not-a-uuid', name: 'Altra' }, 400, 'VALIDATION');
    const generated = await addRoom('Terrazza');
    expect(generated).not.toBe(id);
    expect(generated.length).toBeGreaterThanOrEqual(16);
  });

  it('refuses invalid names on add and rename with INVALID_NAME and the spec text', async () => {
    const room = await addRoom('Sala');
    for (const name of ['', ' ', '   \t\n ', 'x'.repeat(100), ` ${'x'.repeat(100)} `, 'x'.repeat(5000)]) {
      await expectRefused(calls.roomsAdd.path, { name }, 400, 'INVALID_NAME', 'Nome vuoto o troppo lungo');
      await expectRefused(
        calls.roomsEdit.path,
        { id: room, name },
        400,
        'INVALID_NAME',
        'Nome vuoto o troppo lungo',
      );
    }
    for (const body of [{}, { name: 12 }, { name: null }, { name: ['Sala'] }, { name: { $ne: '' } }]) {
      await expectRefused(calls.roomsAdd.path, body, 400, 'VALIDATION');
      await expectRefused(calls.roomsEdit.path, { id: room, ...body }, 400, 'VALIDATION');
    }
    await expectRefused(calls.roomsEdit.path, { name: 'Sala' }, 400, 'VALIDATION');
    await expectRefused(calls.roomsEdit.path, { id: 7, name: 'Sala' }, 400, 'VALIDATION');
    await expectRefused(
      calls.roomsAdd.path,
      { name: 'Sala', extra: { deep: true }, id: 5 },
      400,
      'VALIDATION',
    );
  });

  it('accepts 99 characters (after trimming) on add and rename', async () => {
    const name99 = 'x'.repeat(99);
    const id = await addRoom(name99);
    const padded = await addRoom(`  ${'y'.repeat(99)}  `);
    expect((await roomsList()).roomsList).toEqual([
      { id, name: name99, position: 0 },
      { id: padded, name: 'y'.repeat(99), position: 1 },
    ]);
    const res = await tablet.send(calls.roomsEdit.path, { id, name: `${'z'.repeat(99)} ` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await roomsList()).roomsList[0]).toEqual({ id, name: 'z'.repeat(99), position: 0 });
  });

  it('renames; an unknown room is 404 on edit, delete and tables/get', async () => {
    const id = await addRoom('Sala');
    expect((await tablet.send(calls.roomsEdit.path, { id, name: 'Sala grande' })).json()).toEqual({
      success: true,
    });
    expect((await roomsList()).roomsList).toEqual([{ id, name: 'Sala grande', position: 0 }]);
    await expectRefused(calls.roomsEdit.path, { id: 'nope', name: 'X' }, 404, 'NOT_FOUND', t.roomNotFound);
    await expectRefused(calls.roomsDelete.path, { id: 'nope' }, 404, 'NOT_FOUND', t.roomNotFound);
    const tables = await post(app.app, calls.roomTablesGet.path, { id: 'nope' }, owner.cookie);
    expect(tables.statusCode).toBe(404);
    expect(tables.json()).toMatchObject({ code: 'NOT_FOUND', error: t.roomNotFound });
  });

  it('refuses to delete a room holding tables (ROOM_NOT_EMPTY), deletes it once empty', async () => {
    const id = await addRoom('Sala');
    const table = await tablet.send(calls.tablesAdd.path, { roomId: id, x: 10, y: 70 });
    await expectRefused(
      calls.roomsDelete.path,
      { id },
      409,
      'ROOM_NOT_EMPTY',
      'Impossibile eliminare una sala contenente tavoli',
    );
    await tablet.send(calls.tablesDelete.path, { id: table.json().id });
    const res = await tablet.send(calls.roomsDelete.path, { id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true });
    expect((await roomsList()).roomsList).toEqual([]);
    await expectRefused(calls.roomsDelete.path, { id }, 404, 'NOT_FOUND');
  });

  it('lists a room’s tables only, with hasOrders', async () => {
    const a = await addRoom('A');
    const b = await addRoom('B');
    const t1 = (await tablet.send(calls.tablesAdd.path, { roomId: a, x: 100, y: 200 })).json();
    await tablet.send(calls.tablesAdd.path, { roomId: b, x: 10, y: 70 });
    await tablet.send(calls.tablesSetStatus.path, { id: t1.id, status: true });
    const res = await post(app.app, calls.roomTablesGet.path, { id: a, socketId: 'abc' }, owner.cookie);
    expect(res.json()).toEqual({
      success: true,
      tablesList: [
        {
          id: t1.id,
          businessId: owner.venueId,
          roomId: a,
          number: 1,
          x: 100,
          y: 200,
          status: true,
          called: false,
          hasOrders: true,
        },
      ],
    });
  });

  it('writes one change-log version per mutation with the room wire shape', async () => {
    const v0 = await venueVersion(app, owner.venueId);
    const add = await tablet.send(calls.roomsAdd.path, { name: ' Sala ' });
    const id = add.json().id as string;
    expect(Number(add.headers[SYNC_HEADERS.version])).toBe(v0 + 1);
    const edit = await tablet.send(calls.roomsEdit.path, { id, name: 'Sala 2' });
    expect(Number(edit.headers[SYNC_HEADERS.version])).toBe(v0 + 2);
    const del = await tablet.send(calls.roomsDelete.path, { id });
    expect(Number(del.headers[SYNC_HEADERS.version])).toBe(v0 + 3);
    const log = (await changeLog(app, owner.venueId)).filter((c) => c.version > v0);
    expect(log).toEqual([
      { version: v0 + 1, entity: 'room', entityId: id, op: 'put', data: { id, name: 'Sala', position: 0 } },
      { version: v0 + 2, entity: 'room', entityId: id, op: 'put', data: { id, name: 'Sala 2', position: 0 } },
      { version: v0 + 3, entity: 'room', entityId: id, op: 'delete', data: null },
    ]);
    for (const c of log.filter((x) => x.op === 'put'))
      expect(entitySchemas.room.parse(c.data)).toEqual(c.data);
    // And the same through the catch-up call the PWA uses.
    const changes = await app.app.inject({
      method: 'GET',
      url: `${syncCalls.changes.path}?since=${v0}`,
      headers: { cookie: owner.cookie },
    });
    expect(changes.json()).toMatchObject({ reset: false, version: v0 + 3, hasMore: false });
    expect(changes.json().changes.map((c: { op: string }) => c.op)).toEqual(['put', 'put', 'delete']);
    expect(await venueVersion(app, owner.venueId)).toBe(v0 + 3);
  });

  it('snapshots rooms and tables with their wire shapes', async () => {
    const room = await addRoom('Sala');
    const table = (await tablet.send(calls.tablesAdd.path, { roomId: room, x: 30, y: 40 })).json();
    const res = await app.app.inject({
      method: 'GET',
      url: syncCalls.snapshot.path,
      headers: { cookie: owner.cookie },
    });
    const body = res.json();
    expect(body.version).toBe(await venueVersion(app, owner.venueId));
    const rows = body.rows.filter((r: { entity: string }) => r.entity === 'room' || r.entity === 'table');
    expect(rows).toEqual([
      { entity: 'room', entityId: room, data: { id: room, name: 'Sala', position: 0 } },
      {
        entity: 'table',
        entityId: table.id,
        data: {
          id: table.id,
          businessId: owner.venueId,
          roomId: room,
          number: 1,
          x: 30,
          y: 40,
          status: false,
          called: false,
        },
      },
    ]);
  });
});
