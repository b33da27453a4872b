import { calls, type MenuDish, t } from '@comanda/shared-schema';
import { and, eq, isNull } from 'drizzle-orm';
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
import { ownerMenu, sendOk } from '../../test-support/kits/menu.ts';
import { cartLine } from '../../test-support/kits/ordering.ts';
import { changeLog, device } from '../../test-support/kits/rooms.ts';
import { post } from '../../test-support/test-app.ts';
import { first } from '../db/client.ts';
import { diningTables, orderHistory, orderHistoryLines, orders } from '../db/schema.ts';

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
    const since = await version(v);
    const res = await v.tablet.send(calls.dashboardTableHistory.path, await historyBody());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().history).toMatchObject({
      totaleOrdine: 2000,
      costoConsegna: 0,
      serviceFee: 0,
      sconto: 300,
      totalePagato: 1700,
    });

    const [row] = await db().select().from(orderHistory);
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
    const lines = await db().select().from(orderHistoryLines);
    expect(lines.map((l) => [l.name, l.area, l.amount, l.total, l.status])).toEqual([
      ['Margherita', 'cucina', 2, 2000, 'preparation'],
      ['Birra', 'bar', 3, 0, 'owner_deleted'],
    ]);
    expect(
      (await first(db().select().from(orders).where(eq(orders.id, v.orderId))))?.closedAt,
    ).not.toBeNull();
    expect(
      (await first(db().select().from(diningTables).where(eq(diningTables.id, v.tableId))))?.status,
    ).toBe(false);

    const log = (await changeLog(v.app, v.owner.venueId)).filter((c) => c.version > since);
    expect(log.map((c) => [c.entity, c.entityId, c.op, c.data === null])).toEqual([
      ['order', v.orderId, 'delete', true],
      ['line', v.lines[0]?.id, 'delete', true],
      ['line', v.lines[1]?.id, 'delete', true],
      ['table', v.tableId, 'put', false],
    ]);
    expect(await dashboard(v)).toEqual([]);
  });

  it('a delivery: the fee is charged, the card fee as paid', async () => {
    const id = await seedDelivery(v, {
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
    const seen = await version(v);
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
    const caughtUp = await version(v);
    await v.tablet.send(calls.dashboardStatusSet.path, { id: v.lines[0]?.id, status: 'ready' });
    const fresh = { ...(await historyBody()), seenVersion: caughtUp };
    expect((await v.tablet.send(calls.dashboardTableHistory.path, fresh)).statusCode).toBe(200);
  });

  it('a pending delivery cannot be completed; another owner’s order is not found', async () => {
    const pending = await seedDelivery(v, {
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
      { ...mine, table: { ...mine.table, businessId: v.stranger.venueId } },
      404,
      'NOT_FOUND',
    );
  });
});

describe('complete: the body names the order, the server builds the history', () => {
  /** A menu dish at `price`, as customers order it. */
  async function dish(name: string, price: number): Promise<MenuDish> {
    const id = String(
      (await sendOk(v.tablet, calls.ownerDishAdd.path, { name, price, categoryId: v.menu.pizze })).id,
    );
    const found = (await ownerMenu(v.app, v.owner.cookie)).dishes.find((d) => d.id === id);
    if (!found) throw new Error(`${name} not stored`);
    return found;
  }
  const openOrderId = async (tableId: string) =>
    (
      await first(
        db()
          .select()
          .from(orders)
          .where(and(eq(orders.tableId, tableId), isNull(orders.closedAt))),
      )
    )?.id ?? '';

  it('{id, seenVersion}: the order is completed from the server’s own lines', async () => {
    const body = { id: v.orderId, seenVersion: await version(v) };
    expect(JSON.stringify(body).length).toBeLessThan(100);
    const res = await v.tablet.send(calls.dashboardTableHistory.path, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().history).toMatchObject({ totaleOrdine: 3350, totalePagato: 3350 });
    expect(await db().select().from(orderHistoryLines)).toHaveLength(2);
    expect(await dashboard(v)).toEqual([]);
  });

  it('a table of the largest size the ceilings allow completes: 500 lines, 49.950,00 €', async () => {
    const banquet = await dish('Menu banchetto', 15_000);
    const tableId = v.otherTableId;
    const lines = (n: number, of: MenuDish, amount: number, tag: string) =>
      Array.from({ length: n }, (_, i) => cartLine(of, amount, {}, `${tag}${i}`));
    await order(v, [...lines(21, banquet, 4, 'a'), ...lines(29, banquet, 3, 'b')], tableId);
    await order(v, lines(50, banquet, 3, 'c'), tableId);
    for (const tag of ['d', 'e', 'f', 'g']) await order(v, lines(100, v.menu.birra, 1, tag), tableId);
    const id = await openOrderId(tableId);
    const res = await v.tablet.send(calls.dashboardTableHistory.path, { id, seenVersion: await version(v) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().history).toMatchObject({ totaleOrdine: 4_995_000, totalePagato: 4_995_000 });
    const [row] = await db().select().from(orderHistory).where(eq(orderHistory.orderId, id));
    expect(row).toMatchObject({ totaleOrdine: 4_995_000, tableId });
    expect(await db().select().from(orderHistoryLines)).toHaveLength(500);
  });

  it('the spec’s old body still completes (a tablet’s queued outbox): lines and totals ignored', async () => {
    const table = await entry(v);
    const forged = {
      table: { ...table, reservations: table.reservations.map((l) => ({ ...l, price: 0, amount: 999 })) },
      // Beyond the wire's Cents bound, negative: an old body is read for its order id only.
      totaleOrdine: 200_000_000,
      costoConsegna: -5,
      totalePagato: 1,
    };
    const res = await v.tablet.send(calls.dashboardTableHistory.path, forged);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().history).toMatchObject({ totaleOrdine: 3350, costoConsegna: 0, totalePagato: 3350 });
    const [row] = await db().select().from(orderHistory);
    expect(row).toMatchObject({ orderId: v.orderId, totaleOrdine: 3350, totalePagato: 3350 });
  });

  it('refused: no order named, two different orders named, another venue’s order', async () => {
    const path = calls.dashboardTableHistory.path;
    await expectRefused(v, v.tablet, path, { seenVersion: 0 }, 400, 'VALIDATION');
    const table = await entry(v);
    await expectRefused(v, v.tablet, path, { id: v.stranger.userId, table }, 400, 'VALIDATION');
    await expectRefused(v, v.strangerTablet, path, { id: v.orderId }, 404, 'NOT_FOUND', t.noOpenOrder);
  });
});

describe('table/delete', () => {
  it('removes the entry without history; the order and line rows leave the devices', async () => {
    const since = await version(v);
    const res = await v.tablet.send(calls.dashboardTableDelete.path, {
      tableId: v.tableId,
      isDelivery: false,
      seenVersion: since,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await db().select().from(orderHistory)).toEqual([]);
    const ops = (await changeLog(v.app, v.owner.venueId))
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
    const seen = await version(v);
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
    const paid = await seedDelivery(v, {
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
