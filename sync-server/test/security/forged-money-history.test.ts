import { calls, formatAmount, type TableOrder } from '@comanda/shared-schema';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FORGED_FIELDS,
  openOrderOf,
  specCardTotal,
  storedLines,
  storedOrder,
  subtotalOf,
} from '../../test-support/kits/forged-money.ts';
import { rowsOf } from '../../test-support/raw-sql.ts';
import { post } from '../../test-support/test-app.ts';
import { buildTwoVenues, type TwoVenues, type VenueWorld } from '../../test-support/two-venues.ts';

/**
 * Forged money at the end of an order (DESIGN.md "Time and money": a client-sent amount is never
 * trusted): completing a table or a delivery writes the history from the server's own lines, order
 * row and card charge, whatever totals the order view posts; the reports add up that history. A
 * discount later edits outgrew is capped, never charging below the fees.
 */
let world: TwoVenues;
let a: VenueWorld;
const { costoConsegna: _fee, ...FORGED } = FORGED_FIELDS;
const send = (path: string, body: unknown) => a.tablet.send(path, body);

beforeAll(async () => {
  world = await buildTwoVenues();
  a = world.a;
  // The card order (paid at the fake Stripe) is accepted before it can be completed.
  const accepted = await send(calls.deliveryAccept.path, { deliveryId: a.deliveries.card });
  expect(accepted.statusCode, accepted.body).toBe(200);
});
afterAll(async () => {
  await world?.close();
});

describe('completion, history and reports', () => {
  const entry = async (key: string) =>
    (await post(world.t.app, calls.dashboardTableGet.path, { tableId: key }, a.owner.cookie)).json()
      .table as TableOrder;
  /** The order view's body with every amount in it forged. */
  const forgedHistory = (table: TableOrder) => ({
    ...FORGED,
    table: {
      ...table,
      sconto: 0,
      costoConsegna: 0,
      statusPay: 1,
      reservations: table.reservations.map((l) => ({ ...l, price: 0, amount: 1 })),
    },
    totaleOrdine: 1,
    costoConsegna: 0,
    totalePagato: 1,
  });
  const complete = async (key: string) => {
    const order =
      (await storedOrder(world, key)) ?? (await storedOrder(world, await openOrderOf(world, key)));
    const lines = await storedLines(world, order?.id ?? '');
    const res = await send(calls.dashboardTableHistory.path, forgedHistory(await entry(key)));
    expect(res.statusCode, res.body).toBe(200);
    return { history: res.json().history, order, subtotal: subtotalOf(lines) };
  };

  it('the history holds the server’s totals from its own lines, whatever the body says', async () => {
    const table = await complete(a.tables.t1);
    const sconto = table.order?.sconto ?? 0;
    expect(table.history).toMatchObject({
      totaleOrdine: table.subtotal,
      costoConsegna: 0,
      serviceFee: 0,
      sconto,
      totalePagato: table.subtotal - sconto,
    });

    const card = await complete(a.deliveries.card);
    // What Stripe charged: the lines and the fee, plus the spec 9 card fee on them.
    const net = card.subtotal + a.prices.fee;
    expect(world.fake.intent(a.paymentIntent)?.amount).toBe(specCardTotal(net));
    expect(card.order?.service_fee).toBe(specCardTotal(net) - net);
    expect(card.history).toMatchObject({
      totaleOrdine: card.subtotal,
      costoConsegna: a.prices.fee,
      serviceFee: card.order?.service_fee,
      sconto: 0,
      totalePagato: card.subtotal + a.prices.fee + (card.order?.service_fee ?? 0),
    });
    const phone = await complete(a.deliveries.owner);
    expect(phone.history).toMatchObject({
      costoConsegna: a.prices.fee,
      serviceFee: 0,
      totalePagato: phone.subtotal + a.prices.fee,
    });
  });

  it('a discount the later edits outgrew is capped at the subtotal: nothing is charged below the fees', async () => {
    const lines = await storedLines(world, a.orders.t2);
    // The largest discount allowed: a multiple of 0,50 € below the subtotal.
    const sconto = Math.floor((subtotalOf(lines) - 1) / 50) * 50;
    const set = await send(calls.dashboardTableModify.path, {
      tableId: a.tables.t2,
      reservations: [],
      sconto,
    });
    expect(set.statusCode, set.body).toBe(200);
    const [keep, ...rest] = lines;
    const deleted = rest.map((l) => ({ id: l.id, status: 'owner_deleted' }));
    expect(
      (await send(calls.dashboardTableModify.path, { tableId: a.tables.t2, reservations: deleted }))
        .statusCode,
    ).toBe(200);
    const { history } = await complete(a.tables.t2);
    const left = (keep?.price ?? 0) * (keep?.amount ?? 0);
    expect(history).toMatchObject({
      totaleOrdine: left,
      sconto: Math.min(sconto, left),
      totalePagato: Math.max(0, left - sconto),
    });
  });

  it('the reports add up the history as recorded, each order equal to its own lines', async () => {
    const { app } = world.t;
    const rows = await rowsOf<Record<string, number | string>>(
      app,
      sql`SELECT * FROM order_history WHERE business_id = ${a.owner.venueId}`,
    );
    const sum = (key: string) => rows.reduce((s, r) => s + Number(r[key]), 0);
    for (const row of rows) {
      const lines = await rowsOf<{ total: number }>(
        app,
        sql`SELECT total FROM order_history_lines WHERE history_id = ${String(row.id)}`,
      );
      expect(row.totale_ordine).toBe(lines.reduce((s, l) => s + l.total, 0));
      expect(row.totale_pagato).toBe(
        Number(row.totale_ordine) + Number(row.costo_consegna) + Number(row.service_fee) - Number(row.sconto),
      );
    }
    const range = { from: '2025-07-01', to: '2025-07-31', ...FORGED };
    const report = await post(
      world.t.app,
      calls.reportOwnerGet.path,
      { from: range.from, to: range.to },
      a.owner.cookie,
    );
    expect(report.json().summary).toMatchObject({
      orders: rows.length,
      revenue: sum('totale_pagato'),
      itemsTotal: sum('totale_ordine'),
      discounts: sum('sconto'),
      deliveryFees: sum('costo_consegna'),
      serviceFees: sum('service_fee'),
    });
    const forged = await post(world.t.app, calls.reportOwnerGet.path, range, a.owner.cookie);
    expect(forged.statusCode).toBe(400);
    const csv = await world.t.app.inject({
      method: 'GET',
      url: `${calls.reportOwnerCsv.path}?from=${range.from}&to=${range.to}`,
      headers: { cookie: a.owner.cookie },
    });
    // The CSV writes cents as a spreadsheet number: no thousands separator.
    expect(csv.body).toContain(formatAmount(sum('totale_pagato')).replaceAll('.', ''));
  });
});
