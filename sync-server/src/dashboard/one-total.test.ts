import {
  calls,
  type OrderTotals,
  orderBill,
  orderCollection,
  PrintData,
  type ReportAnswer,
  type TableOrder,
} from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Dash, entry, seedDelivery, setupDashboard } from '../../test-support/kits/dashboard.ts';
import { post } from '../../test-support/test-app.ts';
import { orderHistory } from '../db/schema.ts';

/**
 * One total everywhere: what the tablet computes from the entry it holds (shared-schema's
 * `orderBill`, the rule of the ticket, the order view, the desk and Home) is, to the cent, what
 * the print payload carries, what completing the order records in the history and what the report
 * then sums. A table with a discount and a delivery with a delivery fee and a discount.
 */

let v: Dash;

beforeEach(async () => {
  v = await setupDashboard();
});
afterEach(async () => {
  await v.app.close();
});

/** The totals as the PWA computes them from the entry the dashboard holds. */
const tabletBill = (table: TableOrder): OrderTotals => orderBill(table, table.reservations);

async function printTotals(body: Record<string, unknown>): Promise<OrderTotals> {
  const res = await post(v.app.app, calls.printerDashTable.path, body, v.owner.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return PrintData.parse(res.json().data).totals;
}

async function complete(table: TableOrder) {
  const res = await v.tablet.send(calls.dashboardTableHistory.path, {
    id: table.id,
    seenVersion: Number.MAX_SAFE_INTEGER,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().history as { totaleOrdine: number; sconto: number; totalePagato: number };
}

async function report(): Promise<ReportAnswer> {
  const res = await post(v.app.app, calls.reportOwnerGet.path, {}, v.owner.cookie);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as ReportAnswer;
}

describe('one total: tablet, print payload, history and report agree', () => {
  it('a table with a discount and a delivery with a fee and a discount', async () => {
    // Table 1: 2 Margherita Maxi 20,00 + 3 Birra 13,50 = 33,50; a 3,00 € discount.
    await v.tablet.send(calls.dashboardTableModify.path, {
      tableId: v.tableId,
      reservations: [],
      sconto: 300,
    });
    // A delivery: 2 Diavola 14,00 + Coca 3,00 = 17,00, the fee 2,50, a 4,00 € discount.
    const deliveryId = await seedDelivery(v, {
      costoConsegna: 250,
      lines: [
        { name: 'Diavola', price: 700, amount: 2 },
        { name: 'Coca', price: 300, amount: 1, area: 'bar' },
      ],
    });
    await v.tablet.send(calls.dashboardTableModify.path, {
      tableId: deliveryId,
      reservations: [],
      sconto: 400,
    });

    const table = await entry(v, v.tableId);
    const delivery = await entry(v, deliveryId);
    const tableBill = tabletBill(table);
    const deliveryBill = tabletBill(delivery);
    expect(tableBill).toMatchObject({ subtotal: 3350, total: 3350, sconto: 300, newTotal: 3050 });
    expect(deliveryBill).toMatchObject({ subtotal: 1700, costoConsegna: 250, total: 1950, newTotal: 1550 });
    // 'Completa' collects NUOVO TOTALE at the counter.
    expect(orderCollection(table, tableBill)).toMatchObject({ method: 'cassa', due: 3050 });

    // The print payload (bridge and browser view) carries the same totals, whatever the area printed.
    expect(await printTotals({ tableId: v.tableId })).toEqual(tableBill);
    expect(await printTotals({ tableId: v.tableId, filter: 'bar' })).toEqual(tableBill);
    expect(await printTotals({ tableId: deliveryId })).toEqual(deliveryBill);

    const before = await report();
    // The history records the same figures, and the report sums them.
    expect(await complete(table)).toMatchObject({ totaleOrdine: 3350, sconto: 300, totalePagato: 3050 });
    expect(await complete(delivery)).toMatchObject({ totaleOrdine: 1700, sconto: 400, totalePagato: 1550 });
    const rows = await v.app.app.store.db.select().from(orderHistory);
    expect(
      rows.map((r) => [r.kind, r.totaleOrdine, r.costoConsegna, r.sconto, r.totalePagato]).sort(),
    ).toEqual(
      [
        ['consegna', 1700, 250, 400, deliveryBill.newTotal],
        ['table', 3350, 0, 300, tableBill.newTotal],
      ].sort(),
    );
    const after = await report();
    expect(after.summary.orders - before.summary.orders).toBe(2);
    expect(after.summary.revenue - before.summary.revenue).toBe(tableBill.newTotal + deliveryBill.newTotal);
    expect(after.summary.discounts - before.summary.discounts).toBe(700);
    expect(after.summary.deliveryFees - before.summary.deliveryFees).toBe(250);
    const consegna = after.byKind.find((k) => k.kind === 'consegna');
    expect(consegna?.revenue).toBe(deliveryBill.newTotal);
  });

  it('lines deleted after the discount: every side caps it at the subtotal the same way', async () => {
    const deliveryId = await seedDelivery(v, {
      costoConsegna: 250,
      lines: [{ name: 'Diavola', price: 700, amount: 2 }],
    });
    await v.tablet.send(calls.dashboardTableModify.path, {
      tableId: deliveryId,
      reservations: [],
      sconto: 1000,
    });
    const [line] = (await entry(v, deliveryId)).reservations;
    await v.tablet.send(calls.dashboardStatusSet.path, { id: line?.id, status: 'owner_deleted' });
    const delivery = await entry(v, deliveryId);
    const bill = tabletBill(delivery);
    expect(bill).toMatchObject({ subtotal: 0, sconto: 0, newTotal: 250 });
    expect(await printTotals({ tableId: deliveryId })).toEqual(bill);
    expect((await complete(delivery)).totalePagato).toBe(bill.newTotal);
  });
});
