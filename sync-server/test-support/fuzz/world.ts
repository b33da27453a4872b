import { createHash } from 'node:crypto';
import { calls, type MenuDish, type TableOrder } from '@comanda/shared-schema';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../src/auth/passwords.ts';
import { SESSION_COOKIE } from '../../src/auth/sessions.ts';
import { diningTables, rooms, users, venues } from '../../src/db/schema.ts';
import { DEMO_EMAIL, seedDemo } from '../../src/demo/demo-seed.ts';
import { randomId } from '../../src/lib/ids.ts';
import { startFakeStripe } from '../fakes/stripe.ts';
import { columnNames, PG_ROWS_DIGEST, preparedRowOf, rowsOf, tableNames } from '../raw-sql.ts';
import { createTestApp } from '../test-app.ts';
import { genContext } from './gen-context.ts';
import { call, column, must, topUp } from './world-data.ts';
import type { Pools, World } from './world-shape.ts';

/**
 * The fuzzers' world: the real app on a temp SQLite file (or, in a PostgreSQL project, a database
 * of its own there) with the demo venue (two rooms, ten tables, the demo menu) and, made through
 * the real calls, open table orders, a pending and an accepted delivery, a card order paid on the
 * fake Stripe, a chat message, a waiter call and a completed order in the history; plus a second
 * venue whose ids a body may name. `refresh()`
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

/**
 * On PostgreSQL, its tables for what SQLite's one process keeps in memory (the request quotas, the
 * live bus between instances): a refused call may legitimately change them.
 */
const PG_ONLY_EXCLUDED: Record<string, string> = {
  // The request quotas every instance shares (store/pg-quotas.ts): a refused call is counted too
  // (quotas are taken first), as the memory's counters count it on SQLite.
  quota_windows: 'request quotas: every request counts, refused or not',
  // The live bus's transport for big messages (live/pg-bus.ts): written after an earlier, accepted
  // call answered, and pruned by the clock.
  live_overflow: 'live bus: messages of earlier accepted calls, written after their answer',
};

/** The tables a fingerprint leaves out, on the store the app stands on. */
function excludedOn(app: FastifyInstance): Record<string, string> {
  return app.store.dialect === 'postgres'
    ? { ...FINGERPRINT_EXCLUDED, ...PG_ONLY_EXCLUDED }
    : FINGERPRINT_EXCLUDED;
}

const selects = new WeakMap<FastifyInstance, Map<string, SQL>>();

/**
 * SQLite: `SELECT *` in a stable order, by rowid or (WITHOUT ROWID tables) by every column. Asks
 * SQLite's own catalogue (pragma_table_list): rowids are SQLite's; PostgreSQL hashes its tables
 * itself (`pgTableHashes`).
 */
async function selectAll(app: FastifyInstance, name: string): Promise<SQL> {
  let known = selects.get(app);
  if (!known) {
    known = new Map();
    selects.set(app, known);
  }
  let query = known.get(name);
  if (!query) {
    const withoutRowid =
      (await column(app, sql`SELECT wr FROM pragma_table_list WHERE name = ${name}`))[0] === '1';
    const table = sql.identifier(name);
    query = withoutRowid
      ? sql`SELECT * FROM ${table} ORDER BY ${sql.join(
          (await columnNames(app, name)).map((c) => sql.identifier(c)),
          sql`, `,
        )}`
      : sql`SELECT * FROM ${table} ORDER BY rowid`;
    known.set(name, query);
  }
  return query;
}

/**
 * PostgreSQL: a token of a table's row versions (`x` its rows): the count and a sum of hashes of
 * each visible row version's place and writing transaction (ctid, xmin). A table's contents cannot
 * change without its token moving: an insert or an update writes a new row version with the
 * writing transaction's id, a delete takes one out of view. The token may move with the contents
 * unchanged (a row rewritten as it was): then the contents decide. Reading it renders no row, so
 * it is several times cheaper than `PG_ROWS_DIGEST` on the change log's JSON.
 */
const PG_ROW_VERSIONS = sql`count(*) || ':' || coalesce(sum(hashtextextended(x.ctid::text || '/' || x.xmin::text, 0)), 0)`;

/** One value per table, `value` over its rows `x`, from one prepared statement. */
async function perTable(app: FastifyInstance, names: readonly string[], value: SQL) {
  const columns = names.map(
    (name) => sql`(SELECT ${value} FROM ${sql.identifier(name)} x) AS ${sql.identifier(name)}`,
  );
  const row = await preparedRowOf<Record<string, string>>(app, sql`SELECT ${sql.join(columns, sql`, `)}`);
  if (!row) throw new Error('fuzz world: the tables were not read');
  return row;
}

/** PostgreSQL, per app: the tables' row-version tokens and content digests at the last look. */
const lastLook = new WeakMap<
  FastifyInstance,
  { versions: Record<string, string>; digests: Record<string, string> }
>();

/**
 * PostgreSQL: every table's content digest (`PG_ROWS_DIGEST`), made by the server. A check runs
 * before and after every case: the digests are made again only for the tables whose row versions
 * moved since the last look (`PG_ROW_VERSIONS`), as SQLite's `total_changes()` spares a rehash
 * (db-watch.ts). The tokens are read first: a write landing between the two reads moves the next
 * token, so it is never missed.
 */
async function pgTableHashes(
  app: FastifyInstance,
  names: readonly string[],
): Promise<Record<string, string>> {
  const versions = await perTable(app, names, PG_ROW_VERSIONS);
  const last = lastLook.get(app);
  const moved = last ? names.filter((name) => last.versions[name] !== versions[name]) : names;
  const digests = {
    ...last?.digests,
    ...(moved.length > 0 ? await perTable(app, moved, PG_ROWS_DIGEST) : {}),
  };
  lastLook.set(app, { versions, digests });
  return Object.fromEntries(names.map((name) => [name, digests[name] ?? '']));
}

const hashed = new WeakMap<FastifyInstance, Promise<string[]>>();

/** The tables a fingerprint hashes, read once per app (no call changes the schema). */
function hashedTables(app: FastifyInstance): Promise<string[]> {
  let names = hashed.get(app);
  if (!names) {
    names = listHashedTables(app);
    hashed.set(app, names);
  }
  return names;
}

async function listHashedTables(app: FastifyInstance): Promise<string[]> {
  const excluded = excludedOn(app);
  const names =
    app.store.dialect === 'postgres'
      ? // The store's tables; its sequences are no tables (a rolled-back insert advances them there).
        await tableNames(app)
      : // SQLite's bookkeeping too (sqlite_sequence, the migrations), not the planner's statistics.
        await column(
          app,
          sql`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_stat%' ORDER BY name`,
        );
  return names.filter((n) => !Object.hasOwn(excluded, n));
}

async function tableHashesOf(app: FastifyInstance): Promise<Record<string, string>> {
  const names = await hashedTables(app);
  if (app.store.dialect === 'postgres') return await pgTableHashes(app, names);
  const out: Record<string, string> = {};
  for (const name of names) {
    const hash = createHash('sha256');
    for (const row of await rowsOf<Record<string, unknown>>(app, await selectAll(app, name))) {
      hash.update(JSON.stringify(Object.values(row), (_k, v) => (typeof v === 'bigint' ? v.toString() : v)));
      hash.update('\n');
    }
    out[name] = hash.digest('base64url');
  }
  return out;
}

async function readPools(app: FastifyInstance, venueId: string, stranger: string): Promise<Pools> {
  const venueIds = sql.join(
    [venueId, stranger].map((id) => sql`${id}`),
    sql`, `,
  );
  return {
    venue: [venueId, stranger],
    table: await column(app, sql`SELECT id FROM tables WHERE business_id IN (${venueIds})`),
    room: await column(app, sql`SELECT id FROM rooms WHERE business_id IN (${venueIds})`),
    category: await column(app, sql`SELECT id FROM categories WHERE business_id IN (${venueIds})`),
    dish: await column(app, sql`SELECT id FROM dishes WHERE business_id IN (${venueIds})`),
    variant: await column(
      app,
      sql`SELECT v.id FROM variants v JOIN dishes d ON d.id = v.dish_id WHERE d.business_id = ${venueId}`,
    ),
    option: await column(
      app,
      sql`SELECT o.id FROM variant_options o JOIN variants v ON v.id = o.variant_id JOIN dishes d ON d.id = v.dish_id WHERE d.business_id = ${venueId} LIMIT 50`,
    ),
    order: await column(
      app,
      sql`SELECT id FROM orders WHERE closed_at IS NULL ORDER BY created_at DESC LIMIT 40`,
    ),
    delivery: await column(
      app,
      sql`SELECT id FROM orders WHERE kind <> 'table' ORDER BY created_at DESC LIMIT 40`,
    ),
    line: await column(app, sql`SELECT id FROM order_lines ORDER BY created_at DESC LIMIT 60`),
    chat: await column(app, sql`SELECT id FROM chat_messages ORDER BY created_at DESC LIMIT 20`),
    user: await column(app, sql`SELECT id FROM users LIMIT 20`),
    intent: await column(
      app,
      sql`SELECT payment_intent_id FROM orders WHERE payment_intent_id IS NOT NULL LIMIT 20`,
    ),
    history: await column(app, sql`SELECT id FROM order_history LIMIT 20`),
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
  const venueId = demo.venueId;
  const ownerUserId = (await column(app, sql`SELECT id FROM users WHERE email = ${DEMO_EMAIL}`))[0] as string;

  // A second venue: its ids are fair game for bodies (another tenant's rows).
  const now = app.clock.nowMs();
  const strangerUser = randomId();
  const strangerVenueId = randomId();
  const strangerRoom = randomId();
  const strangerTableId = randomId();
  // Through the port, as the server's writes are (store/no-stray-writes.test.ts watches them).
  await app.store.port.writeVenue(strangerVenueId, async (db) => {
    await db.insert(users).values({
      id: strangerUser,
      email: 'altro@example.it',
      role: 'owner',
      emailConfirmed: true,
      createdAt: now,
    });
    await db
      .insert(venues)
      .values({ id: strangerVenueId, ownerUserId: strangerUser, name: 'Altro locale', createdAt: now });
    await db
      .insert(rooms)
      .values({ id: strangerRoom, venueId: strangerVenueId, name: 'Sala', createdAt: now });
    await db.insert(diningTables).values({
      id: strangerTableId,
      venueId: strangerVenueId,
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
    venueId,
    ownerUserId,
    guestUserId,
    strangerVenueId,
    strangerTableId,
    pools: await readPools(app, venueId, strangerVenueId),
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
      world.pools = await readPools(app, venueId, strangerVenueId);
      world.menu = (await must(app, calls.userMenuGet.path, { businessId: venueId }, guestCookie))
        .data as MenuDish[];
      world.entries = (await must(app, calls.dashboardGet.path, {}, ownerCookie))
        .reservations as TableOrder[];
      world.fee = Number(
        (await column(app, sql`SELECT costo_consegna FROM businesses WHERE id = ${venueId}`))[0],
      );
    },
    fingerprint: async () =>
      createHash('sha256')
        .update(JSON.stringify(await tableHashesOf(app)))
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
