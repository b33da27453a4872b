// Venues and sessions for the benches' server children, on whichever store the app stands on
// (SQLite's file or PostgreSQL): copies of the demo venue made by the database itself, one
// statement per table for all the copies, and guest sessions opened through the app's own store.

import { randomBytes } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { columnNames, rowsOf, runSql } from '../../sync-server/test-support/raw-sql.ts';
import type { LiveVenue } from './order-live-protocol.ts';

/** The app's id shape (128 random bits, base64url). */
const randomId = (): string => randomBytes(16).toString('base64url');

/** Columns that name a row of the venue (its own id among them): rewritten to the copy's rows. */
const REFERENCES = new Set([
  'id',
  'business_id',
  'owner_user_id',
  'room_id',
  'category_id',
  'dish_id',
  'variant_id',
]);

/**
 * The venue's rows, parents first: which rows of each table belong to the demo venue (`src` is
 * the row read), and the columns a copy sets itself (`n.i` is the copy's number).
 */
function venueRows(demoId: string): Array<{ table: string; where: SQL; set?: Record<string, SQL> }> {
  return [
    {
      table: 'users',
      where: sql`src.id = (SELECT owner_user_id FROM businesses WHERE id = ${demoId})`,
      set: { email: sql`'bench-' || n.i || '@comanda.test'` },
    },
    { table: 'businesses', where: sql`src.id = ${demoId}`, set: { name: sql`'Locale ' || n.i` } },
    ...['rooms', 'tables', 'categories', 'dishes'].map((table) => ({
      table,
      where: sql`src.business_id = ${demoId}`,
    })),
    { table: 'variants', where: sql`src.dish_id IN (SELECT id FROM dishes WHERE business_id = ${demoId})` },
    {
      table: 'variant_options',
      where: sql`src.variant_id IN (SELECT v.id FROM variants v JOIN dishes d ON d.id = v.dish_id
        WHERE d.business_id = ${demoId})`,
    },
  ];
}

/**
 * `copies` copies of the demo venue (owner, rooms, tables, menu), copy i owned by
 * bench-<i>@comanda.test with the demo owner's password. A copy's ids are the demo's with `_c<i>`
 * after them (ids are opaque strings of at most 64 characters), so every reference inside the
 * venue is rewritten the same way and no row travels through this process.
 */
export async function copyDemoVenue(app: FastifyInstance, demoId: string, copies: number): Promise<void> {
  if (copies < 1) return;
  for (const { table, where, set = {} } of venueRows(demoId)) {
    const columns = await columnNames(app, table);
    const values = columns.map((column) => {
      const own = set[column];
      if (own) return own;
      const read = sql`src.${sql.identifier(column)}`;
      return REFERENCES.has(column) ? sql`${read} || '_c' || n.i` : read;
    });
    await runSql(
      app,
      sql`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${copies})
        INSERT INTO ${sql.identifier(table)} (${sql.join(
          columns.map((c) => sql.identifier(c)),
          sql`, `,
        )})
        SELECT ${sql.join(values, sql`, `)} FROM ${sql.identifier(table)} AS src CROSS JOIN n WHERE ${where}`,
    );
  }
}

/** Every venue with its owner's e-mail and its tables (by number), the demo first. */
export async function listVenues(app: FastifyInstance): Promise<LiveVenue[]> {
  const venues = await rowsOf<{ businessId: string; email: string }>(
    app,
    sql`SELECT b.id AS "businessId", u.email AS email FROM businesses b JOIN users u ON u.id = b.owner_user_id
      ORDER BY b.created_at, u.email`,
  );
  const tables = await rowsOf<{ businessId: string; id: string }>(
    app,
    sql`SELECT business_id AS "businessId", id FROM tables ORDER BY business_id, number`,
  );
  return venues.map((venue) => ({
    ...venue,
    tableIds: tables.filter((t) => t.businessId === venue.businessId).map((t) => t.id),
  }));
}

/**
 * `count` guest accounts with a session each (cookies `comanda_sid=...`), made here because guest
 * logins are rate-limited per address and every bench client is on loopback.
 */
export async function guestSessions(app: FastifyInstance, count: number): Promise<string[]> {
  const cookies: string[] = [];
  const one = async (): Promise<string> => {
    const id = randomId();
    // `(1 = 1)`: true on PostgreSQL's boolean column, 1 on SQLite's integer one.
    await runSql(
      app,
      sql`INSERT INTO users (id, role, is_anonymous, created_at) VALUES (${id}, 'user', (1 = 1), ${app.clock.nowMs()})`,
    );
    return `comanda_sid=${(await app.sessions.open(app.store.db, id)).token}`;
  };
  // A few at once: PostgreSQL answers over a pool; SQLite runs them one by one anyway.
  while (cookies.length < count) {
    const batch = Math.min(20, count - cookies.length);
    cookies.push(...(await Promise.all(Array.from({ length: batch }, one))));
  }
  return cookies;
}
