import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { hashToken, randomToken } from '../lib/ids.ts';
import { SESSION_COOKIE } from '../lib/session-cookie.ts';
import type { DataStore } from '../store/data-store.ts';
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

export { SESSION_COOKIE };
/** Sliding: every use extends a session to 30 days from then (owners and guests alike). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Extend at most once an hour, so a busy tablet does not write on every request. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;
/** Longer than any token this server makes: a cookie past it is not looked up at all. */
const MAX_TOKEN_LENGTH = 128;
/** A token worth looking up: present and no longer than any this server makes. */
const plausible = (token: string | undefined): token is string =>
  token !== undefined && token.length > 0 && token.length <= MAX_TOKEN_LENGTH;

/**
 * Server-side sessions: the cookie holds a random token, the database its HMAC.
 *
 * Reads and writes go through the store port (DESIGN.md "Persistence"): a method called on its
 * own opens its own read or write; one that is part of a larger transaction takes that
 * transaction's `db` (a port call from inside a transaction would wait on itself).
 * The bookkeeping of a read (sliding an expiry, dropping an expired row) is queued behind it:
 * losing it costs nothing but a later retry.
 */
export class SessionStore {
  private readonly cache = new WeakMap<FastifyRequest, Promise<Session | null>>();

  constructor(
    private readonly store: DataStore,
    private readonly clock: Clock,
    private readonly secret: string,
    private readonly secureCookie: boolean,
    private readonly onError: (err: unknown) => void,
  ) {}

  /**
   * A new session (a new id on every login: no fixation). `returnSessionId`: a guest session of
   * an owner's switch into the customer flow, linked to the owner session it returns to.
   */
  create(
    userId: string,
    opts: { returnSessionId?: string } = {},
  ): Promise<{ token: string; expiresAt: number }> {
    return this.store.port.writeAccount((db) => this.open(db, userId, opts));
  }

  /** `create` inside the caller's write transaction. */
  async open(
    db: Db,
    userId: string,
    opts: { returnSessionId?: string } = {},
  ): Promise<{ token: string; expiresAt: number }> {
    const token = randomToken();
    const now = this.clock.nowMs();
    const expiresAt = now + SESSION_TTL_MS;
    await dropExpiredSessions(db, now);
    await insertSession(db, {
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
  async fromToken(token: string | undefined): Promise<Session | null> {
    if (!plausible(token)) return null;
    // One statement: no transaction around it (the session is read on every request).
    return await this.store.port.lookup((db) => this.tokenSession(db, token));
  }

  /** `fromToken` read through `db` (the caller's read or write transaction). */
  async tokenSession(db: Db, token: string | undefined): Promise<Session | null> {
    if (!plausible(token)) return null;
    const found = await this.live(db, hashToken(this.secret, token));
    return found ? { ...found, token } : null;
  }

  /**
   * The live session with this row id, without its token (which the database never holds): the
   * owner session a switched guest returns to. Null when unknown, revoked or expired.
   */
  byId(id: string): Promise<Omit<Session, 'token'> | null> {
    return this.store.port.lookup((db) => this.live(db, id));
  }

  private async live(db: Db, id: string): Promise<Omit<Session, 'token'> | null> {
    const row = await findSession(db, id);
    if (!row) return null;
    if (row.session.expiresAt <= this.clock.nowMs()) {
      this.later((tx) => dropSession(tx, id));
      return null;
    }
    return {
      id,
      user: row.user,
      venueId: row.venueId,
      expiresAt: row.session.expiresAt,
      returnSessionId: row.session.returnSessionId,
    };
  }

  /**
   * Ends the guest sessions switched from an owner session (spec 1): the way back used, they
   * have nothing left to return to.
   */
  async endSwitches(db: Db, ownerSessionId: string): Promise<void> {
    await dropSwitchedSessions(db, ownerSessionId);
  }

  /**
   * The session of a request (memoised per request). Extends it when due and refreshes the
   * cookie when a reply is given. Read through the port: never call it inside a transaction.
   */
  fromRequest(req: FastifyRequest, reply?: FastifyReply): Promise<Session | null> {
    let found = this.cache.get(req);
    if (!found) {
      found = this.resolve(req, reply);
      this.cache.set(req, found);
    }
    return found;
  }

  private async resolve(req: FastifyRequest, reply?: FastifyReply): Promise<Session | null> {
    const session = await this.fromToken(req.cookies[SESSION_COOKIE]);
    if (session) {
      const now = this.clock.nowMs();
      if (session.expiresAt - SESSION_TTL_MS + TOUCH_EVERY_MS <= now) {
        session.expiresAt = now + SESSION_TTL_MS;
        const { id, expiresAt } = session;
        this.later((db) => touchSession(db, id, expiresAt, now));
        if (reply) this.setCookie(reply, session.token, session.expiresAt);
      }
    }
    return session;
  }

  /** Forget the memoised session of a request (after login or logout in the same request). */
  forgetRequest(req: FastifyRequest): void {
    this.cache.delete(req);
  }

  revoke(token: string): Promise<void> {
    const id = hashToken(this.secret, token);
    return this.store.port.writeAccount((db) => dropSession(db, id));
  }

  /** Inside the caller's write transaction. */
  async revokeAllForUser(db: Db, userId: string, exceptToken?: string): Promise<void> {
    const exceptId = exceptToken ? hashToken(this.secret, exceptToken) : undefined;
    await dropSessionsOfUser(db, userId, exceptId);
  }

  /**
   * The same session (its user, its creation) under a new token, its expiry slid; the old token
   * stops working. The way back through a handoff (sessionId/set, spec 1): the database keeps
   * only the token's HMAC, so the cookie cannot be given back, and a fresh one is safer anyway.
   * Null when the session is gone or expired.
   */
  async reissue(db: Db, sessionId: string): Promise<{ token: string; expiresAt: number } | null> {
    const row = await sessionRow(db, sessionId);
    const now = this.clock.nowMs();
    if (!row || row.expiresAt <= now) return null;
    const token = randomToken();
    const expiresAt = now + SESSION_TTL_MS;
    await insertSession(db, { ...row, id: hashToken(this.secret, token), expiresAt, lastSeenAt: now });
    await dropSession(db, sessionId);
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
  prune(): Promise<void> {
    return this.store.port.writeAccount((db) => dropExpiredSessions(db, this.clock.nowMs()));
  }

  /** A write of a read's bookkeeping, queued behind it; a failure only logs. */
  private later(work: (db: Db) => Promise<void>): void {
    this.store.port.writeAccount(work).catch((err: unknown) => this.onError(err));
  }
}
