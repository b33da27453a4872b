import { calls, PRINTER_KINDS, PrintData, type PrinterKind, SYNC_HEADERS } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  type Dash,
  entry,
  expectRefused,
  order,
  seedDelivery,
  setupDashboard,
  version,
} from '../../test-support/kits/dashboard.ts';
import { cartLine } from '../../test-support/kits/ordering.ts';
import { changeLog, device } from '../../test-support/kits/rooms.ts';
import { post } from '../../test-support/test-app.ts';

/**
 * Spec 7 "Printer", the server side of printing: the four `/api/printer/{kind}` payloads (each kind, each
 * filter, reprints, other venues) and `table/print` marking the ticket's lines printed through
 * the sync core (change rows, version, replay). The live event is in dashboard-live.test.ts.
 */

let v: Dash;

beforeEach(async () => {
  v = await setupDashboard();
});
afterEach(async () => {
  await v.app.close();
});

const path = (kind: PrinterKind) => `/api/printer/${kind}`;
const ask = (kind: PrinterKind, body: unknown, cookie = v.owner.cookie) =>
  post(v.app.app, path(kind), body, cookie);

async function names(kind: PrinterKind, body: Record<string, unknown>): Promise<string[]> {
  const res = await ask(kind, body);
  expect(res.statusCode, res.body).toBe(200);
  const data = PrintData.parse(res.json().data);
  return data.reservations.map((l) => l.name);
}

const markPrinted = (body: Record<string, unknown>) =>
  v.tablet.send(calls.dashboardTablePrint.path, { tableId: v.tableId, selected_option: 'tutto', ...body });

describe('/api/printer/{kind}', () => {
  it('the four kinds are the contract’s calls, owner only', async () => {
    expect(
      Object.values(calls)
        .filter((c) => c.path.startsWith('/api/printer/'))
        .map((c) => c.path),
    ).toEqual(PRINTER_KINDS.map(path));
    for (const kind of PRINTER_KINDS) {
      const res = await ask(kind, { tableId: v.tableId }, v.guest);
      expect(res.statusCode, kind).toBe(403);
      expect((await ask(kind, { tableId: v.tableId }, '')).statusCode, kind).toBe(401);
    }
  });

  it('a table: every kind answers PRINT_ORDER_TABLE with its number; the filter picks the area', async () => {
    for (const kind of PRINTER_KINDS) {
      const res = await ask(kind, { tableId: v.tableId });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        type: 'PRINT_ORDER_TABLE',
        tableId: v.tableId,
        number: 1,
        filter: 'tutto',
        venueName: 'Pizzeria da Mario',
      });
      expect(await names(kind, { tableId: v.tableId, filter: 'cucina' })).toEqual(['Margherita']);
      expect(await names(kind, { tableId: v.tableId, filter: 'bar' })).toEqual(['Birra']);
      expect(await names(kind, { tableId: v.tableId, filter: 'fritti' })).toEqual([]);
      expect(await names(kind, { tableId: v.tableId, filter: 'tutto' })).toEqual(['Margherita', 'Birra']);
    }
  });

  it('dash_* reprint what was printed; the others only what was not', async () => {
    expect((await markPrinted({ selected_option: 'bar' })).statusCode).toBe(200);
    await order(v, [cartLine(v.menu.birra, 1)]);
    expect(await names('dash_orderPrinter_table', { tableId: v.tableId })).toEqual([
      'Margherita',
      'Birra',
      'Birra',
    ]);
    expect(await names('orderPrinter_table', { tableId: v.tableId })).toEqual(['Margherita', 'Birra']);
    expect(await names('orderPrinter_table', { tableId: v.tableId, filter: 'bar' })).toEqual(['Birra']);
    const fresh = PrintData.parse((await ask('orderPrinter_table', { tableId: v.tableId })).json().data);
    expect(fresh.reservations.every((l) => l.printed === 0)).toBe(true);
    // The totals are the whole entry's, whatever the lines: 2 x 10,00 + 4 x 4,50.
    expect(fresh.totals).toMatchObject({ subtotal: 3800, total: 3800, newTotal: 3800 });
  });

  it('a delivery: PRINT_ORDER_R_C with its customer and fee; not accepted or deleted lines never print', async () => {
    const id = await seedDelivery(v, {
      kind: 'ritiro',
      lines: [
        { name: 'Diavola', price: 700, amount: 1 },
        { name: 'Spritz', price: 500, amount: 2, area: 'bar' },
      ],
    });
    for (const kind of PRINTER_KINDS) {
      const res = await ask(kind, { deliveryId: id });
      expect(res.statusCode, res.body).toBe(200);
      const data = PrintData.parse(res.json().data);
      expect(data).toMatchObject({ type: 'PRINT_ORDER_R_C', deliveryId: id, tipo: 'Ritiro', nome: 'Lucia' });
      expect(data.reservations.map((l) => [l.name, l.total])).toEqual([
        ['Diavola', 700],
        ['Spritz', 1000],
      ]);
    }
    const pending = await seedDelivery(v, {
      accettato: false,
      lines: [{ name: 'Marinara', price: 500, amount: 1 }],
    });
    expect(await names('orderPrinter_R_C', { deliveryId: pending })).toEqual([]);
    await v.tablet.send(calls.dashboardTableModify.path, {
      tableId: v.tableId,
      reservations: [{ id: v.lines[0]?.id, status: 'owner_deleted' }],
    });
    expect(await names('dash_orderPrinter_table', { tableId: v.tableId })).toEqual(['Birra']);
  });

  it('another venue’s table or delivery, a closed or unknown one: 404, nothing answered', async () => {
    const id = await seedDelivery(v, { lines: [{ name: 'Diavola', price: 700, amount: 1 }] });
    for (const kind of PRINTER_KINDS) {
      for (const body of [{ tableId: v.tableId }, { deliveryId: id }]) {
        const res = await ask(kind, body, v.stranger.cookie);
        expect(res.statusCode, `${kind} ${res.body}`).toBe(404);
        expect(res.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
        expect(res.body).not.toContain('Diavola');
      }
      expect((await ask(kind, { tableId: v.otherTableId })).statusCode).toBe(404);
    }
  });

  it('a body names a table or a delivery, not both, not neither; the filter is an area', async () => {
    for (const body of [
      {},
      { tableId: v.tableId, deliveryId: v.tableId },
      { tableId: v.tableId, filter: 'sala' },
    ]) {
      const res = await ask('dash_orderPrinter_table', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 'VALIDATION' });
    }
  });
});

describe('table/print: the printed flags', () => {
  it('marks only the ticket’s lines when it names them, with change rows and a version', async () => {
    const birra = v.lines[1];
    await order(v, [cartLine(v.menu.birra, 1)]);
    const before = await version(v);
    const res = await markPrinted({ ids: [birra?.id] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().printed).toEqual([birra?.id]);
    const after = Number(res.headers[SYNC_HEADERS.version]);
    expect(after).toBe(before + 1);
    const rows = (await changeLog(v.app, v.owner.venueId)).filter((c) => c.version === after);
    expect(rows.map((c) => [c.entity, c.entityId, c.op, (c.data as { printed: number }).printed])).toEqual([
      ['line', birra?.id, 'put', 1],
    ]);
    const lines = (await entry(v)).reservations;
    expect(lines.map((l) => [l.name, l.printed])).toEqual([
      ['Margherita', 0],
      ['Birra', 1],
      ['Birra', 0],
    ]);
  });

  it('a replayed print changes nothing; a second print of the same lines marks none', async () => {
    const fresh = device(v.app, v.owner);
    const body = { tableId: v.tableId, selected_option: 'cucina' };
    const res = await fresh.sendAs(1, calls.dashboardTablePrint.path, body);
    expect(res.json().printed).toEqual([v.lines[0]?.id]);
    const v1 = await version(v);
    const replay = await fresh.sendAs(1, calls.dashboardTablePrint.path, body);
    expect(replay.headers[SYNC_HEADERS.replayed]).toBe('1');
    expect(replay.json()).toEqual(res.json());
    const again = await fresh.sendAs(2, calls.dashboardTablePrint.path, body);
    expect(again.json().printed).toEqual([]);
    expect((await changeLog(v.app, v.owner.venueId)).filter((c) => c.version > v1)).toEqual([]);
  });

  it('another venue’s tablet cannot mark this venue’s lines', async () => {
    await expectRefused(
      v,
      v.strangerTablet,
      calls.dashboardTablePrint.path,
      { tableId: v.tableId, selected_option: 'tutto', ids: v.lines.map((l) => l.id) },
      404,
      'NOT_FOUND',
    );
  });
});
