import { calls, entitySchemas, PrintData, t } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Dash,
  dashboard,
  entry,
  expectRefused,
  order,
  seedDelivery,
  setupDashboard,
  version,
} from '../../test-support/kits/dashboard.ts';
import { cartLine } from '../../test-support/kits/ordering.ts';
import { changeLog } from '../../test-support/kits/rooms.ts';
import { post } from '../../test-support/test-app.ts';

let v: Dash;

beforeEach(async () => {
  v = await setupDashboard();
});
afterEach(async () => {
  await v.app.close();
});

const printer = (path: string, body: unknown, cookie = v.owner.cookie) => post(v.app.app, path, body, cookie);

describe('dashboard reads', () => {
  it('every open table order and accepted delivery with its lines; a pending delivery stays off', async () => {
    const accepted = await seedDelivery(v, {
      costoConsegna: 250,
      lines: [{ name: 'Diavola', price: 700, amount: 1 }],
    });
    await seedDelivery(v, { accettato: false, lines: [{ name: 'Marinara', price: 500, amount: 1 }] });
    const entries = await dashboard(v);
    expect(entries.map((e) => [e.tableId ?? null, e.deliveryId ?? null])).toEqual([
      [v.tableId, null],
      [null, accepted],
    ]);
    const [table, delivery] = entries;
    expect(table).toMatchObject({ id: v.orderId, number: 1, accettato: 1, status: 1, isCalled: false });
    expect(
      table?.reservations.map((l) => [l.name, l.status, l.printed, l.accettato, l.selected_option]),
    ).toEqual([
      ['Margherita', 'preparation', 0, 1, 'cucina'],
      ['Birra', 'preparation', 0, 1, 'bar'],
    ]);
    expect(delivery).toMatchObject({ tipo: 'Consegna', orario: '20:15', nome: 'Lucia', costoConsegna: 250 });
  });

  it("the kitchen filter keeps only that area's lines and the entries that have one", async () => {
    await order(v, [cartLine(v.menu.margherita, 1, { Formato: ['Normale'] })], v.otherTableId);
    const bar = await dashboard(v, 'bar');
    expect(bar.map((e) => e.tableId)).toEqual([v.tableId]);
    expect(bar[0]?.reservations.map((l) => l.name)).toEqual(['Birra']);
    expect((await dashboard(v, 'tutto')).length).toBe(2);
  });

  it('table/get: one entry by table or delivery id; none open or another venue’s: 404', async () => {
    expect((await entry(v)).reservations.length).toBe(2);
    const delivery = await seedDelivery(v, {
      kind: 'ritiro',
      lines: [{ name: 'Fritto', price: 600, amount: 2 }],
    });
    expect(await entry(v, delivery)).toMatchObject({ deliveryId: delivery, tipo: 'Ritiro' });
    for (const [tableId, cookie] of [
      [v.otherTableId, v.owner.cookie],
      [v.tableId, v.stranger.cookie],
    ] as const) {
      const res = await post(v.app.app, calls.dashboardTableGet.path, { tableId }, cookie);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', error: t.noOpenOrder });
    }
    const stranger = await post(v.app.app, calls.dashboardGet.path, {}, v.stranger.cookie);
    expect(stranger.json().reservations).toEqual([]);
  });
});

describe('out-of-menu lines', () => {
  const add = (line: Record<string, unknown>, tableId = v.tableId, id?: string) =>
    v.tablet.send(calls.dashboardTableOutOfMenuAdd.path, { tableId, line, ...(id ? { id } : {}) });
  const spec = {
    id: null,
    name: 'Torta della casa',
    price: 450,
    amount: 1,
    selected_option: 'cucina',
    categoryId: 'out_menu',
    categoryName: 'Fuori menu',
  };

  it('joins the open order with a server id, or the UUID the device gave it', async () => {
    const since = await version(v);
    const res = await add(spec);
    expect(res.statusCode, res.body).toBe(200);
    const { line } = res.json();
    expect(line).toMatchObject({
      dishId: null,
      name: 'Torta della casa',
      price: 450,
      categoryId: 'out_menu',
      categoryName: 'Fuori menu',
      status: 'preparation',
      tableId: v.tableId,
    });
    expect(res.json().table.reservations.map((l: { name: string }) => l.name)).toEqual([
      'Margherita',
      'Birra',
      'Torta della casa',
    ]);
    const log = (await changeLog(v.app, v.owner.venueId)).filter((c) => c.version > since);
    expect(log.map((c) => [c.entity, c.op])).toEqual([
      ['order', 'put'],
      ['line', 'put'],
    ]);
    expect(entitySchemas.line.parse(log[1]?.data)).toEqual(line);

    const uuid = '0b6c1f0e-8f4a-4b7e-9c2d-3e5f6a7b8c9d';
    expect(
      (await add({ ...spec, name: 'Caffè', selected_option: 'bar' }, v.tableId, uuid)).json().line.id,
    ).toBe(uuid);
    await expectRefused(
      v,
      v.tablet,
      calls.dashboardTableOutOfMenuAdd.path,
      { tableId: v.tableId, line: spec, id: uuid },
      409,
      'CONFLICT',
      t.idTaken,
    );
  });

  it('opens an order for a table without one (its status turns on)', async () => {
    const res = await add({ name: 'Acqua', price: 100, selected_option: 'bar' }, v.otherTableId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().table).toMatchObject({ tableId: v.otherTableId, status: 1 });
    expect(res.json().line.amount).toBe(1);
  });

  it("refuses with the spec's messages; another venue's table is not found", async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ ...spec, name: '   ' }, 'line.name', t.describeRequest],
      [{ ...spec, name: undefined }, 'line.name', t.describeRequest],
      [{ ...spec, name: 'x'.repeat(151) }, 'line.name', t.descriptionTooLong],
      [{ ...spec, price: undefined }, 'line.price', t.priceEmpty],
      [{ ...spec, price: -50 }, 'line.price', t.invalidPrice],
      [{ ...spec, selected_option: undefined }, 'line.selected_option', t.chooseKind],
      [{ ...spec, selected_option: 'pizzeria' }, 'line.selected_option', t.chooseKind],
    ];
    for (const [line, path, message] of cases) {
      const refused = await expectRefused(
        v,
        v.tablet,
        calls.dashboardTableOutOfMenuAdd.path,
        { tableId: v.tableId, line },
        400,
        'VALIDATION',
      );
      expect(refused.issues).toEqual([{ path, message }]);
    }
    await expectRefused(
      v,
      v.strangerTablet,
      calls.dashboardTableOutOfMenuAdd.path,
      { tableId: v.tableId, line: spec },
      404,
      'NOT_FOUND',
      t.noOpenOrder,
    );
  });
});

describe('printing', () => {
  it('table/print marks the area’s accepted, unprinted lines once; the printer payload follows', async () => {
    const res = await v.tablet.send(calls.dashboardTablePrint.path, {
      tableId: v.tableId,
      selected_option: 'bar',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().printed).toEqual([v.lines[1]?.id]);
    const again = await v.tablet.send(calls.dashboardTablePrint.path, {
      tableId: v.tableId,
      selected_option: 'bar',
    });
    expect(again.json().printed).toEqual([]);
    expect((await entry(v)).reservations.map((l) => l.printed)).toEqual([0, 1]);

    // After the owner's own order: only what is not printed yet. From the dashboard: a reprint.
    const fresh = await printer(calls.printerTable.path, { tableId: v.tableId });
    expect(fresh.json().data.reservations.map((l: { name: string }) => l.name)).toEqual(['Margherita']);
    const reprint = await printer(calls.printerDashTable.path, { tableId: v.tableId, filter: 'bar' });
    expect(reprint.json().data.reservations.map((l: { name: string }) => l.name)).toEqual(['Birra']);
  });

  it('the payload: venue name, table number, lines with variants and totals in cents', async () => {
    await v.tablet.send(calls.dashboardTableModify.path, {
      tableId: v.tableId,
      reservations: [{ id: v.lines[1]?.id, status: 'owner_deleted' }],
      sconto: 500,
    });
    const res = await printer(calls.printerDashTable.path, { tableId: v.tableId });
    expect(res.statusCode, res.body).toBe(200);
    const data = PrintData.parse(res.json().data);
    expect(data).toMatchObject({
      type: 'PRINT_ORDER_TABLE',
      venueName: 'Pizzeria da Mario',
      number: 1,
      filter: 'tutto',
      totals: { subtotal: 2000, costoConsegna: 0, serviceFee: 0, total: 2000, sconto: 500, newTotal: 1500 },
    });
    expect(
      data.reservations.map((l) => [l.amount, l.name, l.variantLabels, l.price, l.total, l.selected_option]),
    ).toEqual([[2, 'Margherita', ['Formato: Maxi'], 1000, 2000, 'cucina']]);
  });

  it('a delivery: tipo, time, customer and the delivery fee; another venue’s ids are not found', async () => {
    const id = await seedDelivery(v, {
      costoConsegna: 250,
      lines: [
        { name: 'Diavola', price: 700, amount: 2 },
        { name: 'Patatine', price: 300, amount: 1, area: 'fritti' },
      ],
    });
    const res = await printer(calls.printerDashDelivery.path, { deliveryId: id, filter: 'fritti' });
    expect(res.json().data).toMatchObject({
      type: 'PRINT_ORDER_R_C',
      deliveryId: id,
      tipo: 'Consegna',
      orario: '20:15',
      nome: 'Lucia',
      indirizzo: 'Via Roma 1',
      totals: { subtotal: 1700, costoConsegna: 250, total: 1950, newTotal: 1950 },
    });
    expect(res.json().data.reservations.map((l: { name: string }) => l.name)).toEqual(['Patatine']);
    for (const body of [{ deliveryId: id }, { tableId: v.tableId }]) {
      const refused = await printer(calls.printerDelivery.path, body, v.stranger.cookie);
      expect(refused.statusCode).toBe(404);
    }
    await expectRefused(
      v,
      v.strangerTablet,
      calls.dashboardTablePrint.path,
      { tableId: v.tableId, selected_option: 'tutto' },
      404,
      'NOT_FOUND',
    );
  });
});
