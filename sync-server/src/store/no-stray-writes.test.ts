import { randomUUID } from 'node:crypto';
import {
  CARD_CHECKOUT_MS,
  calls,
  DELIVERY_CITIES,
  type MenuDish,
  SYNC_HEADERS,
  WAITER_CALL_COOLDOWN_MS,
} from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { HttpFuzzer } from '../../test-support/fuzz/http-fuzz.ts';
import { LiveFuzzer } from '../../test-support/fuzz/live-fuzz.ts';
import { createFuzzWorld } from '../../test-support/fuzz/world.ts';
import { cartLineOf } from '../../test-support/fuzz/world-data.ts';
import type { World } from '../../test-support/fuzz/world-shape.ts';
import { sessionCookie } from '../../test-support/test-app.ts';
import { guardWrites, type StrayWrite, type WriteGuard } from '../../test-support/write-guard.ts';
import { type Db, first } from '../db/client.ts';
import { diningTables, mailOutbox, orders } from '../db/schema.ts';

/**
 * The port is the only door to a write (store/port.ts, README "Layers"): every statement that
 * changes the database runs inside a `writeVenue` or `writeAccount` transaction, so that a
 * transaction's work may one day await safely and a PostgreSQL adapter can replace SQLite.
 * A watch on the connection (test-support/write-guard.ts) lists any write run outside one while
 * the server does its work: the fuzz world's own building (the demo venue, orders, deliveries, a
 * card payment, chat, a waiter call, a completed order, all through the real calls), card
 * checkouts expired by the sweep and paid through the webhook, the mailer's sending and pruning,
 * every route fuzzed with valid and broken bodies, owner pushes, and every live event.
 */

let guard: WriteGuard;
let world: World;

beforeAll(async () => {
  guard = guardWrites();
  world = await createFuzzWorld();
}, 60_000);
afterAll(async () => {
  await world?.close();
  guard?.stop();
});

/** Strays since the last call, shown with where they ran. */
function strays(): string[] {
  return guard.strays
    .splice(0)
    .map((s: StrayWrite) => `${s.table}: ${s.sql}\n    at ${s.where.join('\n    at ')}`);
}

/** Runs `work` and answers how many writes it made inside the port: a phase that wrote nothing proves nothing. */
async function writesOf(work: () => Promise<unknown>): Promise<number> {
  const before = guard.inside();
  await work();
  return guard.inside() - before;
}

let sender = 0;
/** A card send (create-payment-intent) by a new guest from an address of its own. */
async function sendCard(): Promise<{ deliveryId: string; paymentIntentId: string }> {
  const { app, venueId } = world;
  const remoteAddress = `10.66.0.${++sender}`;
  const login = await app.inject({
    method: 'POST',
    url: calls.userLogin.path,
    payload: { isAnonymus: true },
    remoteAddress,
  });
  const dishes = world.menu
    .filter((d) => d.available !== false && d.price >= 100 && d.price <= 5000)
    .sort((a, b) => a.variants.length - b.variants.length || a.price - b.price);
  const deliveryId = randomUUID();
  const res = await app.inject({
    method: 'POST',
    url: calls.createPaymentIntent.path,
    remoteAddress,
    headers: { cookie: sessionCookie(login), [SYNC_HEADERS.idempotencyKey]: randomUUID() },
    payload: {
      tipo: 'Consegna',
      orario: '21:00',
      nome: 'Lucia',
      cognome: 'Bianchi',
      telefono: '3331234567',
      email: 'lucia@example.it',
      indirizzo: 'Via Roma 1',
      comune: DELIVERY_CITIES[0],
      cart: [cartLineOf(dishes[0] as MenuDish, 2, false), cartLineOf(dishes[1] as MenuDish, 1, true)],
      ownerId: venueId,
      deliveryId,
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return { deliveryId, paymentIntentId: String(res.json().paymentIntentId) };
}

const orderRow = async (id: string) =>
  await first(world.app.store.db.select().from(orders).where(eq(orders.id, id)));
const calledTable = async (id: string | undefined) =>
  (
    await first(
      world.app.store.db
        .select({ called: diningTables.called })
        .from(diningTables)
        .where(eq(diningTables.id, id ?? '')),
    )
  )?.called;

describe('every write of the server goes through the port', () => {
  it('building the fuzz world through the real calls', () => {
    expect(guard.inside()).toBeGreaterThan(0);
    expect(strays()).toEqual([]);
  });

  it('the checkout sweep, the Stripe webhook and the mailer', async () => {
    await world.refresh();
    const { app, fake } = world;
    const written = await writesOf(async () => {
      // An unpaid checkout past its deadline: the sweep cancels it and closes the order.
      const unpaid = await sendCard();
      app.clock.advance(CARD_CHECKOUT_MS + 1000);
      await app.checkouts.runOnce();
      expect((await orderRow(unpaid.deliveryId))?.closedAt).not.toBeNull();

      // A payment Stripe tells through the webhook.
      const paid = await sendCard();
      await fake.confirm(paid.paymentIntentId);
      const { payload, headers } = fake.signed(fake.event('payment_intent.succeeded', paid.paymentIntentId));
      const hook = await app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers });
      expect(hook.statusCode, hook.body).toBe(200);
      expect((await orderRow(paid.deliveryId))?.statusPay).toBe(true);

      // The mailer: a mail queued, claimed and marked sent; an hour on, old rows pruned.
      await app.mailer.queue({ to: 'porta@example.it', subject: 'Prova', text: 'Prova' });
      await app.mailer.flush();
      app.clock.advance(61 * 60_000);
      await app.mailer.queue({ to: 'porta@example.it', subject: 'Prova', text: 'Di nuovo' });
      await app.mailer.flush();
      const box = await app.store.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.recipient, 'porta@example.it'));
      expect(box.map((row) => row.status)).toEqual(['sent', 'sent']);
    });
    expect(written).toBeGreaterThan(0);
    expect(strays()).toEqual([]);
  });

  it('every route fuzzed, valid and broken bodies, and owner pushes', async () => {
    const fuzzer = new HttpFuzzer(world, { seed: 20_251_101, runs: 4, pushRuns: 20 });
    expect(await writesOf(() => fuzzer.run(world.app.registeredCalls))).toBeGreaterThan(0);
    expect(strays()).toEqual([]);
    // Every route four times: 11 s alone, past 20 s on a machine at load 9 (a ceiling, not a wait).
  }, 90_000);

  it('every live event of the owner and of a customer', async () => {
    const { app, venueId } = world;
    const fuzzer = new LiveFuzzer(world, { seed: 20_251_101, runs: 8 });
    try {
      await fuzzer.start();
      const written = await writesOf(async () => {
        await fuzzer.run();
        // And for certain: a customer's message and the owner's dismissal of a waiter call.
        const tableId = (
          await first(
            app.store.db
              .select({ id: diningTables.id })
              .from(diningTables)
              .where(eq(diningTables.venueId, venueId))
              .orderBy(diningTables.number),
          )
        )?.id;
        const customer = await fuzzer.connect('customer');
        const text = `Un caffè, grazie ${randomUUID()}`;
        customer.ws.send(JSON.stringify({ event: 'sendMessage', data: { ownerId: venueId, tableId, text } }));
        await vi.waitFor(() => expect(customer.frames.some((f) => f.event === 'recieveMessage')).toBe(true));
        app.clock.advance(WAITER_CALL_COOLDOWN_MS);
        const call = await app.inject({
          method: 'POST',
          url: calls.userTableCall.path,
          headers: { cookie: world.cookie('customer') ?? '' },
          payload: { ownerId: venueId, tableId },
        });
        expect(call.statusCode, call.body).toBe(200);
        expect(await calledTable(tableId)).toBe(true);
        const owner = await fuzzer.connect('owner');
        owner.ws.send(JSON.stringify({ event: 'discardCalledTable', data: { ownerId: venueId, tableId } }));
        await vi.waitFor(async () => expect(await calledTable(tableId)).toBe(false));
      });
      expect(written).toBeGreaterThan(0);
    } finally {
      fuzzer.stop();
    }
    expect(strays()).toEqual([]);
  });

  it('the watch itself: a server write that bypasses the port is listed', async () => {
    const { port, db } = world.app.store;
    // The mail's write runs on the store's handle, outside any transaction of the port.
    // `then(work)`: the work runs on its own, as a port would run it, with no test code around it.
    port.writeAccount = <T>(work: (tx: Db) => T | Promise<T>) => Promise.resolve(db).then(work) as Promise<T>;
    const queued = world.app.mailer.queue({ to: 'fuori@example.it', subject: 'x', text: 'y' });
    Reflect.deleteProperty(port, 'writeAccount');
    await queued;
    const seen = guard.strays.splice(0);
    expect(seen.map((s) => s.table)).toEqual(['mail_outbox']);
    expect(seen[0]?.where[0]).toContain('/src/mail/outbox.ts');
    await world.app.mailer.flush();
  });
});
