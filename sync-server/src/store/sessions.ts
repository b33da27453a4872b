import { and, eq, lt, ne, sql } from 'drizzle-orm';
import { type Db, first, perDb } from '../db/client.ts';
import { type SessionRow, sessions, type UserRow, users, venues } from '../db/schema.ts';

/*
 * The sessions' rows. The cookie, its token and when a session slides are auth/sessions.ts's
 * (SessionStore); what every layer reads of a signed-in caller, the `Session`, is defined here,
 * below http, the live route and the features that all take it.
 */

export interface Session {
  /** Hash of the token: the row's key. */
  id: string;
  /** The cookie value: it travels in the HttpOnly cookie only, never in a body. */
  token: string;
  user: UserRow;
  /** The owner's venue; null for customers and guests. */
  venueId: string | null;
  expiresAt: number;
  /** A guest session of an owner's switch (spec 1): the owner session it returns to. */
  returnSessionId: string | null;
}

const p = sql.placeholder;

/** Every signed-in request looks its session up: prepared once per connection. */
const statements = perDb((db: Db) => ({
  byId: db
    .select({ session: sessions, user: users, venueId: venues.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(venues, eq(venues.ownerUserId, users.id))
    .where(eq(sessions.id, p('id')))
    .prepare(),
  touch: db
    .update(sessions)
    .set({ expiresAt: sql`${p('expiresAt')}`, lastSeenAt: sql`${p('now')}` })
    .where(eq(sessions.id, p('id')))
    .prepare(),
  drop: db
    .delete(sessions)
    .where(eq(sessions.id, p('id')))
    .prepare(),
}));

/** The session row with its user and, for an owner, the venue; expired or not. */
export async function findSession(db: Db, id: string) {
  return await statements(db).byId.get({ id });
}

export async function touchSession(db: Db, id: string, expiresAt: number, now: number): Promise<void> {
  await statements(db).touch.run({ id, expiresAt, now });
}

export async function dropSession(db: Db, id: string): Promise<void> {
  await statements(db).drop.run({ id });
}

export async function sessionRow(db: Db, id: string): Promise<SessionRow | undefined> {
  return await first(db.select().from(sessions).where(eq(sessions.id, id)));
}

export async function insertSession(db: Db, row: SessionRow): Promise<void> {
  await db.insert(sessions).values(row);
}

/** Deletes the sessions expired before `now`, whoever's they are. */
export async function dropExpiredSessions(db: Db, now: number): Promise<void> {
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
}

/** Deletes the guest sessions switched from an owner session (spec 1). */
export async function dropSwitchedSessions(db: Db, ownerSessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.returnSessionId, ownerSessionId));
}

/** Deletes every session of an account, but the one with id `exceptId`. */
export async function dropSessionsOfUser(db: Db, userId: string, exceptId?: string): Promise<void> {
  const ofUser = eq(sessions.userId, userId);
  await db.delete(sessions).where(exceptId ? and(ofUser, ne(sessions.id, exceptId)) : ofUser);
}
