import { and, eq, lt, ne, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import { type Db, perDb, type Store } from '../db/client.ts';
import { businesses, sessions, type UserRow, users } from '../db/schema.ts';
import { hashToken, randomToken } from '../lib/ids.ts';

export const SESSION_COOKIE = 'comanda_sid';
/** Sliding: every use extends a session to 30 days from then (owners and guests alike). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Extend at most once an hour, so a busy tablet does not write on every request. */
const TOUCH_EVERY_MS = 60 * 60 * 1000;

const p = sql.placeholder;

/** Every signed-in request looks its session up: prepared once per connection. */
const statements = perDb((db: Db) => ({
  byId: db
    .select({ session: sessions, user: users, businessId: businesses.id })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(businesses, eq(businesses.ownerUserId, users.id))
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

export interface Session {
  /** Hash of the token: the row's key. */
  id: string;
  /** The cookie value: it travels in the HttpOnly cookie only, never in a body. */
  token: string;
  user: UserRow;
  /** The owner's venue; null for customers and guests. */
  businessId: string | null;
  expiresAt: number;
  /** A guest session of an owner's switch (spec 1): the owner session it returns to. */
  returnSessionId: string | null;
}

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
    db.delete(sessions).where(lt(sessions.expiresAt, now)).run();
    db.insert(sessions)
      .values({
        id: hashToken(this.secret, token),
        userId,
        createdAt: now,
        expiresAt,
        lastSeenAt: now,
        returnSessionId: opts.returnSessionId ?? null,
      })
      .run();
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
    const row = statements(this.store.db).byId.get({ id });
    if (!row) return null;
    if (row.session.expiresAt <= this.clock.nowMs()) {
      statements(this.store.db).drop.run({ id });
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
    this.store.db.delete(sessions).where(eq(sessions.returnSessionId, ownerSessionId)).run();
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
        statements(this.store.db).touch.run({ id: session.id, expiresAt: session.expiresAt, now });
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
    statements(this.store.db).drop.run({ id: hashToken(this.secret, token) });
  }

  revokeAllForUser(userId: string, exceptToken?: string): void {
    const { db } = this.store;
    const ofUser = eq(sessions.userId, userId);
    const where = exceptToken ? and(ofUser, ne(sessions.id, hashToken(this.secret, exceptToken))) : ofUser;
    db.delete(sessions).where(where).run();
  }

  /**
   * The same session (its user, its creation) under a new token, its expiry slid; the old token
   * stops working. The way back through a handoff (sessionId/set, spec 1): the database keeps
   * only the token's HMAC, so the cookie cannot be given back, and a fresh one is safer anyway.
   * Null when the session is gone or expired.
   */
  reissue(sessionId: string): { token: string; expiresAt: number } | null {
    const { db } = this.store;
    const row = db.select().from(sessions).where(eq(sessions.id, sessionId)).get();
    const now = this.clock.nowMs();
    if (!row || row.expiresAt <= now) return null;
    const token = randomToken();
    const expiresAt = now + SESSION_TTL_MS;
    db.insert(sessions)
      .values({ ...row, id: hashToken(this.secret, token), expiresAt, lastSeenAt: now })
      .run();
    statements(db).drop.run({ id: sessionId });
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
    this.store.db.delete(sessions).where(lt(sessions.expiresAt, this.clock.nowMs())).run();
  }
}
