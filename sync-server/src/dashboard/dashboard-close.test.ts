import { calls, t } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { diningTables, orderHistory, orderHistoryLines, orders } from '../db/schema.ts';
import { cartLine } from '../ordering/ordering-test-kit.ts';
import { changeLog, device } from '../rooms/rooms-test-kit.ts';
import { post } from '../testing/test-app.ts';
import {
  type Dash,
  dashboard,
  entry,
  expectRefused,
  order,
  seedDelivery,
  setupDashboard,
  version,
} from './dashboard-test-kit.ts';

let v: Dash;

beforeEach(async () => {
  v = await setupDashboard();
});
afterEach(async () => {
  await v.app.close();
});

/** The history body as the order view posts it, with whatever totals the tablet computed. */
async function historyBody(tableId = v.tableId, extra: Record<string, unknown> = {}) {
  const table = await entry(v, tableId);
  return { table, totaleOrdine: 1, costoConsegna: 0, totalePagato: 1, ...extra };
}

const db = () => v.app.app.store.db;

describe('complete (table/history)', () => {
  it('recomputes every total from its own lines, writes history, closes the order and frees the table', async () => {
    // Birra deleted (counts 0), a 3,00 € discount: 20,00 - 3,00.
    await v.tablet.send(calls.dashboardStatusSet.path, { id: v.lines[1]?.id, status: 'owner_deleted' });
    await v.tablet.send(calls.dashboardTableModify.path, {
      tableId: v.tableId,
      reservations: [],
      sconto: 300,
    });
    const since = version(v);
    const res = await v.tablet.send(calls.dashboardTableHistory.path, await historyBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().history).toMatchObject({
      totaleOrdine: 2000,
      costoConsegna: 0,
      serviceFee: 0,
      sconto: 300,
      totalePagato: 1700,
    });

    const [row] = db().select().from(orderHistory).all();
    expect(row).toMatchObject({
      orderId: v.orderId,
      kind: 'table',
      tableId: v.tableId,
      tableNumber: 1,
      totaleOrdine: 2000,
      sconto: 300,
      totalePagato: 1700,
      paymentMethod: 'cassa',
      serviceDate: '2025-07-15',
      completedBy: v.owner.userId,
    });
    const lines = db().select().from(orderHistoryLines).all();
    expect(lines.map((l) => [l.name, l.area, l.amount, l.total, l.status])).toEqual([
      ['Margherita', 'cucina', 2, 2000, 'preparation'],
      ['Birra', 'bar', 3, 0, 'owner_deleted'],
    ]);
    expect(db().select().from(orders).where(eq(orders.id, v.orderId)).get()?.closedAt).not.toBeNull();
    expect(db().select().from(diningTables).where(eq(diningTables.id, v.tableId)).get()?.status).toBe(false);

    const log = changeLog(v.app, v.owner.businessId).filter((c) => c.version > since);
    expect(log.map((c) => [c.entity, c.entityId, c.op, c.data === null])).toEqual([
      ['order', v.orderId, 'delete', true],
      ['line', v.lines[0]?.id, 'delete', true],
      ['line', v.lines[1]?.id, 'delete', true],
      ['table', v.tableId, 'put', false],
    ]);
    expect(await dashboard(v)).toEqual([]);
  });

  it('a delivery: the fee is charged, the card fee as paid', async () => {
    const id = seedDelivery(v, {
      costoConsegna: 250,
      lines: [
        { name: 'Diavola', price: 700, amount: 2 },
        { name: 'Coca', price: 300, amount: 1 },
      ],
    });
    await v.tablet.send(calls.dashboardTableModify.path, { tableId: id, reservations: [], sconto: 1000 });
    const res = await v.tablet.send(
      calls.dashboardTableHistory.path,
      await historyBody(id, { costoConsegna: 0 }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().history).toMatchObject({
      totaleOrdine: 1700,
      costoConsegna: 250,
      sconto: 1000,
      totalePagato: 950,
    });
  });

  it('completing an already completed table is refused; nothing changes', async () => {
    const body = await historyBody();
    expect((await v.tablet.send(calls.dashboardTableHistory.path, body)).statusCode).toBe(200);
    // Another tablet, offline meanwhile, completes the same order.
    const other = device(v.app, v.owner);
    await expectRefused(
      v,
      other,
      calls.dashboardTableHistory.path,
      body,
      409,
      'CONFLICT',
      t.orderAlreadyCompleted,
    );
    // A new customer order opens a new order on the table: the old body still names the old one.
    await order(v, [cartLine(v.menu.birra, 1)]);
    await expectRefused(
      v,
      other,
      calls.dashboardTableHistory.path,
      body,
      409,
      'CONFLICT',
      t.orderAlreadyCompleted,
    );
  });

  it('refused as CONFLICT when a customer added lines after the version the tablet saw', async () => {
    const seen = version(v);
    const body = await historyBody(v.tableId, { seenVersion: seen });
    await order(v, [cartLine(v.menu.birra, 1)]);
    await expectRefused(
      v,
      v.tablet,
      calls.dashboardTableHistory.path,
      body,
      409,
      'CONFLICT',
      t.orderChangedSinceSeen,
    );
    // Once the tablet has seen them, later edits of lines it knows are no conflict.
    const caughtUp = version(v);
    await v.tablet.send(calls.dashboardStatusSet.path, { id: v.lines[0]?.id, status: 'ready' });
    const fresh = { ...(await historyBody()), seenVersion: caughtUp };
    expect((await v.tablet.send(calls.dashboardTableHistory.path, fresh)).statusCode).toBe(200);
  });

  it('a pending delivery cannot be completed; another owner’s order is not found', async () => {
    const pending = seedDelivery(v, {
      accettato: false,
      lines: [{ name: 'Marinara', price: 500, amount: 1 }],
    });
    const table = (
      await post(v.app.app, calls.dashboardTableGet.path, { tableId: pending }, v.owner.cookie)
    ).json().table;
    const body = { table, totaleOrdine: 500, costoConsegna: 0, totalePagato: 500 };
    await expectRefused(
      v,
      v.tablet,
      calls.dashboardTableHistory.path,
      body,
      409,
      'CONFLICT',
      t.orderNotAccepted,
    );
    const mine = await historyBody();
    await expectRefused(v, v.strangerTablet, calls.dashboardTableHistory.path, mine, 403, 'FORBIDDEN');
    await expectRefused(
      v,
      v.strangerTablet,
      calls.dashboardTableHistory.path,
      { ...mine, table: { ...mine.table, businessId: v.stranger.businessId } },
      404,
      'NOT_FOUND',
    );
  });
});

describe('table/delete', () => {
  it('removes the entry without history; the order and line rows leave the devices', async () => {
    const since = version(v);
    const res = await v.tablet.send(calls.dashboardTableDelete.path, {
      tableId: v.tableId,
      isDelivery: false,
      seenVersion: since,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(db().select().from(orderHistory).all()).toEqual([]);
    const ops = changeLog(v.app, v.owner.businessId)
      .filter((c) => c.version > since)
      .map((c) => `${c.entity}:${c.op}`);
    expect(ops).toEqual(['order:delete', 'line:delete', 'line:delete', 'table:put']);
    await expectRefused(
      v,
      v.tablet,
      calls.dashboardTableDelete.path,
      { tableId: v.tableId, isDelivery: false },
      404,
      'NOT_FOUND',
      t.noOpenOrder,
    );
  });

  it('refused after new lines, for the wrong kind, a card payment, or another venue', async () => {
    const seen = version(v);
    await order(v, [cartLine(v.menu.birra, 1)]);
    const path = calls.dashboardTableDelete.path;
    await expectRefused(
      v,
      v.tablet,
      path,
      { tableId: v.tableId, isDelivery: false, seenVersion: seen },
      409,
      'CONFLICT',
    );
    await expectRefused(v, v.tablet, path, { tableId: v.tableId, isDelivery: true }, 404, 'NOT_FOUND');
    await expectRefused(
      v,
      v.strangerTablet,
      path,
      { tableId: v.tableId, isDelivery: false },
      404,
      'NOT_FOUND',
    );
    const paid = seedDelivery(v, {
      paymentIntentId: 'pi_1',
      lines: [{ name: 'Diavola', price: 700, amount: 1 }],
    });
    await expectRefused(
      v,
      v.tablet,
      path,
      { tableId: paid, isDelivery: true },
      409,
      'CONFLICT',
      t.paidOrderNotDeletable,
    );
  });
});
