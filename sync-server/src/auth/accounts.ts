import type { UserSession } from '@comanda/shared-schema';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { type Db, first } from '../db/client.ts';
import { businesses, emailTokens, type UserRow, users } from '../db/schema.ts';
import { hashToken, randomToken } from '../lib/ids.ts';
import type { Session } from '../store/sessions.ts';

export type Role = 'user' | 'owner';

/** Emails are kept trimmed and lower-cased: the unique index is then case-insensitive. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return await first(
    db
      .select()
      .from(users)
      .where(eq(users.email, normalizeEmail(email))),
  );
}

/** Confirmation links last a week; restore links an hour. */
export const TOKEN_TTL_MS: Record<'confirm' | 'restore', number> = {
  confirm: 7 * 24 * 60 * 60 * 1000,
  restore: 60 * 60 * 1000,
};

/** What one signup typed: its confirm link activates exactly this (spec 7, DESIGN "Abuse"). */
export interface SignupDetails {
  passwordHash: string;
  firstName: string;
  lastName: string;
}

export async function createEmailToken(
  db: Db,
  secret: string,
  userId: string,
  kind: 'confirm' | 'restore',
  now: number,
  signup?: SignupDetails,
): Promise<string> {
  const token = randomToken();
  await db.insert(emailTokens).values({
    id: hashToken(secret, token),
    userId,
    kind,
    createdAt: now,
    expiresAt: now + TOKEN_TTL_MS[kind],
    ...signup,
  });
  return token;
}

/** The unused, unexpired token row of that kind (and user, when given), or undefined. */
export async function findEmailToken(
  db: Db,
  secret: string,
  token: string,
  kind: 'confirm' | 'restore',
  now: number,
) {
  const row = await first(
    db
      .select()
      .from(emailTokens)
      .where(
        and(
          eq(emailTokens.id, hashToken(secret, token)),
          eq(emailTokens.kind, kind),
          isNull(emailTokens.usedAt),
        ),
      ),
  );
  return row && row.expiresAt > now ? row : undefined;
}

/** How many links of that kind a user was sent since `since` (epoch ms). */
export async function countTokensSince(
  db: Db,
  userId: string,
  kind: 'confirm' | 'restore',
  since: number,
): Promise<number> {
  const rows = await db
    .select({ id: emailTokens.id })
    .from(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), gt(emailTokens.createdAt, since)));
  return rows.length;
}

/** Retires a user's unused links of that kind (the account was confirmed or its password set). */
export async function dropUnusedTokens(db: Db, userId: string, kind: 'confirm' | 'restore'): Promise<void> {
  await db
    .delete(emailTokens)
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
}

export async function markTokenUsed(db: Db, id: string, now: number): Promise<void> {
  await db.update(emailTokens).set({ usedAt: now }).where(eq(emailTokens.id, id));
}

type SessionAnswer = { success: true } & UserSession;

/**
 * The spec's "User session" for a session of the expected role; `valid: false` for none or
 * another role. Owners carry their venue (name, fee, print address).
 */
export async function sessionAnswer(db: Db, session: Session | null, role?: Role): Promise<SessionAnswer> {
  if (!session || (role && session.user.role !== role)) {
    // A switched guest on an owner check: the owner screens go back through sessionId/get|set.
    return session?.returnSessionId
      ? { success: true, valid: false, ownerSwitch: true }
      : { success: true, valid: false };
  }
  const u = session.user;
  const answer: SessionAnswer = {
    success: true,
    valid: true,
    id: u.id,
    type: u.role,
    isAnonymus: u.isAnonymous,
    version: (u.version === 2 || u.version === 3 ? u.version : 1) as 1 | 2 | 3,
    accountType: u.accountType,
  };
  if (session.returnSessionId) answer.ownerSwitch = true;
  const fullName = `${u.firstName} ${u.lastName}`.trim();
  if (fullName) answer.name = fullName;
  if (u.role === 'owner' && session.businessId) {
    const biz = await first(
      db
        .select({
          name: businesses.name,
          ownerIp: businesses.ownerIp,
          costoConsegna: businesses.costoConsegna,
        })
        .from(businesses)
        .where(eq(businesses.id, session.businessId)),
    );
    if (biz) {
      // An owner's session is named after the venue (receipts, screen headers).
      answer.name = biz.name;
      answer.ownerIp = biz.ownerIp;
      answer.costoConsegna = biz.costoConsegna;
      answer.businessId = session.businessId;
    }
  }
  return answer;
}
