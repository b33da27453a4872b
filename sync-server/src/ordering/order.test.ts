import { calls, entitySchemas, NO_THANKS_LABEL, SYNC_HEADERS, t, tf } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  cartLine,
  type OrderAnswer,
  orderBody,
  orderCounts,
  placeOrder,
  setupVenue,
  setVenue,
  type Venue,
} from '../../test-support/kits/ordering.ts';
import { changeLog, venueRows } from '../../test-support/kits/rooms.ts';
import { createOwner, storedRowCounts } from '../../test-support/test-app.ts';
import { orderLines, orders } from '../db/schema.ts';

let v: Venue;

beforeEach(async () => {
  v = await setupVenue();
});
afterEach(async () => {
  await v.app.close();
});

async function storedOrders() {
  return await v.app.app.store.db.select().from(orders);
}

/** Refused with this code, and not one row written anywhere (no Idempotency-Key: nothing to store). */
async function expectRefused(body: unknown, status: number, code: string, error?: string, cookie = v.guest) {
  const before = await storedRowCounts(v.app.app);
  const res = await placeOrder(v, body, cookie);
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json()).toMatchObject({ success: false, code, ...(error ? { error } : {}) });
  expect(await storedRowCounts(v.app.app)).toEqual(before);
  return res.json() as { error: string; issues?: Array<{ path: string; message: string }> };
}

describe('table order', () => {
  it('stores the lines with the menu prices, sets the table status and logs order, lines and table', async () => {
    const { margherita, capricciosa, birra } = v.menu;
    const res = await placeOrder(
      v,
      orderBody(v, [
        cartLine(margherita, 2, { Formato: ['Maxi'] }, 'NO basilico'),
        cartLine(capricciosa, 1, { Ingredienti: ['Mozzarella extra', 'Funghi'] }),
        cartLine(birra, 3),
      ]),
    );
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json() as OrderAnswer;
    expect(answer.tableId).toBe(v.tableId);
    expect(answer.lines.map((l) => [l.name, l.price, l.amount, l.selected_option, l.categoryName])).toEqual([
      ['Margherita', 1000, 2, 'cucina', 'Pizze'],
      ['Capricciosa', 1000, 1, 'cucina', 'Pizze'],
      ['Birra', 450, 3, 'bar', 'Bevande'],
    ]);
    const [first, second] = answer.lines;
    expect(first).toMatchObject({
      dishId: margherita.id,
      tableId: v.tableId,
      deliveryId: null,
      note: 'NO basilico',
      status: 'preparation',
      printed: 0,
      accettato: 1,
      categoryId: v.menu.pizze,
    });
    // The app clock (Rome 19:00 = 17:00Z), not the host's.
    expect(first?.lastUpdate).toMatch(/^2025-07-15T17:0\d:/);
    expect(first?.variant).toEqual([
      {
        id: margherita.variants[0]?.id,
        name: 'Formato',
        multi: 0,
        position: 0,
        options: [],
        selected: margherita.variants[0]?.options.find((o) => o.label === 'Maxi'),
      },
    ]);
    expect(((second?.variant[0]?.selected ?? []) as Array<{ label: string }>).map((o) => o.label)).toEqual([
      'Funghi',
      'Mozzarella extra',
    ]);

    const [order] = await storedOrders();
    expect(order).toMatchObject({ kind: 'table', tableId: v.tableId, accettato: true, closedAt: null });
    expect((await venueRows(v.app, v.owner.venueId)).tables.find((r) => r.id === v.tableId)?.status).toBe(
      true,
    );
    const log = await changeLog(v.app, v.owner.venueId);
    const sent = log.filter((c) => c.version === log.at(-1)?.version);
    expect(sent.map((c) => c.entity)).toEqual(['table', 'order', 'line', 'line', 'line']);
    for (const row of sent) {
      const schema = entitySchemas[row.entity as 'table' | 'order' | 'line'];
      expect(schema.safeParse(row.data).success, JSON.stringify(row)).toBe(true);
    }
    expect(sent[1]?.data).toMatchObject({
      id: order?.id,
      tableId: v.tableId,
      number: 1,
      accettato: 1,
      status: 1,
    });
    expect(sent.slice(2).map((c) => c.data)).toEqual(answer.lines);
  });

  it("appends a second send to the table's open order; another table gets its own", async () => {
    await placeOrder(v, orderBody(v, [cartLine(v.menu.birra, 1)]));
    await placeOrder(
      v,
      orderBody(v, [cartLine(v.menu.birra, 2), cartLine(v.menu.margherita, 1, { Formato: ['Normale'] })]),
    );
    await placeOrder(v, orderBody(v, [cartLine(v.menu.birra, 1)], { tableId: v.otherTableId }));
    const all = await storedOrders();
    expect(all.map((o) => o.tableId).sort()).toEqual([v.tableId, v.otherTableId].sort());
    const mine = all.find((o) => o.tableId === v.tableId);
    const lines = await v.app.app.store.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, mine?.id ?? ''));
    expect(lines.map((l) => [l.seq, l.name, l.amount]).sort()).toEqual([
      [1, 'Birra', 1],
      [2, 'Birra', 2],
      [3, 'Margherita', 1],
    ]);
  });

  it("the owner's snapshot holds the open entry and its lines as the change log wrote them", async () => {
    const res = await placeOrder(
      v,
      orderBody(v, [cartLine(v.menu.birra, 1), cartLine(v.menu.capricciosa, 2)]),
    );
    const snapshot = await v.app.app.inject({
      method: 'GET',
      url: '/api/sync/snapshot',
      headers: { cookie: v.owner.cookie },
    });
    const rows = snapshot.json().rows as Array<{ entity: string; entityId: string; data: unknown }>;
    const log = await changeLog(v.app, v.owner.venueId);
    const latest = (entity: string, id: string) =>
      log.filter((c) => c.entity === entity && c.entityId === id).at(-1)?.data;
    const orderRows = rows.filter((r) => r.entity === 'order');
    expect(orderRows).toHaveLength(1);
    expect(orderRows[0]?.data).toEqual(latest('order', orderRows[0]?.entityId ?? ''));
    const lineRows = rows.filter((r) => r.entity === 'line');
    expect(lineRows.map((r) => r.data)).toEqual(res.json().lines);
    expect(lineRows.map((r) => r.data)).toEqual(lineRows.map((r) => latest('line', r.entityId)));
  });

  it('ignores client prices and names: the server recomputes every line from the menu', async () => {
    const { margherita } = v.menu;
    const forged = {
      ...cartLine(margherita, 1),
      name: 'Gratis',
      price: 1,
      categoryName: 'Omaggi',
      variants: margherita.variants.map((variant) => ({
        ...variant,
        selected: { ...variant.options.find((o) => o.label === 'Maxi'), label: 'Piccola', price: 0 },
      })),
    };
    const res = await placeOrder(v, orderBody(v, [forged]));
    expect(res.statusCode, res.body).toBe(200);
    const [line] = (res.json() as OrderAnswer).lines;
    expect(line).toMatchObject({ name: 'Margherita', price: 1000, categoryName: 'Pizze' });
    expect(line?.variant[0]?.selected).toMatchObject({ label: 'Maxi', price: 400 });
  });

  it('refuses lines that do not match the menu (dish_error), storing nothing', async () => {
    const { margherita, capricciosa, birra, esaurito } = v.menu;
    const line = (over: Record<string, unknown>) => orderBody(v, [cartLine(birra, 1), over]);
    await expectRefused(
      line({ ...cartLine(birra, 1), id: 'nope', name: 'Fantasma' }),
      400,
      'dish_error',
      tf.dishUnavailable('Fantasma'),
    );
    await expectRefused(line(cartLine(esaurito, 1)), 400, 'dish_error', tf.dishUnavailable('Esaurito'));
    // An option of another dish, put under this dish's own variant.
    const foreign = capricciosa.variants[0]?.options[0];
    await expectRefused(
      line({ ...cartLine(margherita, 1), variants: [{ ...margherita.variants[0], selected: foreign }] }),
      400,
      'dish_error',
      tf.optionNotInDish('Margherita'),
    );
    // Another dish's whole variant.
    await expectRefused(
      line({ ...cartLine(birra, 1), variants: [{ ...capricciosa.variants[0], selected: [foreign] }] }),
      400,
      'dish_error',
      tf.optionNotInDish('Birra'),
    );
    // Two options in a single-choice variant.
    await expectRefused(
      line({
        ...cartLine(margherita, 1),
        variants: [{ ...margherita.variants[0], selected: margherita.variants[0]?.options }],
      }),
      400,
      'dish_error',
    );
    await expectRefused(
      line(cartLine(margherita, 1)),
      400,
      'dish_error',
      tf.mandatoryVariantMissing('Margherita', 'Formato'),
    );
    // A multi-choice variant may stay empty ('no, grazie!' is a choice, not a must).
    const none = await placeOrder(
      v,
      orderBody(v, [cartLine(capricciosa, 1, { Ingredienti: [NO_THANKS_LABEL] })]),
    );
    expect(none.statusCode, none.body).toBe(200);
  });

  it('refuses amounts 0, negative, fractional or above 999, and a 151-character note', async () => {
    const { birra } = v.menu;
    for (const amount of [0, -1]) {
      const refused = await expectRefused(orderBody(v, [cartLine(birra, amount)]), 400, 'VALIDATION');
      expect(refused.issues).toEqual([{ path: 'cart.0.amount', message: t.invalidAmount }]);
    }
    const big = await expectRefused(orderBody(v, [cartLine(birra, 1000)]), 400, 'VALIDATION');
    expect(big.issues?.[0]?.message).toBe(t.invalidAmount);
    const fraction = await expectRefused(orderBody(v, [cartLine(birra, 1.5)]), 400, 'VALIDATION');
    expect(fraction.issues?.[0]).toEqual({ path: 'cart.0', message: t.invalidCartLine });
    const note = await expectRefused(
      orderBody(v, [cartLine(birra, 1, {}, 'n'.repeat(151))]),
      400,
      'VALIDATION',
    );
    expect(note.issues).toEqual([{ path: 'cart.0.note', message: t.noteTooLong }]);
    expect((await orderCounts(v.app)).orders).toBe(0);
    const fits = await placeOrder(v, orderBody(v, [cartLine(birra, 999, {}, 'n'.repeat(150))]));
    expect(fits.statusCode, fits.body).toBe(200);
  });

  it('refuses when ordering is disabled, the venue is closed, or the table is not this venue’s', async () => {
    const cart = [cartLine(v.menu.birra, 1)];
    await v.tablet.send(calls.ownerOrderToggle.path);
    await expectRefused(orderBody(v, cart), 409, 'ORDER_DISABLED', t.orderingDisabled);
    await v.tablet.send(calls.ownerOrderToggle.path);

    await setVenue(v.app, v.owner.venueId, { isClosed: true });
    await expectRefused(orderBody(v, cart), 409, 'VENUE_CLOSED', t.venueClosed);
    await setVenue(v.app, v.owner.venueId, {
      isClosed: false,
      openingTime: '19:30',
      closingTime: '23:00',
    });
    await expectRefused(orderBody(v, cart), 409, 'VENUE_CLOSED', t.venueClosed);
    // Past midnight: 18:00-02:00 is open at 01:00 Rome and closed at 02:00.
    await setVenue(v.app, v.owner.venueId, { openingTime: '18:00', closingTime: '02:00' });
    v.app.app.clock.advance(6 * 3600_000);
    expect((await placeOrder(v, orderBody(v, cart))).statusCode).toBe(200);
    v.app.app.clock.advance(3600_000);
    await expectRefused(orderBody(v, cart), 409, 'VENUE_CLOSED', t.venueClosed);
    v.app.app.clock.advance(-7 * 3600_000);

    const other = await setupVenue(v.app);
    await expectRefused(orderBody(v, cart, { tableId: other.tableId }), 404, 'TABLE_INVALID', t.invalidTable);
    await expectRefused(orderBody(v, cart, { tableId: 'nope' }), 404, 'TABLE_INVALID', t.invalidTable);
    await expectRefused(orderBody(v, cart, { ownerId: 'nope' }), 404, 'business_id_error');
    // Another venue's dish at this venue's table.
    await expectRefused(orderBody(v, [cartLine(other.menu.birra, 1)]), 400, 'dish_error');
  });

  it('needs a session; isOwner only for the venue’s own owner, who may order when ordering is off', async () => {
    const cart = [cartLine(v.menu.birra, 1)];
    const before = await storedRowCounts(v.app.app);
    expect((await placeOrder(v, orderBody(v, cart), '')).statusCode).toBe(401);
    expect(await storedRowCounts(v.app.app)).toEqual(before);
    await expectRefused(orderBody(v, cart, { isOwner: true }), 403, 'FORBIDDEN');
    const stranger = await createOwner(v.app);
    await expectRefused(orderBody(v, cart, { isOwner: true }), 403, 'FORBIDDEN', undefined, stranger.cookie);

    const outOfMenu = {
      id: null,
      name: 'Torta di compleanno',
      price: 1500,
      amount: 1,
      selected_option: 'cucina',
      categoryId: 'out_menu',
      categoryName: 'Fuori menu',
    };
    await expectRefused(orderBody(v, [outOfMenu]), 400, 'dish_error', t.outOfMenuOwnerOnly);
    await v.tablet.send(calls.ownerOrderToggle.path);
    const res = await placeOrder(v, orderBody(v, [...cart, outOfMenu], { isOwner: true }), v.owner.cookie);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as OrderAnswer).lines[1]).toMatchObject({
      dishId: null,
      name: 'Torta di compleanno',
      price: 1500,
      selected_option: 'cucina',
      categoryId: 'out_menu',
      categoryName: 'Fuori menu',
    });
  });

  it('stores one order for the same Idempotency-Key sent twice, and answers the same', async () => {
    const body = orderBody(v, [cartLine(v.menu.birra, 2)]);
    const key = { [SYNC_HEADERS.idempotencyKey]: 'send-0001-abcdef' };
    const first = await placeOrder(v, body, v.guest, key);
    const before = await orderCounts(v.app);
    const again = await placeOrder(v, body, v.guest, key);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.headers[SYNC_HEADERS.replayed]).toBe('1');
    expect(await orderCounts(v.app)).toEqual(before);
    expect(await v.app.app.store.db.select().from(orderLines)).toHaveLength(1);
    // The key with another cart is a mistake, not a new order.
    const reused = await placeOrder(v, orderBody(v, [cartLine(v.menu.birra, 3)]), v.guest, key);
    expect(reused.statusCode).toBe(409);
    expect(await orderCounts(v.app)).toEqual(before);
  });

  it('a table with open lines has orders: delete refused even after the owner switches its status off', async () => {
    await placeOrder(v, orderBody(v, [cartLine(v.menu.birra, 1)]));
    await v.tablet.send(calls.tablesSetStatus.path, { id: v.tableId, status: false });
    const listed = await v.app.app.inject({
      method: 'POST',
      url: calls.roomTablesGet.path,
      payload: { id: v.roomId },
      headers: { cookie: v.owner.cookie },
    });
    const views = listed.json().tablesList as Array<{ id: string; status: boolean; hasOrders: boolean }>;
    expect(views.find((x) => x.id === v.tableId)).toMatchObject({ status: false, hasOrders: true });
    expect(views.find((x) => x.id === v.otherTableId)).toMatchObject({ hasOrders: false });
    const refused = await v.tablet.send(calls.tablesDelete.path, { id: v.tableId });
    expect(refused.json()).toMatchObject({ success: false, code: 'CONFLICT', error: t.tableHasOrders });
    expect((await v.tablet.send(calls.tablesDelete.path, { id: v.otherTableId })).statusCode).toBe(200);
  });
});
