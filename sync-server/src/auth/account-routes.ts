import { AppError, accountCalls } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicBase } from '../config.ts';
import { businesses, sessions, users } from '../db/schema.ts';
import { msg } from '../http/messages.ts';
import { type RouteExtras, route } from '../http/route.ts';
import { randomId } from '../lib/ids.ts';
import { confirmEmailMail, restorePasswordMail } from '../mail/templates.ts';
import {
  createEmailToken,
  findEmailToken,
  findUserByEmail,
  markTokenUsed,
  normalizeEmail,
  type Role,
  sessionAnswer,
} from './accounts.ts';
import { hashPassword, verifyPassword } from './passwords.ts';
import { SESSION_COOKIE } from './sessions.ts';
import { type SignIn, socialRoutes } from './social/index.ts';

/** Body field of a request, for rate-limit keys (they run after the body is parsed). */
const field = (req: FastifyRequest, name: string): string => {
  const v = (req.body as Record<string, unknown> | undefined)?.[name];
  return typeof v === 'string' ? normalizeEmail(v).slice(0, 254) : '';
};

/**
 * 10 login attempts a minute per address and email: slows guessing, never locks a venue out.
 * Guest logins (no email) get 60 a minute per address: a venue's customers may share one.
 */
const loginLimit = (path: string): RouteExtras => ({
  rateLimit: {
    max: (req) => (field(req, 'email') ? 10 : 60),
    timeWindow: 60_000,
    hook: 'preHandler',
    keyGenerator: (req) => `${path}|${req.ip}|${field(req, 'email')}`,
  },
});
/** Restore mails: 5 per 15 minutes per address, so nobody can flood an inbox from here. */
const restoreLimit = (path: string): RouteExtras => ({
  rateLimit: { max: 5, timeWindow: 15 * 60_000, keyGenerator: (req) => `${path}|${req.ip}` },
});
const tokenLimit = (path: string): RouteExtras => ({
  rateLimit: { max: 20, timeWindow: 60_000, keyGenerator: (req) => `${path}|${req.ip}` },
});

/** Spec section 7 "Accounts", plus owner signup and e-mail confirmation. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { db, sqlite } = app.store;
  const secret = app.config.sessionSecret;
  const base = publicBase(app.config);

  const isUniqueViolation = (err: unknown) =>
    (err as { code?: string } | null)?.code === 'SQLITE_CONSTRAINT_UNIQUE';

  route(app, accountCalls.health, () => ({ success: true, status: 'ok', version: app.appVersion }));

  /** Customers need not confirm their email: they may order at once (only owners confirm). */
  route(
    app,
    accountCalls.userSignup,
    async ({ body, reply }) => {
      const passwordHash = await hashPassword(body.password);
      const userId = randomId();
      try {
        sqlite
          .transaction(() => {
            if (findUserByEmail(db, body.email)) throw new AppError('EMAIL_TAKEN', msg.emailTaken);
            db.insert(users)
              .values({
                id: userId,
                email: normalizeEmail(body.email),
                passwordHash,
                firstName: body.firstName,
                lastName: body.lastName,
                role: 'user',
                createdAt: app.clock.nowMs(),
              })
              .run();
          })
          .immediate();
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', msg.emailTaken);
        throw err;
      }
      const { token, expiresAt } = app.sessions.create(userId);
      app.sessions.setCookie(reply, token, expiresAt);
      return { success: true };
    },
    tokenLimit('signup'),
  );

  route(
    app,
    accountCalls.ownerSignup,
    async ({ body }) => {
      const passwordHash = await hashPassword(body.password);
      const userId = randomId();
      let token: string;
      try {
        token = sqlite
          .transaction(() => {
            if (findUserByEmail(db, body.email)) throw new AppError('EMAIL_TAKEN', msg.emailTaken);
            const now = app.clock.nowMs();
            db.insert(users)
              .values({
                id: userId,
                email: normalizeEmail(body.email),
                passwordHash,
                firstName: body.firstName,
                lastName: body.lastName,
                role: 'owner',
                createdAt: now,
              })
              .run();
            db.insert(businesses)
              .values({ id: randomId(), ownerUserId: userId, name: body.businessName, createdAt: now })
              .run();
            return createEmailToken(db, secret, userId, 'confirm', now);
          })
          .immediate();
      } catch (err) {
        if (isUniqueViolation(err)) throw new AppError('EMAIL_TAKEN', msg.emailTaken);
        throw err;
      }
      const link = `${base}/owner/confirmEmail/${token}`;
      app.mailer.queue(confirmEmailMail(normalizeEmail(body.email), body.firstName, body.businessName, link));
      return { success: true };
    },
    tokenLimit('owner-signup'),
  );

  route(
    app,
    accountCalls.ownerConfirmEmail,
    ({ body }) => {
      sqlite
        .transaction(() => {
          const now = app.clock.nowMs();
          const row = findEmailToken(db, secret, body.token, 'confirm', now);
          if (!row) throw new AppError('TOKEN_INVALID', msg.tokenInvalid);
          markTokenUsed(db, row.id, now);
          db.update(users).set({ emailConfirmed: true }).where(eq(users.id, row.userId)).run();
        })
        .immediate();
      return { success: true };
    },
    tokenLimit('confirm'),
  );

  route(app, accountCalls.userAuthenticate, ({ session }) => sessionAnswer(db, session, 'user'));
  route(app, accountCalls.ownerAuthenticate, ({ session }) => sessionAnswer(db, session, 'owner'));

  /** Every login opens its session here (password, guest, social): a new id, the cookie. */
  const signIn: SignIn = (req, reply, userId) => {
    const { token, expiresAt } = app.sessions.create(userId);
    app.sessions.setCookie(reply, token, expiresAt);
    app.sessions.forgetRequest(req);
    return sessionAnswer(db, app.sessions.fromToken(token));
  };

  /**
   * Login. `user/login` accepts any account (the one sign-in page) and answers its `type`;
   * `owner/login` only owners. A new session id every time; an older session stays valid, so an
   * owner who stepped into the customer flow can come back through sessionId/set.
   */
  const login = (role: Role) => {
    const def = role === 'owner' ? accountCalls.ownerLogin : accountCalls.userLogin;
    route(
      app,
      def,
      async ({ body, req, reply }) => {
        let userId: string;
        if (body.isAnonymus === true) {
          if (role === 'owner') throw new AppError('INVALID_CREDENTIALS', msg.invalidCredentials);
          userId = randomId();
          db.insert(users)
            .values({ id: userId, role: 'user', isAnonymous: true, createdAt: app.clock.nowMs() })
            .run();
        } else {
          const user = findUserByEmail(db, body.email ?? '');
          const ok = await verifyPassword(user?.passwordHash, body.password ?? '');
          if (!user || !ok || (role === 'owner' && user.role !== 'owner')) {
            throw new AppError('INVALID_CREDENTIALS', msg.invalidCredentials);
          }
          if (user.role === 'owner' && !user.emailConfirmed) {
            throw new AppError('EMAIL_NOT_CONFIRMED', msg.emailNotConfirmed);
          }
          userId = user.id;
        }
        return signIn(req, reply, userId);
      },
      loginLimit(def.path),
    );
  };
  login('user');
  login('owner');

  route(app, accountCalls.userLogout, ({ req, reply }) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token) app.sessions.revoke(token);
    app.sessions.clearCookie(reply);
    return { success: true };
  });

  route(app, accountCalls.userSessionIdGet, ({ user }) => ({
    success: true,
    sessionId: user.token,
    userId: user.user.id,
  }));

  route(
    app,
    accountCalls.userSessionIdSet,
    ({ body, reply }) => {
      const session = app.sessions.matches(body.sessionId, body.userId);
      if (!session) throw new AppError('UNAUTHORIZED', msg.sessionInvalid);
      app.sessions.setCookie(reply, session.token, session.expiresAt);
      return sessionAnswer(db, session);
    },
    tokenLimit('session-set'),
  );

  socialRoutes(app, signIn);

  /** Always the same answer, whether the address exists or not: no account enumeration. */
  const restoreRequest = (role: Role) => {
    const def = role === 'owner' ? accountCalls.ownerRestoreRequest : accountCalls.userRestoreRequest;
    route(
      app,
      def,
      ({ body }) => {
        const user = findUserByEmail(db, body.mail);
        if (user && user.role === role && !user.isAnonymous && user.email) {
          const token = createEmailToken(db, secret, user.id, 'restore', app.clock.nowMs());
          const link = `${base}/${role}/restorePassword/${token}/${user.id}`;
          app.mailer.queue(restorePasswordMail(user.email, user.firstName, link));
        }
        return { success: true };
      },
      restoreLimit(def.path),
    );
  };
  restoreRequest('user');
  restoreRequest('owner');

  /** Single use; proves the mailbox, so it also confirms it; signs out every other session. */
  const restoreSet = (role: Role) => {
    const def = role === 'owner' ? accountCalls.ownerRestoreSet : accountCalls.userRestoreSet;
    route(
      app,
      def,
      async ({ body }) => {
        const valid = () => {
          const now = app.clock.nowMs();
          const row = findEmailToken(db, secret, body.id, 'restore', now);
          const user = row && db.select().from(users).where(eq(users.id, row.userId)).get();
          if (!row || !user || user.id !== body.userId || user.role !== role) {
            throw new AppError('TOKEN_INVALID', msg.tokenInvalid);
          }
          return { row, now };
        };
        valid();
        const passwordHash = await hashPassword(body.password);
        sqlite
          .transaction(() => {
            const { row, now } = valid();
            markTokenUsed(db, row.id, now);
            db.update(users)
              .set({ passwordHash, emailConfirmed: true })
              .where(eq(users.id, row.userId))
              .run();
            db.delete(sessions).where(eq(sessions.userId, row.userId)).run();
          })
          .immediate();
        return { success: true };
      },
      tokenLimit(def.path),
    );
  };
  restoreSet('user');
  restoreSet('owner');
}
