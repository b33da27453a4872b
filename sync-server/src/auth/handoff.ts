import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { handoffTokens } from '../db/schema.ts';
import { hashToken, randomToken } from '../lib/ids.ts';
import type { Session } from './sessions.ts';

/** A handoff is used within moments of being made (spec 1's switch), so it lives 2 minutes. */
export const HANDOFF_TTL_MS = 2 * 60_000;

/**
 * A handoff for the spec's owner -> customer switch (section 1): a random token naming the
 * caller's current session, stored as its HMAC like the e-mail links. The session's own token
 * never leaves its HttpOnly cookie. A session has one live handoff: a new one retires the older.
 */
export function createHandoff(db: Db, secret: string, session: Session, now: number): string {
  db.delete(handoffTokens)
    .where(or(eq(handoffTokens.sessionId, session.id), lt(handoffTokens.expiresAt, now)))
    .run();
  const token = randomToken();
  db.insert(handoffTokens)
    .values({
      id: hashToken(secret, token),
      sessionId: session.id,
      userId: session.user.id,
      createdAt: now,
      expiresAt: now + HANDOFF_TTL_MS,
    })
    .run();
  return token;
}

/**
 * Uses a handoff once: the id of the session it names when it is unused, unexpired and made for
 * `userId`; null otherwise (nothing consumed). Call inside the transaction that re-issues it.
 */
export function consumeHandoff(
  db: Db,
  secret: string,
  token: string,
  userId: string,
  now: number,
): string | null {
  const row = db
    .select()
    .from(handoffTokens)
    .where(and(eq(handoffTokens.id, hashToken(secret, token)), isNull(handoffTokens.usedAt)))
    .get();
  if (!row || row.expiresAt <= now || row.userId !== userId) return null;
  db.update(handoffTokens).set({ usedAt: now }).where(eq(handoffTokens.id, row.id)).run();
  return row.sessionId;
}
