import { createHash } from 'node:crypto';
import { calls, type MenuDish, type TableOrder } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../src/auth/passwords.ts';
import { SESSION_COOKIE } from '../../src/auth/sessions.ts';
import { businesses, diningTables, rooms, users } from '../../src/db/schema.ts';
import { DEMO_EMAIL, seedDemo } from '../../src/demo/demo-seed.ts';
import { randomId } from '../../src/lib/ids.ts';
import { startFakeStripe } from '../fakes/stripe.ts';
import { createTestApp } from '../test-app.ts';
import { genContext } from './gen-context.ts';
import { call, column, must, topUp } from './world-data.ts';
import type { Pools, World } from './world-shape.ts';

/**
 * The fuzzers' world: the real app on a temp SQLite file with the demo venue (two rooms, ten
 * tables, the demo menu) and, made through the real calls, open table orders, a pending and an
 * accepted delivery, a card order paid on the fake Stripe, a chat message, a waiter call and a
 * completed order in the history; plus a second venue whose ids a body may name. `refresh()`
 * (before each route) mints fresh sessions, puts the venue's switches back and tops the data up,
 * since valid fuzzed calls delete tables, complete orders and close the venue.
 */

/** Rome 19:00 on a Tuesday: the demo venue (18:00-02:00) is open, deliveries too. */
export const FUZZ_NOW = '2025-07-15T19:00:00+02:00';

/**
 * Tables a refused call may legitimately change; every other table must be byte-for-byte equal
 * after a 4xx.
 */
export const FINGERPRINT_EXCLUDED: Record<string, string> = {
  // The sync core stores a refused mutation's answer and advances the device's counter on
  // purpose (DESIGN.md rule 2): a refusal must never block the outbox entries behind it.
  client_mutations: 'sync core: mutation counters advance on a stored refusal',
  mutation_answers: 'sync core: a refusal is stored so a replay answers the same',
  // The same rule for header-less callers with an Idempotency-Key.
  idempotency: 'sync core: refusals stored per Idempotency-Key',
  // Session bookkeeping: every signed-in request may drop expired rows or extend a session,
  // refused or not (and a sign-in makes a row before its answer).
  sessions: 'session bookkeeping (expiry sweep, sliding extension)',
};

const selects = new WeakMap<FastifyInstance, Map<string, string>>();

/** `SELECT *` in a stable order: by rowid, or (WITHOUT ROWID tables) by every column. */
function selectAll(app: FastifyInstance, name: string): string {
  let known = selects.get(app);
  if (!known) {
    known = new Map();
    selects.set(app, known);
  }
  let sql = known.get(name);
  if (!sql) {
    const withoutRowid = Boolean(
      app.store.sqlite.prepare('SELECT wr FROM pragma_table_list WHERE name = ?').pluck().get(name),
    );
    const columns = column(app, 'SELECT name FROM pragma_table_info(?)', name);
    sql = withoutRowid
      ? `SELECT * FROM "${name}" ORDER BY ${columns.map((c) => `"${c}"`).join(', ')}`
      : `SELECT * FROM "${name}" ORDER BY rowid`;
    known.set(name, sql);
  }
  return sql;
}

function tableHashesOf(app: FastifyInstance): Record<string, string> {
  const { sqlite } = app.store;
  const names = column(
    app,
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_stat%' ORDER BY name",
  ).filter((n) => !Object.hasOwn(FINGERPRINT_EXCLUDED, n));
  const out: Record<string, string> = {};
  for (const name of names) {
    const hash = createHash('sha256');
    for (const row of sqlite.prepare(selectAll(app, name)).raw().iterate()) {
      hash.update(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
      hash.update('\n');
    }
    out[name] = hash.digest('base64url');
  }
  return out;
}

function readPools(app: FastifyInstance, businessId: string, stranger: string): Pools {
  const biz = [businessId, stranger];
  const marks = biz.map(() => '?').join(',');
  return {
    business: biz,
    table: column(app, `SELECT id FROM tables WHERE business_id IN (${marks})`, ...biz),
    room: column(app, `SELECT id FROM rooms WHERE business_id IN (${marks})`, ...biz),
    category: column(app, `SELECT id FROM categories WHERE business_id IN (${marks})`, ...biz),
    dish: column(app, `SELECT id FROM dishes WHERE business_id IN (${marks})`, ...biz),
    variant: column(
      app,
      'SELECT v.id FROM variants v JOIN dishes d ON d.id = v.dish_id WHERE d.business_id = ?',
      businessId,
    ),
    option: column(
      app,
      'SELECT o.id FROM variant_options o JOIN variants v ON v.id = o.variant_id JOIN dishes d ON d.id = v.dish_id WHERE d.business_id = ? LIMIT 50',
      businessId,
    ),
    order: column(app, 'SELECT id FROM orders WHERE closed_at IS NULL ORDER BY created_at DESC LIMIT 40'),
    delivery: column(app, "SELECT id FROM orders WHERE kind <> 'table' ORDER BY created_at DESC LIMIT 40"),
    line: column(app, 'SELECT id FROM order_lines ORDER BY created_at DESC LIMIT 60'),
    chat: column(app, 'SELECT id FROM chat_messages ORDER BY created_at DESC LIMIT 20'),
    user: column(app, 'SELECT id FROM users LIMIT 20'),
    intent: column(app, 'SELECT payment_intent_id FROM orders WHERE payment_intent_id IS NOT NULL LIMIT 20'),
    history: column(app, 'SELECT id FROM order_history LIMIT 20'),
  };
}

export async function createFuzzWorld(options: { logLevel?: string } = {}): Promise<World> {
  const fake = await startFakeStripe();
  const t = await createTestApp({
    env: {
      COMANDA_FAKE_NOW: FUZZ_NOW,
      ...fake.env,
      ...(options.logLevel ? { LOG_LEVEL: options.logLevel } : {}),
    },
  });
  const { app } = t;
  const demo = await seedDemo(app.store, app.clock, 'password-demo-1', hashPassword);
  if (!demo) throw new Error('fuzz world: demo venue not created');
  const businessId = demo.businessId;
  const ownerUserId = column(app, 'SELECT id FROM users WHERE email = ?', DEMO_EMAIL)[0] as string;

  // A second venue: its ids are fair game for bodies (another tenant's rows).
  const now = app.clock.nowMs();
  const strangerUser = randomId();
  const strangerBusinessId = randomId();
  const strangerRoom = randomId();
  const strangerTableId = randomId();
  // Through the port, as the server's writes are (store/no-stray-writes.test.ts watches them).
  await app.store.port.writeVenue(strangerBusinessId, async (db) => {
    await db.insert(users).values({
      id: strangerUser,
      email: 'altro@example.it',
      role: 'owner',
      emailConfirmed: true,
      createdAt: now,
    });
    await db
      .insert(businesses)
      .values({ id: strangerBusinessId, ownerUserId: strangerUser, name: 'Altro locale', createdAt: now });
    await db
      .insert(rooms)
      .values({ id: strangerRoom, businessId: strangerBusinessId, name: 'Sala', createdAt: now });
    await db.insert(diningTables).values({
      id: strangerTableId,
      businessId: strangerBusinessId,
      roomId: strangerRoom,
      number: 1,
      createdAt: now,
    });
  });

  const guest = await call(app, calls.userLogin.path, { isAnonymus: true }, undefined);
  const guestUserId = String(guest.json().id);

  const mint = async (userId: string) => `${SESSION_COOKIE}=${(await app.sessions.create(userId)).token}`;
  let ownerCookie = await mint(ownerUserId);
  let guestCookie = await mint(guestUserId);

  const world: World = {
    t,
    app,
    fake,
    businessId,
    ownerUserId,
    guestUserId,
    strangerBusinessId,
    strangerTableId,
    pools: readPools(app, businessId, strangerBusinessId),
    menu: [],
    entries: [],
    fee: 0,
    cookie: (who) => (who === 'owner' ? ownerCookie : who === 'customer' ? guestCookie : undefined),
    genFor: (path) => genContext(world, path),
    async remint() {
      ownerCookie = await mint(ownerUserId);
      guestCookie = await mint(guestUserId);
    },
    async refresh() {
      await world.remint();
      await topUp(world);
      world.pools = readPools(app, businessId, strangerBusinessId);
      world.menu = (await must(app, calls.userMenuGet.path, { businessId }, guestCookie)).data as MenuDish[];
      world.entries = (await must(app, calls.dashboardGet.path, {}, ownerCookie))
        .reservations as TableOrder[];
      world.fee = Number(
        app.store.sqlite
          .prepare('SELECT costo_consegna FROM businesses WHERE id = ?')
          .pluck()
          .get(businessId),
      );
    },
    fingerprint: () =>
      createHash('sha256')
        .update(JSON.stringify(tableHashesOf(app)))
        .digest('base64url'),
    tableHashes: () => tableHashesOf(app),
    async close() {
      await t.close();
      await fake.stop();
    },
  };
  await world.refresh();
  return world;
}
