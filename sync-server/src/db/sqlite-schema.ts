import { DEFAULT_SLOT_CAPACITY, type SlotAreaCapacity } from '@comanda/shared-schema';
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * The SQLite schema (drizzle). Times are integer epoch milliseconds from the app clock; money is
 * integer cents; booleans are 0/1. Ids of users, venues and tables are random strings
 * (they appear in QR links).
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

export const venues = sqliteTable('businesses', {
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
  /**
   * Deliveries/pickups a 15-minute slot takes. The SQL default stays 1 (SQLite cannot
   * change a column default without rebuilding a table that others reference by cascading keys);
   * venues created through drizzle get DEFAULT_SLOT_CAPACITY, and migration 0003 raised the
   * untouched 1s to it.
   */
  slotCapacity: integer('slot_capacity')
    .notNull()
    .default(1)
    .$defaultFn(() => DEFAULT_SLOT_CAPACITY),
  /** Per kitchen area, orders of a slot with a line of that area (shared-schema SlotAreaCapacity). */
  slotAreaCapacity: text('slot_area_capacity', { mode: 'json' })
    .$type<SlotAreaCapacity>()
    .notNull()
    .default(sql`'{}'`),
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
    /**
     * A guest session opened by an owner's switch into the customer flow (spec 1): the owner
     * session it returns to. No foreign key: when that session ends (logout, expiry) the guest
     * must still know it was a switch, so the way back fails cleanly instead of acting as a guest.
     */
    returnSessionId: text('return_session_id'),
  },
  (t) => [index('sessions_user').on(t.userId), index('sessions_return').on(t.returnSessionId)],
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
    /**
     * A confirm token of a signup carries that signup's own password and names: the link that is
     * clicked activates exactly what was typed with it, so a second signup by someone who cannot
     * read the mailbox never changes which password the account gets.
     */
    passwordHash: text('password_hash'),
    firstName: text('first_name'),
    lastName: text('last_name'),
  },
  (t) => [index('email_tokens_user').on(t.userId)],
);

/**
 * A single-use, short-lived handoff for the spec's owner -> customer switch (section 1): the
 * owner's session is named by this token, never by the session cookie's value.
 */
export const handoffTokens = sqliteTable(
  'handoff_tokens',
  {
    /** HMAC of the token handed to the page. */
    id: text('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: ms('created_at').notNull(),
    expiresAt: ms('expires_at').notNull(),
    usedAt: ms('used_at'),
    /**
     * The switched guest session that asked for this way back (its `return_session_id` is
     * `session_id`): only its cookie may use it, and using it ends that guest session.
     */
    viaSessionId: text('via_session_id').references(() => sessions.id, { onDelete: 'cascade' }),
  },
  (t) => [index('handoff_tokens_session').on(t.sessionId)],
);

/**
 * Mails wait here until the transport took them (a durable outbox): a mail queued by a committed
 * change survives SMTP being down, a full folder or a crash, is retried with backoff and, when it
 * keeps failing, stays visible as 'failed' with its last error.
 */
export const mailOutbox = sqliteTable(
  'mail_outbox',
  {
    id: text('id').primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** What kind of mail (confirm, restore, delivery...): for logs and the per-mailbox caps. */
    kind: text('kind').notNull().default(''),
    status: text('status', { enum: ['pending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ms('next_attempt_at').notNull(),
    lastError: text('last_error'),
    createdAt: ms('created_at').notNull(),
    sentAt: ms('sent_at'),
  },
  (t) => [
    index('mail_outbox_due').on(t.status, t.nextAttemptAt),
    index('mail_outbox_recipient').on(t.recipient, t.createdAt),
  ],
);

/** Sync core: one row per device database (DESIGN.md rule 2). */
export const clientMutations = sqliteTable('client_mutations', {
  clientId: text('client_id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  venueId: text('business_id').references(() => venues.id, { onDelete: 'cascade' }),
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
    /** The call it answered: a repeated id is answered from here only for the same call. */
    scope: text('scope'),
    status: integer('status').notNull(),
    body: text('body', { mode: 'json' }).notNull(),
    /** Venue version after the mutation (x-comanda-version), when it had one. */
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
    venueId: text('business_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id').notNull(),
    op: text('op', { enum: ['put', 'delete'] }).notNull(),
    data: text('data', { mode: 'json' }),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [index('changes_business_version').on(t.venueId, t.version)],
);

export const rooms = sqliteTable(
  'rooms',
  {
    id: text('id').primaryKey(),
    venueId: text('business_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [index('rooms_business').on(t.venueId)],
);

/** Dining tables ("tables" in SQL; `diningTables` here to avoid confusion with SQL tables). */
export const diningTables = sqliteTable(
  'tables',
  {
    id: text('id').primaryKey(),
    venueId: text('business_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    roomId: text('room_id')
      .notNull()
      .references(() => rooms.id, { onDelete: 'restrict' }),
    /** Shown as 'Tavolo {n}', unique per venue. */
    number: integer('number').notNull(),
    x: integer('x').notNull().default(10),
    y: integer('y').notNull().default(70),
    status: bool('status').notNull().default(false),
    called: bool('called').notNull().default(false),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [uniqueIndex('tables_business_number').on(t.venueId, t.number), index('tables_room').on(t.roomId)],
);

export const categories = sqliteTable(
  'categories',
  {
    id: text('id').primaryKey(),
    venueId: text('business_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    /** Kitchen area its lines go to (spec selected_option). */
    area: text('area', { enum: ['cucina', 'bar', 'fritti'] }).notNull(),
  },
  (t) => [index('categories_business').on(t.venueId)],
);

export const dishes = sqliteTable(
  'dishes',
  {
    id: text('id').primaryKey(),
    venueId: text('business_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    categoryId: text('category_id')
      .notNull()
      .references(() => categories.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    price: integer('price').notNull(),
    description: text('description').notNull().default(''),
    available: bool('available').notNull().default(true),
  },
  (t) => [index('dishes_business').on(t.venueId), index('dishes_category').on(t.categoryId)],
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

const KITCHEN_AREA = ['cucina', 'bar', 'fritti'] as const;
const ORDER_KIND = ['table', 'consegna', 'ritiro'] as const;
const LINE_STATUS = ['preparation', 'ready', 'completed', 'owner_deleted'] as const;
const PAYMENT_METHOD = ['cassa', 'carta'] as const;

/**
 * A dashboard entry (spec 3 "Table / order"): a table's open order, which accumulates the lines
 * of every send until the owner completes it, or one delivery/pickup order. The spec's
 * `deliveryId` is the id of a consegna/ritiro order; `tipo` is derived from `kind`; `isCalled` is
 * the table's `called` flag (a call is the table's, with or without an order). Open while
 * `closed_at` is null; completing writes `order_history` and sets `closed_at`.
 */
export const orders = sqliteTable(
  'orders',
  {
    id: text('id').primaryKey(),
    venueId: text('business_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_KIND }).notNull(),
    /** Table orders only. A later table deletion keeps the closed orders that named it. */
    tableId: text('table_id').references(() => diningTables.id, { onDelete: 'set null' }),
    // Delivery/pickup form (spec 3 "Order form data" as submitted).
    nome: text('nome'),
    cognome: text('cognome'),
    telefono: text('telefono'),
    email: text('email'),
    indirizzo: text('indirizzo'),
    comune: text('comune'),
    noteConsegna: text('note_consegna'),
    /** 'HH:MM' Rome time of the slot. */
    orario: text('orario'),
    /** Rome date on which the slot's service window opened (slots.ts `serviceDate`). */
    slotDate: text('slot_date'),
    /** The customer chose 'Prima possibile' (orario is the range's start). */
    primaPossibile: bool('prima_possibile').notNull().default(false),
    /** 0 awaiting the owner's decision (deliveries), 1 accepted (tables at once). */
    accettato: bool('accettato').notNull().default(true),
    /** Cents. */
    sconto: integer('sconto').notNull().default(0),
    /** Cents, consegna only. */
    costoConsegna: integer('costo_consegna').notNull().default(0),
    /** Card service fee charged, cents. */
    serviceFee: integer('service_fee').notNull().default(0),
    /** Null until known: a table pays when it is completed. */
    paymentMethod: text('payment_method', { enum: PAYMENT_METHOD }),
    paymentIntentId: text('payment_intent_id'),
    accountIdPayment: text('account_id_payment'),
    /** 1 = paid (changeStatusPay). */
    statusPay: bool('status_pay').notNull().default(false),
    createdAt: ms('created_at').notNull(),
    /** Last time lines were added or the entry changed. */
    updatedAt: ms('updated_at').notNull(),
    closedAt: ms('closed_at'),
    /** Who sent it (a customer or guest account; the owner for phone orders): quotas, blocking. */
    placedBy: text('placed_by'),
    /** The client address it was sent from: per-address quotas and blocking. */
    placedFrom: text('placed_from'),
    /**
     * A card order not paid yet (a checkout, spec 4 "Customer order flow"): canceled at this
     * instant unless paid (CARD_CHECKOUT_MS after the send); null once paid and for any other
     * order. Closed with it still set means it expired unpaid (payments/checkout-expiry.ts).
     */
    checkoutUntil: ms('checkout_until'),
  },
  (t) => [
    // One open order per table: a second send appends to it (SQLite indexes NULLs as distinct).
    uniqueIndex('orders_open_table').on(t.tableId).where(sql`${t.closedAt} IS NULL`),
    // The dashboard: a venue's open entries.
    index('orders_business_open').on(t.venueId, t.closedAt),
    // Slot capacity: orders of a venue in one slot.
    index('orders_business_slot').on(t.venueId, t.slotDate, t.orario),
    // The delivery button's count: deliveries awaiting a decision (tables are accepted
    // at once). Used by queries that spell these two conditions out as literals.
    index('orders_pending_delivery').on(t.venueId).where(sql`${t.accettato} = 0 AND ${t.closedAt} IS NULL`),
    index('orders_payment_intent').on(t.paymentIntentId),
    // Pending deliveries per sender (the cap on slots one person can hold).
    index('orders_pending_by_sender')
      .on(t.venueId, t.placedBy)
      .where(sql`${t.accettato} = 0 AND ${t.closedAt} IS NULL`),
    // The expiry sweep: open card checkouts by deadline, across venues (few at any time).
    index('orders_checkout_due')
      .on(t.checkoutUntil)
      .where(sql`${t.checkoutUntil} IS NOT NULL AND ${t.closedAt} IS NULL`),
  ],
);

/**
 * Senders an owner blocked from the delivery desk: their account, and for a while the address
 * they sent from. A blocked sender's delivery and pickup orders are refused at send time.
 */
export const blockedSenders = sqliteTable(
  'blocked_senders',
  {
    id: text('id').primaryKey(),
    venueId: text('business_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    /** The blocked account (a guest or a customer). */
    userId: text('user_id'),
    /** The address the blocked order came from; blocked until `addressUntil`. */
    address: text('address'),
    addressUntil: ms('address_until'),
    /** What the owner saw: the order's name and phone, to recognise the block in the list. */
    label: text('label').notNull().default(''),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [index('blocked_senders_business').on(t.venueId)],
);

/**
 * A reservation line (spec 3): what was ordered, as ordered. Name, unit price (options
 * included), category and area are copied from the menu when ordered, so a later menu edit or a
 * deleted dish leaves past lines as they were (hence no foreign key on `dish_id`).
 */
export const orderLines = sqliteTable(
  'order_lines',
  {
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Denormalised: tenant checks on a line id (status/set) without a join. */
    venueId: text('business_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    /** 1, 2, 3... within its order: the display order. */
    seq: integer('seq').notNull(),
    /** Null for an out-of-menu line. */
    dishId: text('dish_id'),
    name: text('name').notNull(),
    /** Unit price in cents, selected options included. */
    price: integer('price').notNull(),
    amount: integer('amount').notNull(),
    /** The selected variants (shared-schema `Variant[]` with `selected`), sorted by position. */
    variant: text('variant', { mode: 'json' }).notNull().default(sql`'[]'`),
    note: text('note'),
    /** Kitchen area (spec selected_option). */
    selectedOption: text('selected_option', { enum: KITCHEN_AREA }).notNull(),
    /** The dish's category when ordered; 'out_menu' for an out-of-menu line. */
    categoryId: text('category_id'),
    categoryName: text('category_name').notNull().default(''),
    status: text('status', { enum: LINE_STATUS }).notNull().default('preparation'),
    printed: bool('printed').notNull().default(false),
    accettato: bool('accettato').notNull().default(true),
    createdAt: ms('created_at').notNull(),
    lastUpdate: ms('last_update').notNull(),
    /**
     * The venue version of the mutation that added the line, filled in by the trigger
     * `order_lines_created_version` (migration 0002) from every insert path: complete and delete
     * refuse when a line is newer than the version the tablet saw. Null: added before it existed.
     */
    createdVersion: integer('created_version'),
  },
  (t) => [index('order_lines_order').on(t.orderId, t.seq)],
);

/**
 * A completed table or delivery (written when it is completed): the totals as charged, one row per order.
 * `service_date` is the Rome date of the service (a night past midnight counts to the evening it
 * began), so reports group by day in SQL without time-zone arithmetic.
 */
export const orderHistory = sqliteTable(
  'order_history',
  {
    id: text('id').primaryKey(),
    venueId: text('business_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    /** The completed order's id (no foreign key: closed orders may be pruned). */
    orderId: text('order_id').notNull(),
    kind: text('kind', { enum: ORDER_KIND }).notNull(),
    tableId: text('table_id'),
    tableNumber: integer('table_number'),
    paymentMethod: text('payment_method', { enum: PAYMENT_METHOD }).notNull().default('cassa'),
    paymentIntentId: text('payment_intent_id'),
    // Cents (spec 3 "Order-history payload" plus the order view's rows).
    /** Lines not deleted by the owner: sum of price x amount. */
    totaleOrdine: integer('totale_ordine').notNull(),
    costoConsegna: integer('costo_consegna').notNull().default(0),
    serviceFee: integer('service_fee').notNull().default(0),
    sconto: integer('sconto').notNull().default(0),
    totalePagato: integer('totale_pagato').notNull(),
    /** The entry as the dashboard showed it (shared-schema `TableOrder`), for receipts. */
    snapshot: text('snapshot', { mode: 'json' }).notNull(),
    openedAt: ms('opened_at').notNull(),
    completedAt: ms('completed_at').notNull(),
    /** 'YYYY-MM-DD', Rome. */
    serviceDate: text('service_date').notNull(),
    /** Who completed it. */
    completedBy: text('completed_by'),
  },
  (t) => [
    uniqueIndex('order_history_order').on(t.orderId),
    index('order_history_business_completed').on(t.venueId, t.completedAt),
    index('order_history_business_date').on(t.venueId, t.serviceDate),
  ],
);

/**
 * The lines of a completed order, one row each, for SQL reports: revenue by dish,
 * category and kitchen area over a period. `total` is price x amount, 0 for owner_deleted lines.
 */
export const orderHistoryLines = sqliteTable(
  'order_history_lines',
  {
    /** The reservation line's id. */
    id: text('id').primaryKey(),
    historyId: text('history_id')
      .notNull()
      .references(() => orderHistory.id, { onDelete: 'cascade' }),
    venueId: text('business_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    completedAt: ms('completed_at').notNull(),
    serviceDate: text('service_date').notNull(),
    dishId: text('dish_id'),
    name: text('name').notNull(),
    categoryId: text('category_id'),
    categoryName: text('category_name').notNull().default(''),
    area: text('area', { enum: KITCHEN_AREA }).notNull(),
    price: integer('price').notNull(),
    amount: integer('amount').notNull(),
    total: integer('total').notNull(),
    status: text('status', { enum: LINE_STATUS }).notNull(),
    variant: text('variant', { mode: 'json' }).notNull().default(sql`'[]'`),
    note: text('note'),
  },
  (t) => [
    index('order_history_lines_history').on(t.historyId),
    index('order_history_lines_business_completed').on(t.venueId, t.completedAt),
    index('order_history_lines_business_dish').on(t.venueId, t.dishId),
  ],
);

/**
 * Table chat: a customer's message (live `sendMessage`) or the owner's answer (outbox
 * `/api/owner/chat/send`), stored as typed. The id is the sender device's UUID when it gave one,
 * so a resend after a dropped connection is stored once.
 */
export const chatMessages = sqliteTable(
  'chat_messages',
  {
    id: text('id').primaryKey(),
    venueId: text('business_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    tableId: text('table_id')
      .notNull()
      .references(() => diningTables.id, { onDelete: 'cascade' }),
    sender: text('sender', { enum: ['user', 'owner'] }).notNull(),
    /** Who wrote it (a customer, guest or owner account); kept if the account goes. */
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: ms('created_at').notNull(),
  },
  (t) => [
    // A table's conversation, and its burst count (more than 10 in 10 s is refused).
    index('chat_messages_table_created').on(t.tableId, t.createdAt),
    // The owner devices' snapshot: the venue's recent messages.
    index('chat_messages_business_created').on(t.venueId, t.createdAt),
  ],
);

/**
 * Waiter calls, one row per call that rang: when it was made and when a tablet
 * answered it. The table's `called` flag stays the dashboard's state; this is the customer's
 * (received, answered, 2-minute wait) and, later, a report's response times.
 */
export const tableCalls = sqliteTable(
  'table_calls',
  {
    id: text('id').primaryKey(),
    venueId: text('business_id')
      .notNull()
      .references(() => venues.id, { onDelete: 'cascade' }),
    tableId: text('table_id')
      .notNull()
      .references(() => diningTables.id, { onDelete: 'cascade' }),
    calledAt: ms('called_at').notNull(),
    answeredAt: ms('answered_at'),
  },
  (t) => [index('table_calls_table_called').on(t.tableId, t.calledAt)],
);

/**
 * Facts about the database itself. `generation`: a random id given when the database is made and
 * again to every backup copy and restore (`npm run backup`, `npm run migrate -- --after-restore`):
 * a device whose sync cursor names another generation reloads everything instead of asking for
 * changes after a version a restored database may number again (docs/reliability.md).
 */
export const storeMeta = sqliteTable('store_meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

export type OrderRecord = typeof orders.$inferSelect;
export type OrderLineRecord = typeof orderLines.$inferSelect;
export type CategoryRecord = typeof categories.$inferSelect;
export type DishRecord = typeof dishes.$inferSelect;
export type VariantRecord = typeof variants.$inferSelect;
export type VariantOptionRecord = typeof variantOptions.$inferSelect;

export type UserRow = typeof users.$inferSelect;
export type VenueRecord = typeof venues.$inferSelect;
export type SessionRow = typeof sessions.$inferSelect;
export type ChatMessageRecord = typeof chatMessages.$inferSelect;
export type TableCallRecord = typeof tableCalls.$inferSelect;
export type MailOutboxRecord = typeof mailOutbox.$inferSelect;
export type BlockedSenderRecord = typeof blockedSenders.$inferSelect;
export type HandoffTokenRecord = typeof handoffTokens.$inferSelect;
