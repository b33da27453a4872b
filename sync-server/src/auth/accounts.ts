import type { UserSession } from '@comanda/shared-schema';
import type { Db } from '../db/client.ts';
import { hashToken, randomToken } from '../lib/ids.ts';
import {
  type EmailTokenRecord,
  insertEmailToken,
  type SignupDetails,
  sessionVenue,
  unusedEmailToken,
} from '../store/accounts.ts';
import type { Session } from '../store/sessions.ts';

export type Role = 'user' | 'owner';

/** Confirmation links last a week; restore links an hour. */
export const TOKEN_TTL_MS: Record<'confirm' | 'restore', number> = {
  confirm: 7 * 24 * 60 * 60 * 1000,
  restore: 60 * 60 * 1000,
};

export async function createEmailToken(
  db: Db,
  secret: string,
  userId: string,
  kind: 'confirm' | 'restore',
  now: number,
  signup?: SignupDetails,
): Promise<string> {
  const token = randomToken();
  await insertEmailToken(db, {
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
): Promise<EmailTokenRecord | undefined> {
  const row = await unusedEmailToken(db, hashToken(secret, token), kind);
  return row && row.expiresAt > now ? row : undefined;
}

type SessionAnswer = { success: true } & UserSession;

/**
 * The spec's "User session" for a session of the expected role; `valid: false` for none or
 * another role. Owners carry their venue (name, fee, print address).
 */
export async function sessionAnswer(db: Db, session: Session | null, role?: Role): Promise<SessionAnswer> {
  if (!session || (role && session.user.role !== role)) {
    // A switched guest on an owner check: the owner screens go back through sessionId/get|set.
    if (session?.returnSessionId) return { success: true, valid: false, ownerSwitch: true };
    // An owner's cookie on a customer page: the page switches (spec 1) rather than sign a guest in over it.
    if (session?.user.role === 'owner' && role === 'user')
      return { success: true, valid: false, ownerSession: true };
    return { success: true, valid: false };
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
  if (u.role === 'owner' && session.venueId) {
    const venue = await sessionVenue(db, session.venueId);
    if (venue) {
      // An owner's session is named after the venue (receipts, screen headers).
      answer.name = venue.name;
      answer.ownerIp = venue.ownerIp;
      answer.costoConsegna = venue.costoConsegna;
      answer.businessId = session.venueId;
    }
  }
  return answer;
}
