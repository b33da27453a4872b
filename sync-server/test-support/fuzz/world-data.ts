import { randomUUID } from 'node:crypto';
import { calls, DELIVERY_CITIES, type MenuDish, SYNC_HEADERS, type TableOrder } from '@comanda/shared-schema';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { randomId } from '../../src/lib/ids.ts';
import { FAKE_STRIPE_ACCOUNT } from '../fakes/stripe.ts';
import { rowsOf, runSql } from '../raw-sql.ts';
import { sessionCookie } from '../test-app.ts';
import type { World } from './world-shape.ts';

/** The fuzz world's data: made through the real calls, put back before each route. */

/** The first column of a query's rows, as text. */
export async function column(app: FastifyInstance, query: SQL): Promise<string[]> {
  return (await rowsOf<Record<string, unknown>>(app, query)).map((row) => String(Object.values(row)[0]));
}

/** A `count(*)` query's count. */
async function countOf(app: FastifyInstance, query: SQL): Promise<number> {
  return Number((await column(app, query))[0] ?? 0);
}

export async function call(
  app: FastifyInstance,
  path: string,
  body: unknown,
  cookie: string | undefined,
  headers = {},
) {
  const res = await app.inject({
    method: 'POST',
    url: path,
    headers: { ...(cookie ? { cookie } : {}), ...headers },
    payload: body as object,
  });
  return { status: res.statusCode, json: () => res.json() as Record<string, unknown>, body: res.body };
}

export async function must(
  app: FastifyInstance,
  path: string,
  body: unknown,
  cookie: string | undefined,
  headers = {},
) {
  const res = await call(app, path, body, cookie, headers);
  if (res.status !== 200)
    throw new Error(`fuzz world: ${path} answered ${res.status} ${res.body.slice(0, 300)}`);
  return res.json();
}

/** A cart line as the PWA builds it: the dish as received, an amount, the first option chosen. */
export function cartLineOf(dish: MenuDish, amount: number, pickFirst: boolean): Record<string, unknown> {
  return {
    ...dish,
    amount,
    variants: dish.variants.map((v) => ({
      ...v,
      selected: v.multi === 1 ? (pickFirst ? v.options.slice(0, 1) : []) : (v.options[0] ?? null),
    })),
  };
}

let seeds = 0;

/**
 * A delivery the world places for itself, as a new guest from an address of its own: the
 * fuzzer's customer may already hold the pending orders one account, or one address, is allowed
 * (delivery/senders.ts). Answers the stored answer and the guest's cookie.
 */
async function seedDelivery(app: FastifyInstance, path: string, body: unknown) {
  seeds += 1;
  const remoteAddress = `10.77.${(seeds >> 8) & 255}.${seeds & 255}`;
  const login = await app.inject({
    method: 'POST',
    url: calls.userLogin.path,
    payload: { isAnonymus: true },
    remoteAddress,
  });
  const cookie = sessionCookie(login);
  const res = await app.inject({
    method: 'POST',
    url: path,
    payload: body as object,
    headers: { cookie, [SYNC_HEADERS.idempotencyKey]: randomUUID() },
    remoteAddress,
  });
  if (res.statusCode !== 200)
    throw new Error(`fuzz world: ${path} answered ${res.statusCode} ${res.body.slice(0, 300)}`);
  return { answer: res.json() as Record<string, unknown>, cookie };
}

/** Delivery slots inside the venue's window at FUZZ_NOW. */
export const SLOTS = ['19:30', '19:45', '20:00', '20:15', '20:30', '21:00', '22:00'];

/** Puts the venue's switches back on and makes sure there is something to act on. */
export async function topUp(w: World): Promise<void> {
  const { app, venueId } = w;
  const owner = w.cookie('owner');
  const guest = w.cookie('customer');
  // The test's own write, not the server's (store/no-stray-writes.test.ts tells them apart): TRUE
  // and FALSE are booleans on PostgreSQL and 1 and 0 on SQLite; the JSON columns take their text.
  await runSql(
    app,
    sql`UPDATE businesses SET order_enabled = TRUE, chat_enabled = TRUE, is_closed = FALSE,
         abilita_consegna = TRUE, opening_time = '18:00', closing_time = '02:00', open_consegna = '18:00',
         close_consegna = '23:30', delivery_cities = ${JSON.stringify(DELIVERY_CITIES)}, slot_capacity = 50,
         slot_area_capacity = '{}', stripe_account_id = ${FAKE_STRIPE_ACCOUNT}
       WHERE id = ${venueId}`,
  );

  const count = (query: SQL) => countOf(app, query);
  if ((await count(sql`SELECT count(*) FROM rooms WHERE business_id = ${venueId}`)) < 2) {
    await must(app, calls.roomsAdd.path, { name: `Sala ${randomId().slice(0, 4)}` }, owner);
  }
  const roomId = (await column(app, sql`SELECT id FROM rooms WHERE business_id = ${venueId} LIMIT 1`))[0];
  while ((await count(sql`SELECT count(*) FROM tables WHERE business_id = ${venueId}`)) < 6) {
    await must(app, calls.tablesAdd.path, { roomId, x: 50, y: 50 }, owner);
  }
  if ((await count(sql`SELECT count(*) FROM categories WHERE business_id = ${venueId}`)) < 2) {
    await must(
      app,
      calls.ownerCategoryAdd.path,
      { name: `Cat ${randomId().slice(0, 6)}`, area: 'cucina' },
      owner,
    );
  }
  const plain = sql`SELECT count(*) FROM dishes WHERE business_id = ${venueId} AND available = TRUE AND price BETWEEN 100 AND 5000`;
  if ((await count(plain)) < 3) {
    const categoryId = (
      await column(app, sql`SELECT id FROM categories WHERE business_id = ${venueId} LIMIT 1`)
    )[0];
    for (let i = 0; i < 3; i++) {
      await must(
        app,
        calls.ownerDishAdd.path,
        { name: `Piatto ${randomId().slice(0, 6)}`, price: 500 + i * 50, categoryId },
        owner,
      );
    }
  }
  const menu = (await must(app, calls.userMenuGet.path, { businessId: venueId }, guest)).data as MenuDish[];
  // Dishes at everyday prices, fewest variants first: fuzzed menu edits add dishes at a million
  // euro with paid options, or free ones (below the card minimum).
  const orderable = menu
    .filter((d) => d.available !== false && d.price >= 100 && d.price <= 5000)
    .sort((a, b) => a.variants.length - b.variants.length || a.price - b.price);
  const cart = [
    cartLineOf(orderable[0] as MenuDish, 2, false),
    cartLineOf(orderable[1] as MenuDish, 1, true),
  ];

  // Open table orders on at least three tables.
  const free = await column(
    app,
    sql`SELECT t.id FROM tables t WHERE t.business_id = ${venueId}
       AND NOT EXISTS (SELECT 1 FROM orders o WHERE o.table_id = t.id AND o.closed_at IS NULL) ORDER BY t.number`,
  );
  const open = await count(
    sql`SELECT count(*) FROM orders WHERE business_id = ${venueId} AND kind = 'table' AND closed_at IS NULL`,
  );
  for (const tableId of free.slice(0, Math.max(0, 3 - open))) {
    await must(app, calls.userOrder.path, { cart, tableId, ownerId: venueId }, guest);
  }
  // A pending delivery and an accepted one.
  const delivery = (extra: Record<string, unknown>) => ({
    tipo: 'Consegna',
    orario: SLOTS[Math.floor(Math.random() * SLOTS.length)],
    nome: 'Lucia',
    cognome: 'Bianchi',
    telefono: '3331234567',
    email: 'lucia@example.it',
    indirizzo: 'Via Roma 1',
    comune: DELIVERY_CITIES[0],
    cart,
    ownerId: venueId,
    ...extra,
  });
  const deliveries = (accepted: SQL) =>
    count(
      sql`SELECT count(*) FROM orders WHERE business_id = ${venueId} AND kind <> 'table' AND accettato = ${accepted} AND closed_at IS NULL`,
    );
  if ((await deliveries(sql`FALSE`)) < 1) await seedDelivery(app, calls.userOrderDelivery.path, delivery({}));
  if ((await deliveries(sql`TRUE`)) < 1) {
    const { answer: placed } = await seedDelivery(
      app,
      calls.userOrderDelivery.path,
      delivery({ tipo: 'Ritiro', primaPossibile: true }),
    );
    await must(app, calls.deliveryAccept.path, { deliveryId: placed.deliveryId }, owner);
  }
  // A card order, paid.
  if (
    (await count(
      sql`SELECT count(*) FROM orders WHERE business_id = ${venueId} AND payment_intent_id IS NOT NULL AND closed_at IS NULL`,
    )) < 1
  ) {
    const { answer: intent, cookie: payer } = await seedDelivery(
      app,
      calls.createPaymentIntent.path,
      delivery({ deliveryId: randomUUID() }),
    );
    await w.fake.confirm(String(intent.paymentIntentId));
    await must(
      app,
      calls.paymentStatus.path,
      { ownerId: venueId, paymentIntentId: intent.paymentIntentId },
      payer,
    );
  }
  // Chat, a waiter call, and one completed order for the history and reports.
  const firstTable = (
    await column(app, sql`SELECT id FROM tables WHERE business_id = ${venueId} ORDER BY number LIMIT 1`)
  )[0];
  if ((await count(sql`SELECT count(*) FROM chat_messages WHERE business_id = ${venueId}`)) < 1) {
    await must(app, calls.ownerChatSend.path, { tableId: firstTable, text: 'Benvenuti!' }, owner);
  }
  if (
    (await count(
      sql`SELECT count(*) FROM table_calls WHERE business_id = ${venueId} AND answered_at IS NULL`,
    )) < 1
  ) {
    const called = await call(
      app,
      calls.userTableCall.path,
      { ownerId: venueId, tableId: firstTable },
      guest,
    );
    if (called.status >= 500) throw new Error(`fuzz world: table call ${called.status}`);
  }
  if ((await count(sql`SELECT count(*) FROM order_history WHERE business_id = ${venueId}`)) < 1) {
    const entries = (await must(app, calls.dashboardGet.path, {}, owner)).reservations as TableOrder[];
    const table = entries.find((e) => e.tableId);
    if (table) {
      await must(
        app,
        calls.dashboardTableHistory.path,
        { table, totaleOrdine: 0, costoConsegna: 0, totalePagato: 0 },
        owner,
      );
    }
  }
}
