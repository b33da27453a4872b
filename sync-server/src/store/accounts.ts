import { and, eq, gt, isNull, lt, or } from 'drizzle-orm';
import { type Db, first } from '../db/client.ts';
import {
  emailTokens,
  type HandoffTokenRecord,
  handoffTokens,
  type UserRow,
  users,
  type VenueRecord,
  venues,
} from '../db/schema.ts';

/*
 * Accounts (spec 7 "Accounts"): the users' rows, the single-use links mailed to them (confirm,
 * restore) and the handoffs of the owner -> customer switch (spec 1). Tokens are stored as their
 * HMAC; making, hashing and expiring them is auth's (auth/accounts.ts, auth/handoff.ts).
 */

export type { UserRow } from '../db/schema.ts';
/** A new account as stored: columns with a default may be left out. */
export type NewAccount = typeof users.$inferInsert;
/** What the account calls change of an account (confirmation, password, names). */
export type AccountUpdate = Partial<
  Pick<UserRow, 'passwordHash' | 'emailConfirmed' | 'firstName' | 'lastName'>
>;
export type EmailTokenRecord = typeof emailTokens.$inferSelect;
export type EmailTokenKind = EmailTokenRecord['kind'];
export type NewEmailToken = typeof emailTokens.$inferInsert;
export type NewHandoff = typeof handoffTokens.$inferInsert;

/** Emails are kept trimmed and lower-cased: the unique index is then case-insensitive. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

/** What one signup typed: its confirm link activates exactly this (spec 7, DESIGN "Abuse"). */
export interface SignupDetails {
  passwordHash: string;
  firstName: string;
  lastName: string;
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return await first(
    db
      .select()
      .from(users)
      .where(eq(users.email, normalizeEmail(email)))
      .limit(1),
  );
}

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  return await first(db.select().from(users).where(eq(users.id, id)).limit(1));
}

/** The account's address (null for a guest), undefined when there is no such account. */
export async function accountEmail(db: Db, id: string): Promise<string | null | undefined> {
  return (await first(db.select({ email: users.email }).from(users).where(eq(users.id, id)).limit(1)))?.email;
}

export async function insertAccount(db: Db, row: NewAccount): Promise<void> {
  await db.insert(users).values(row);
}

/** Writes the fields given, and only those. */
export async function updateAccount(db: Db, id: string, set: AccountUpdate): Promise<void> {
  await db.update(users).set(set).where(eq(users.id, id));
}

/** The name of the owner account's venue, undefined when it has none. */
export async function venueNameOfOwner(db: Db, ownerUserId: string): Promise<string | undefined> {
  return (
    await first(
      db.select({ name: venues.name }).from(venues).where(eq(venues.ownerUserId, ownerUserId)).limit(1),
    )
  )?.name;
}

/** What an owner's "User session" carries of its venue (spec 7): name, print address, delivery fee. */
export async function sessionVenue(
  db: Db,
  venueId: string,
): Promise<Pick<VenueRecord, 'name' | 'ownerIp' | 'costoConsegna'> | undefined> {
  return await first(
    db
      .select({
        name: venues.name,
        ownerIp: venues.ownerIp,
        costoConsegna: venues.costoConsegna,
      })
      .from(venues)
      .where(eq(venues.id, venueId))
      .limit(1),
  );
}

export async function insertEmailToken(db: Db, row: NewEmailToken): Promise<void> {
  await db.insert(emailTokens).values(row);
}

/** The unused token row with this id (the token's HMAC) and kind, expired or not. */
export async function unusedEmailToken(
  db: Db,
  id: string,
  kind: EmailTokenKind,
): Promise<EmailTokenRecord | undefined> {
  return await first(
    db
      .select()
      .from(emailTokens)
      .where(and(eq(emailTokens.id, id), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)))
      .limit(1),
  );
}

/** How many links of that kind a user was sent since `since` (epoch ms). */
export async function countTokensSince(
  db: Db,
  userId: string,
  kind: EmailTokenKind,
  since: number,
): Promise<number> {
  const rows = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), gt(emailTokens.createdAt, since)));
  return rows.length;
}

/** Retires a user's unused links of that kind (the account was confirmed or its password set). */
export async function dropUnusedTokens(db: Db, userId: string, kind: EmailTokenKind): Promise<void> {
  await db
    .delete(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
}

export async function markTokenUsed(db: Db, id: string, now: number): Promise<void> {
  await db.update(emailTokens).set({ usedAt: now }).where(eq(emailTokens.id, id));
}

/** Deletes the session's handoffs and every expired one: a session has one live handoff (spec 1). */
export async function dropHandoffs(db: Db, sessionId: string, now: number): Promise<void> {
  await db
    .delete(handoffTokens)
    .where(or(eq(handoffTokens.sessionId, sessionId), lt(handoffTokens.expiresAt, now)));
}

export async function insertHandoff(db: Db, row: NewHandoff): Promise<void> {
  await db.insert(handoffTokens).values(row);
}

/** The unused handoff with this id (the token's HMAC), expired or not. */
export async function unusedHandoff(db: Db, id: string): Promise<HandoffTokenRecord | undefined> {
  return await first(
    db
      .select()
      .from(handoffTokens)
      .where(and(eq(handoffTokens.id, id), isNull(handoffTokens.usedAt)))
      .limit(1),
  );
}

export async function markHandoffUsed(db: Db, id: string, now: number): Promise<void> {
  await db.update(handoffTokens).set({ usedAt: now }).where(eq(handoffTokens.id, id));
}
