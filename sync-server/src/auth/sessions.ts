import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Store } from '../db/client.ts';
import { hashToken, randomToken } from '../lib/ids.ts';
import {
  dropExpiredSessions,
  dropSession,
  dropSessionsOfUser,
  dropSwitchedSessions,
  findSession,
  insertSession,
  type Session,
  sessionRow,
  touchSession,
} from '../store/sessions.ts';

export const SESSION_COOKIE = 'comanda_sid';
/** Sliding: every use extends a session to 30 days from then (owners and guests alike). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Extend at most once an hour, so a busy tablet does not write on every request. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

/** Server-side sessions: the cookie holds a random token, the database its HMAC. */
export class SessionStore {
  private readonly cache = new WeakMap<FastifyRequest, Session | null>();

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly secureCookie: boolean,
  ) {}

  /**
   * A new session (a new id on every login: no fixation). `returnSessionId`: a guest session of
   * an owner's switch into the customer flow, linked to the owner session it returns to.
   */
  create(userId: string, opts: { returnSessionId?: string } = {}): { token: string; expiresAt: number } {
    const token = randomToken();
    const now = this.clock.nowMs();
    const expiresAt = now + SESSION_TTL_MS;
    const { db } = this.store;
    dropExpiredSessions(db, now);
    insertSession(db, {
      id: hashToken(this.secret, token),
      userId,
      createdAt: now,
      expiresAt,
      lastSeenAt: now,
      returnSessionId: opts.returnSessionId ?? null,
    });
    return { token, expiresAt };
  }

  /** The live session of a token, or null (unknown, revoked or expired). */
  fromToken(token: string | undefined): Session | null {
    if (!token || token.length > 128) return null;
    const found = this.byId(hashToken(this.secret, token));
    return found ? { ...found, token } : null;
  }

  /**
   * The live session with this row id, without its token (which the database never holds): the
   * owner session a switched guest returns to. Null when unknown, revoked or expired.
   */
  byId(id: string): Omit<Session, 'token'> | null {
    const row = findSession(this.store.db, id);
    if (!row) return null;
    if (row.session.expiresAt <= this.clock.nowMs()) {
      dropSession(this.store.db, id);
      return null;
    }
    return {
      id,
      user: row.user,
      businessId: row.businessId,
      expiresAt: row.session.expiresAt,
      returnSessionId: row.session.returnSessionId,
    };
  }

  /**
   * Ends the guest sessions switched from an owner session (spec 1): the way back used, they
   * have nothing left to return to.
   */
  endSwitches(ownerSessionId: string): void {
    dropSwitchedSessions(this.store.db, ownerSessionId);
  }

  /**
   * The session of a request (memoised per request). Extends it when due and refreshes the
   * cookie when a reply is given.
   */
  fromRequest(req: FastifyRequest, reply?: FastifyReply): Session | null {
    if (this.cache.has(req)) return this.cache.get(req) ?? null;
    const session = this.fromToken(req.cookies[SESSION_COOKIE]);
    if (session) {
      const now = this.clock.nowMs();
      if (session.expiresAt - SESSION_TTL_MS + TOUCH_EVERY_MS <= now) {
        session.expiresAt = now + SESSION_TTL_MS;
        touchSession(this.store.db, session.id, session.expiresAt, now);
        if (reply) this.setCookie(reply, session.token, session.expiresAt);
      }
    }
    this.cache.set(req, session);
    return session;
  }

  /** Forget the memoised session of a request (after login or logout in the same request). */
  forgetRequest(req: FastifyRequest): void {
    this.cache.delete(req);
  }

  revoke(token: string): void {
    dropSession(this.store.db, hashToken(this.secret, token));
  }

  revokeAllForUser(userId: string, exceptToken?: string): void {
    const exceptId = exceptToken ? hashToken(this.secret, exceptToken) : undefined;
    dropSessionsOfUser(this.store.db, userId, exceptId);
  }

  /**
   * The same session (its user, its creation) under a new token, its expiry slid; the old token
   * stops working. The way back through a handoff (sessionId/set, spec 1): the database keeps
   * only the token's HMAC, so the cookie cannot be given back, and a fresh one is safer anyway.
   * Null when the session is gone or expired.
   */
  reissue(sessionId: string): { token: string; expiresAt: number } | null {
    const { db } = this.store;
    const row = sessionRow(db, sessionId);
    const now = this.clock.nowMs();
    if (!row || row.expiresAt <= now) return null;
    const token = randomToken();
    const expiresAt = now + SESSION_TTL_MS;
    insertSession(db, { ...row, id: hashToken(this.secret, token), expiresAt, lastSeenAt: now });
    dropSession(db, sessionId);
    return { token, expiresAt };
  }

  setCookie(reply: FastifyReply, token: string, expiresAt: number): void {
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secureCookie,
      path: '/',
      // Relative lifetime: the server clock may be shifted (COMANDA_FAKE_NOW), the browser's is not.
      maxAge: Math.max(0, Math.floor((expiresAt - this.clock.nowMs()) / 1000)),
    });
  }

  clearCookie(reply: FastifyReply): void {
    reply.clearCookie(SESSION_COOKIE, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.secureCookie,
      path: '/',
    });
  }

  /** Deletes expired rows of other users' sessions (called at start and on each login). */
  prune(): void {
    dropExpiredSessions(this.store.db, this.clock.nowMs());
  }
}
