import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * The SQLite schema (drizzle). Times are integer epoch milliseconds from the app clock; money is
 * integer cents; booleans are 0/1. Ids of users, businesses and tables are random strings
 * (they appear in QR links). Orders, lines and history come with their issues.
 * After a change: `npm run db:generate -w @comanda/sync-server` and commit `drizzle/`.
 */

const bool = (name: string) => integer(name, { mode: 'boolean' });
const ms = (name: string) => integer(name, { mode: 'number' });

export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    /** Stored trimmed and lower-cased, so the unique index is case-insensitive. Null for guests. */
    email: text('email'),
    passwordHash: text('password_hash'),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    role: text('role', { enum: ['user', 'owner'] }).notNull(),
    isAnonymous: bool('is_anonymous').notNull().default(false),
    emailConfirmed: bool('email_confirmed').notNull().default(false),
    /** Spec "User": 1, 2 or 3 decides the extra owner panels. */
    version: integer('version').notNull().default(1),
    accountType: text('account_type', { enum: ['standard', 'report'] })
      .notNull()
      .default('standard'),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email)],
);

export const businesses = sqliteTable('businesses', {
  id: text('id').primaryKey(),
  ownerUserId: text('owner_user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** Sync version: bumped once per mutation that changed something. */
  version: integer('version').notNull().default(0),
  /** Highest version pruned from the change log: cursors below it get `reset`. */
  changeLogFloor: integer('change_log_floor').notNull().default(0),
  costoConsegna: integer('costo_consegna').notNull().default(0),
  openingTime: text('opening_time').notNull().default('18:00'),
  closingTime: text('closing_time').notNull().default('23:00'),
  openConsegna: text('open_consegna').notNull().default('19:00'),
  closeConsegna: text('close_consegna').notNull().default('22:30'),
  abilitaConsegna: bool('abilita_consegna').notNull().default(false),
  /** JSON array of city names served by delivery. */
  deliveryCities: text('delivery_cities', { mode: 'json' }).$type<string[]>().notNull().default(sql`'[]'`),
  /** Deliveries/pickups accepted per 15-minute slot. */
  slotCapacity: integer('slot_capacity').notNull().default(1),
  orderEnabled: bool('order_enabled').notNull().default(true),
  chatEnabled: bool('chat_enabled').notNull().default(true),
  isClosed: bool('is_closed').notNull().default(false),
  messaggioChiusura: text('messaggio_chiusura').notNull().default(''),
  /** Address of the venue's print bridge (spec ownerIp). */
  ownerIp: text('owner_ip'),
  stripeAccountId: text('stripe_account_id'),
  createdAt: ms('created_at').notNull(),
});

export const sessions = sqliteTable(
  'sessions',
  {
    /** HMAC of the cookie token: a copy of the database cannot be replayed as a cookie. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ms('created_at').notNull(),
    expiresAt: ms('expires_at').notNull(),
    lastSeenAt: ms('last_seen_at').notNull(),
  },
  (t) => [index('sessions_user').on(t.userId)],
);

export const emailTokens = sqliteTable(
  'email_tokens',
  {
    /** HMAC of the token sent by mail. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['confirm', 'restore'] }).notNull(),
    createdAt: ms('created_at').notNull(),
    expiresAt: ms('expires_at').notNull(),
    usedAt: ms('used_at'),
  },
  (t) => [index('email_tokens_user').on(t.userId)],
);

/** Sync core: one row per device database (DESIGN.md rule 2). */
export const clientMutations = sqliteTable('client_mutations', {
  clientId: text('client_id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  businessId: text('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
  lastMutationId: integer('last_mutation_id').notNull().default(0),
  updatedAt: ms('updated_at').notNull(),
});

/** The stored answer of each applied or refused mutation, replayed for a repeated id. */
export const mutationAnswers = sqliteTable(
  'mutation_answers',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => clientMutations.clientId, { onDelete: 'cascade' }),
    mutationId: integer('mutation_id').notNull(),
    status: integer('status').notNull(),
    body: text('body', { mode: 'json' }).notNull(),
    /** Business version after the mutation (x-comanda-version), when it had one. */
    version: integer('version'),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.mutationId] })],
);

/** Stored answers of header-less calls that carried an Idempotency-Key. */
export const idempotency = sqliteTable(
  'idempotency',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    /** Hash of the request body: the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    status: integer('status').notNull(),
    body: text('body', { mode: 'json' }).notNull(),
    version: integer('version'),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_created').on(t.createdAt)],
);

/** The change log of DESIGN.md rule 3: what a client replays to catch up. */
export const changes = sqliteTable(
  'changes',
  {
    seq: integer('seq').primaryKey({ autoIncrement: true }),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    op: text('op', { enum: ['put', 'delete'] }).notNull(),
    data: text('data', { mode: 'json' }),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [index('changes_business_version').on(t.businessId, t.version)],
);

export const rooms = sqliteTable(
  'rooms',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [index('rooms_business').on(t.businessId)],
);

/** Dining tables ("tables" in SQL; `diningTables` here to avoid confusion with SQL tables). */
export const diningTables = sqliteTable(
  'tables',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    /** Shown as 'Tavolo {n}', unique per business. */
    number: integer('number').notNull(),
    x: integer('x').notNull().default(10),
    y: integer('y').notNull().default(70),
    status: bool('status').notNull().default(false),
    called: bool('called').notNull().default(false),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('tables_business_number').on(t.businessId, t.number),
    index('tables_room').on(t.roomId),
  ],
);

export const categories = sqliteTable(
  'categories',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    /** Kitchen area its lines go to (spec selected_option). */
    area: text('area', { enum: ['cucina', 'bar', 'fritti'] }).notNull(),
  },
  (t) => [index('categories_business').on(t.businessId)],
);

export const dishes = sqliteTable(
  'dishes',
  {
    id: text('id').primaryKey(),
    businessId: text('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    description: text('description').notNull().default(''),
    available: bool('available').notNull().default(true),
  },
  (t) => [index('dishes_business').on(t.businessId), index('dishes_category').on(t.categoryId)],
);

export const variants = sqliteTable(
  'variants',
  {
    id: text('id').primaryKey(),
    dishId: text('dish_id')
      .notNull()
      .references(() => dishes.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Spec "multi": 0 = mandatory single choice, 1 = any number of options. */
    multi: bool('multi').notNull().default(false),
    position: integer('position').notNull().default(0),
  },
  (t) => [index('variants_dish').on(t.dishId)],
);

export const variantOptions = sqliteTable(
  'variant_options',
  {
    id: text('id').primaryKey(),
    variantId: text('variant_id')
      .notNull()
      .references(() => variants.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    /** Cents added to the dish price; a 'no, grazie!' option (sorted first) costs 0. */
    price: integer('price').notNull().default(0),
  },
  (t) => [index('variant_options_variant').on(t.variantId)],
);

export type UserRow = typeof users.$inferSelect;
export type BusinessRecord = typeof businesses.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
