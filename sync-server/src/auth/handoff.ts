import type { Db } from '../db/client.ts';
import { hashToken, randomToken } from '../lib/ids.ts';
import { dropHandoffs, insertHandoff, markHandoffUsed, unusedHandoff } from '../store/accounts.ts';

/** A handoff is used within moments of being made (spec 1's switch), so it lives 2 minutes. */
export const HANDOFF_TTL_MS = 2 * 60_000;

/** The session a handoff opens, and who may use it. */
export interface HandoffTarget {
  /** The session the handoff names (the caller's own, or the owner's a switched guest returns to). */
  sessionId: string;
  /** Its user: the handoff is used with this id (spec 7 `{sessionId, userId}`). */
  userId: string;
  /**
   * The switched guest session asking for the way back: only its cookie may use the handoff, and
   * using it ends that session. Null for a session's handoff to itself.
   */
  viaSessionId: string | null;
}

/**
 * A handoff for the spec's owner -> customer switch (section 1): a random token naming a
 * session, stored as its HMAC like the e-mail links. The session's own token never leaves its
 * HttpOnly cookie. A session has one live handoff: a new one retires the older.
 */
export async function createHandoff(
  db: Db,
  secret: string,
  target: HandoffTarget,
  now: number,
): Promise<string> {
  await dropHandoffs(db, target.sessionId, now);
  const token = randomToken();
  await insertHandoff(db, {
    id: hashToken(secret, token),
    sessionId: target.sessionId,
    userId: target.userId,
    viaSessionId: target.viaSessionId,
    createdAt: now,
    expiresAt: now + HANDOFF_TTL_MS,
  });
  return token;
}

/**
 * Uses a handoff once: what it names when it is unused, unexpired and made for `userId`; null
 * otherwise (nothing consumed). Call inside the transaction that acts on it, so that a check
 * failing after it (the caller's cookie) rolls the use back.
 */
export async function consumeHandoff(
  db: Db,
  secret: string,
  token: string,
  userId: string,
  now: number,
): Promise<HandoffTarget | null> {
  const row = await unusedHandoff(db, hashToken(secret, token));
  if (!row || row.expiresAt <= now || row.userId !== userId) return null;
  await markHandoffUsed(db, row.id, now);
  return { sessionId: row.sessionId, userId: row.userId, viaSessionId: row.viaSessionId };
}
