import { randomUUID } from 'node:crypto';
import {
  calls,
  DELIVERY_CITIES,
  type MenuDish,
  NO_THANKS_LABEL,
  type ReservationLine,
  SYNC_HEADERS,
  type TableOrder,
} from '@comanda/shared-schema';
import { type SQL, sql } from 'drizzle-orm';
import type WebSocket from 'ws';
import { type FakeStripe, startFakeStripe } from './fakes/stripe.ts';
import { OPEN_NOW } from './kits/ordering.ts';
import { connectLive, type Device, device, type LiveClient, listen } from './kits/rooms.ts';
import { rowsOf } from './raw-sql.ts';
import {
  createCustomer,
  createGuest,
  createOwner,
  createTestApp,
  type Owner,
  post,
  type TestApp,
} from './test-app.ts';
import { buildMenu, cartOf, deliveryForm, must, PRICES, type Prices } from './two-venues-menu.ts';

export { cartOf } from './two-venues-menu.ts';

/**
 * Two fully populated venues in one app (the tenant isolation matrix and forged-money
 * tests): owners A ('Alfa') and B ('Zeta'), each with rooms, tables, a menu with variants, table
 * orders by a guest and by the owner (out-of-menu line included), deliveries and pickups (pending,
 * accepted, the owner's phone order, a card order paid at the fake Stripe), chat, a waiter call,
 * a completed order in the history, printed lines and a discount; plus one customer and one
 * guest who ordered at both. Everything is made through the real calls. Every text a venue wrote
 * starts with its label and a space ('Zeta ...'), which no random id can contain, so a response
 * carrying another venue's data is found by a substring; its amounts are chosen apart (A: multiples
 * of 0,50 €; B: odd cents above 10 €) and listed in `amounts`.
 */

export const ID_KINDS = [
  'venue',
  'ownerUser',
  'room',
  'table',
  'category',
  'dish',
  'variant',
  'option',
  'order',
  'delivery',
  'line',
  'chat',
  'history',
  'paymentIntent',
  'stripeAccount',
  'client',
  'blockedSender',
] as const;
export type IdKind = (typeof ID_KINDS)[number];

export interface VenueWorld {
  label: 'Alfa' | 'Zeta';
  /** 'Alfa ' or 'Zeta ': the start of every text this venue wrote. */
  marker: string;
  owner: Owner;
  tablet: Device;
  stripeAccount: string;
  prices: Prices;
  rooms: { main: string; spare: string };
  /** t1: guest order, called, chat, discount; t2: owner order, printed; t3: completed; t4: free. */
  tables: { t1: string; t2: string; t3: string; t4: string };
  categories: { pizze: string; bevande: string; fritti: string; empty: string };
  dishes: { margherita: MenuDish; capricciosa: MenuDish; birra: MenuDish; patatine: MenuDish };
  /** Open orders: tables t1 and t2 (order ids) and deliveries (their ids are the deliveryIds). */
  orders: { t1: string; t2: string; closed: string };
  deliveries: { pending: string; accepted: string; owner: string; card: string };
  lines: { t1: ReservationLine[]; t2: ReservationLine[]; accepted: ReservationLine[] };
  paymentIntent: string;
  /** A sender the owner blocked from the delivery desk (its pickup rejected with it). */
  blockedSender: string;
  /** Every id of the venue, by kind. */
  ids: Record<IdKind, string[]>;
  /** Distinctive money amounts (cents) of this venue. */
  amounts: number[];
  /** Other distinctive strings (e-mail addresses) besides the marker and the ids. */
  secrets: string[];
}

export interface TwoVenues {
  t: TestApp;
  fake: FakeStripe;
  /** ws://127.0.0.1:port */
  base: string;
  a: VenueWorld;
  b: VenueWorld;
  customer: string;
  guest: string;
  /**
   * Ids of one venue that the other took as the client id of a new entity of another kind (a
   * UUID is free in every table but its own): from then on they name the taker's own data too.
   */
  adopted: Set<string>;
  /** Sockets opened by the builder or by tests through `live` (closed by `close`). */
  live(query: string, cookie: string): Promise<LiveClient>;
  close(): Promise<void>;
}

async function buildVenue(
  t: TestApp,
  fake: FakeStripe,
  label: 'Alfa' | 'Zeta',
  people: { customer: string; guest: string },
  live: TwoVenues['live'],
): Promise<VenueWorld> {
  const marker = `${label} `;
  const prices = PRICES[label];
  const owner = await createOwner(t, `${label.toLowerCase()}.owner@example.it`);
  const tablet = device(t, owner);
  const send = async (path: string, body?: unknown) => must(await tablet.send(path, body), path);
  const stripeAccount = `acct_${label}VenueIT`;
  fake.addAccount(stripeAccount, 'IT');
  await send(calls.ownerProfileSet.path, {
    name: `${marker}Trattoria`,
    costoConsegna: prices.fee,
    abilitaConsegna: 1,
    openConsegna: '19:00',
    closeConsegna: '22:30',
    messaggioChiusura: `${marker}chiuso per ferie`,
    ownerIp: '192.168.1.50',
  });
  await send(calls.deliverySettingsSet.path, { deliveryCities: [...DELIVERY_CITIES], slotCapacity: 10 });
  await send(calls.stripeAccountSet.path, { stripeAccountId: stripeAccount });
  const w = { label, marker, owner, tablet, prices, stripeAccount };
  const menu = await buildMenu(w, t);

  const main = String((await send(calls.roomsAdd.path, { id: randomUUID(), name: `${marker}Sala` })).id);
  const spare = String((await send(calls.roomsAdd.path, { name: `${marker}Veranda` })).id);
  const table = async (x: number, id?: string) =>
    String((await send(calls.tablesAdd.path, { ...(id ? { id } : {}), roomId: main, x, y: 70 })).id);
  const tables = {
    t1: await table(10, randomUUID()),
    t2: await table(100),
    t3: await table(200),
    t4: await table(300),
  };
  const { margherita, capricciosa, birra, patatine } = menu.dishes;
  const mk = (name: string) => `${marker}${name}`;

  // Table orders: a guest at t1 and t3, the owner for t2 (with a 'Fuori menu' line of its own).
  const tableOrder = async (tableId: string, cart: unknown[], cookie = people.guest, isOwner = false) =>
    must(
      await post(
        t.app,
        calls.userOrder.path,
        { cart, tableId, ownerId: owner.venueId, ...(isOwner ? { isOwner } : {}) },
        cookie,
        { [SYNC_HEADERS.idempotencyKey]: randomUUID() },
      ),
      'table order',
    ).lines as ReservationLine[];
  const t1Lines = await tableOrder(tables.t1, [
    cartOf(margherita, 2, [mk('Maxi')]),
    cartOf(capricciosa, 1, [mk('Mozzarella'), NO_THANKS_LABEL]),
    { ...cartOf(birra, 3), note: mk('ghiacciata') },
  ]);
  const t2Lines = await tableOrder(
    tables.t2,
    [
      cartOf(patatine, 2),
      {
        id: null,
        name: mk('Vino della casa'),
        price: prices.outOfMenu,
        amount: 1,
        selected_option: 'bar',
        categoryId: 'out_menu',
        categoryName: 'Fuori menu',
      },
    ],
    owner.cookie,
    true,
  );
  const oom = await send(calls.dashboardTableOutOfMenuAdd.path, {
    tableId: tables.t2,
    id: randomUUID(),
    line: { name: mk('Dolce del giorno'), price: prices.outOfMenu, selected_option: 'cucina' },
  });
  t2Lines.push((oom as { line: ReservationLine }).line);
  await tableOrder(tables.t3, [cartOf(birra, 1), cartOf(patatine, 1)]);
  const entryOf = async (tableId: string) =>
    (
      must(await post(t.app, calls.dashboardTableGet.path, { tableId }, owner.cookie), 'entry') as {
        table: TableOrder;
      }
    ).table;
  const t3Entry = await entryOf(tables.t3);
  await send(calls.dashboardTableHistory.path, {
    table: t3Entry,
    totaleOrdine: 0,
    costoConsegna: 0,
    totalePagato: 0,
  });
  // Owner's work on t1 and t2: a dish ready, a discount, the owner order printed.
  await send(calls.dashboardStatusSet.path, { id: t1Lines[0]?.id, status: 'ready' });
  await send(calls.dashboardTableModify.path, { tableId: tables.t1, reservations: [], sconto: 500 });
  await send(calls.dashboardTablePrint.path, { tableId: tables.t2, selected_option: 'tutto' });

  // Deliveries: a customer's pending consegna, a guest's ritiro accepted, the owner's phone order,
  // and a card consegna paid at the fake Stripe.
  const deliver = async (path: string, body: Record<string, unknown>, cookie: string) =>
    must(await post(t.app, path, body, cookie, { [SYNC_HEADERS.idempotencyKey]: randomUUID() }), path);
  const pending = await deliver(
    calls.userOrderDelivery.path,
    { ...deliveryForm(w, 'Consegna', '20:00'), cart: [cartOf(margherita, 1, [mk('Normale')])] },
    people.customer,
  );
  const accepted = await deliver(
    calls.userOrderDelivery.path,
    {
      ...deliveryForm(w, 'Ritiro', '20:15'),
      cart: [cartOf(capricciosa, 2, [mk('Funghi')]), cartOf(birra, 1)],
    },
    people.guest,
  );
  const acceptedEntry = (await send(calls.deliveryAccept.path, { deliveryId: accepted.deliveryId })) as {
    table: TableOrder;
  };
  const byOwner = await deliver(
    calls.userOrderDelivery.path,
    { ...deliveryForm(w, 'Consegna', '20:30'), cart: [cartOf(patatine, 3)], isOwner: true },
    owner.cookie,
  );
  const card = await deliver(
    calls.createPaymentIntent.path,
    {
      ...deliveryForm(w, 'Consegna', '20:45'),
      cart: [cartOf(margherita, 1, [mk('Maxi')])],
      deliveryId: randomUUID(),
    },
    people.customer,
  );
  const paymentIntent = String(card.paymentIntentId);
  await fake.confirm(paymentIntent);
  must(
    await post(
      t.app,
      calls.paymentStatus.path,
      { ownerId: owner.venueId, paymentIntentId: paymentIntent },
      people.customer,
    ),
    'payment status',
  );

  // A stranger's pickup, rejected with 'Blocca mittente' (from its own address: a block of the
  // loopback address would refuse every later test send at this venue).
  const spammer = await createGuest(t);
  const spam = must(
    await t.app.inject({
      method: 'POST',
      url: calls.userOrderDelivery.path,
      payload: { ...deliveryForm(w, 'Ritiro', '21:00'), cart: [cartOf(birra, 1)] },
      headers: { cookie: spammer, [SYNC_HEADERS.idempotencyKey]: randomUUID() },
      remoteAddress: '192.0.2.66',
    }),
    'spam pickup',
  );
  const { blocked } = (await send(calls.deliveryBlockSender.path, { deliveryId: spam.deliveryId })) as {
    blocked: { id: string };
  };

  // Chat at t1: the customer's phone writes, the owner answers; the waiter is called.
  const phone = await live(`ownerId=${owner.venueId}&tableId=${tables.t1}`, people.guest);
  const chatId = randomUUID();
  phone.ws.send(
    JSON.stringify({
      event: 'sendMessage',
      data: { ownerId: owner.venueId, tableId: tables.t1, text: mk('vorremmo il conto'), id: chatId },
    }),
  );
  await phone.next('recieveMessage');
  const answer = await send(calls.ownerChatSend.path, {
    id: randomUUID(),
    tableId: tables.t1,
    text: mk('arriva subito'),
  });
  must(
    await post(
      t.app,
      calls.userTableCall.path,
      { ownerId: owner.venueId, tableId: tables.t1 },
      people.guest,
      {
        [SYNC_HEADERS.idempotencyKey]: randomUUID(),
      },
    ),
    'table call',
  );
  phone.ws.close();

  const column = async (query: SQL) => (await rowsOf<{ id: string }>(t.app, query)).map((r) => r.id);
  const venueId = owner.venueId;
  const orderIds = await column(
    sql`SELECT id FROM orders WHERE business_id = ${venueId} ORDER BY created_at`,
  );
  const ordersOf = async (tableId: string) =>
    (await column(sql`SELECT id FROM orders WHERE table_id = ${tableId} AND closed_at IS NULL`))[0] ?? '';
  const historyIds = await column(sql`SELECT id FROM order_history WHERE business_id = ${venueId}`);
  const ids: Record<IdKind, string[]> = {
    venue: [venueId],
    ownerUser: [owner.userId],
    room: [main, spare],
    table: Object.values(tables),
    category: Object.values(menu.categories),
    dish: Object.values(menu.dishes).map((d) => d.id),
    variant: await column(
      sql`SELECT v.id AS id FROM variants v JOIN dishes d ON d.id = v.dish_id WHERE d.business_id = ${venueId}`,
    ),
    option: await column(
      sql`SELECT o.id AS id FROM variant_options o JOIN variants v ON v.id = o.variant_id
       JOIN dishes d ON d.id = v.dish_id WHERE d.business_id = ${venueId}`,
    ),
    order: await column(sql`SELECT id FROM orders WHERE business_id = ${venueId} AND kind = 'table'`),
    delivery: await column(sql`SELECT id FROM orders WHERE business_id = ${venueId} AND kind != 'table'`),
    line: await column(sql`SELECT id FROM order_lines WHERE business_id = ${venueId}`),
    chat: await column(sql`SELECT id FROM chat_messages WHERE business_id = ${venueId}`),
    history: historyIds,
    paymentIntent: [paymentIntent],
    stripeAccount: [stripeAccount],
    client: [tablet.clientId],
    blockedSender: [blocked.id],
  };
  if (orderIds.length !== 8 || ids.chat.length !== 2 || !(answer as { message?: unknown }).message) {
    throw new Error(`two-venues: ${label} is not fully populated`);
  }
  const numbers = async (query: SQL) =>
    (await rowsOf<Record<string, number>>(t.app, query)).flatMap((row) => Object.values(row).map(Number));
  const amounts = [
    ...Object.values(prices),
    ...(await numbers(
      sql`SELECT price, price * amount AS total FROM order_lines WHERE business_id = ${venueId}`,
    )),
    ...(await numbers(
      sql`SELECT totale_ordine, totale_pagato FROM order_history WHERE business_id = ${venueId}`,
    )),
    ...(await numbers(sql`SELECT service_fee FROM orders WHERE business_id = ${venueId}`)),
    fake.intent(paymentIntent)?.amount ?? 0,
  ];
  return {
    ...w,
    rooms: { main, spare },
    tables,
    categories: menu.categories,
    dishes: menu.dishes,
    orders: {
      t1: await ordersOf(tables.t1),
      t2: await ordersOf(tables.t2),
      closed:
        (await column(sql`SELECT order_id AS id FROM order_history WHERE business_id = ${venueId}`))[0] ?? '',
    },
    deliveries: {
      pending: String(pending.deliveryId),
      accepted: String(accepted.deliveryId),
      owner: String(byOwner.deliveryId),
      card: String(card.deliveryId),
    },
    lines: { t1: t1Lines, t2: t2Lines, accepted: acceptedEntry.table.reservations },
    paymentIntent,
    blockedSender: blocked.id,
    ids,
    amounts: [...new Set(amounts.filter((n) => n >= 1000))],
    secrets: [`${label.toLowerCase()}.cliente@example.it`, `${label.toLowerCase()}.owner@example.it`],
  };
}

/** Builds both venues (about a second); `close()` ends the sockets, the app and the fake Stripe. */
export async function buildTwoVenues(): Promise<TwoVenues> {
  const fake = await startFakeStripe();
  const t = await createTestApp({ env: { COMANDA_FAKE_NOW: OPEN_NOW, ...fake.env } });
  const base = await listen(t);
  const sockets: WebSocket[] = [];
  const live = async (query: string, cookie: string) => {
    const client = await connectLive(base, query, cookie);
    sockets.push(client.ws);
    return client;
  };
  const people = { customer: await createCustomer(t), guest: await createGuest(t) };
  const a = await buildVenue(t, fake, 'Alfa', people, live);
  const b = await buildVenue(t, fake, 'Zeta', people, live);
  return {
    t,
    fake,
    base,
    a,
    b,
    ...people,
    adopted: new Set(),
    live,
    async close() {
      for (const ws of sockets) ws.terminate();
      await t.close();
      await fake.stop();
    },
  };
}
