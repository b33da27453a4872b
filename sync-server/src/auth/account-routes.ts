import { AppError, accountCalls } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { publicBase } from '../config.ts';
import { businesses, sessions, users } from '../db/schema.ts';
import { msg } from '../http/messages.ts';
import { type RouteExtras, route } from '../http/route.ts';
import { randomId } from '../lib/ids.ts';
import { accountExistsMail, confirmEmailMail, restorePasswordMail } from '../mail/templates.ts';
import {
  countTokensSince,
  createEmailToken,
  dropUnusedTokens,
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
/** Restore links one mailbox receives at most per window, whoever asks. */
const RESTORE_MAILS_PER_WINDOW = 3;
const RESTORE_MAIL_WINDOW_MS = 15 * 60_000;
const tokenLimit = (path: string): RouteExtras => ({
  rateLimit: { max: 20, timeWindow: 60_000, keyGenerator: (req) => `${path}|${req.ip}` },
});

/** Spec section 7 "Accounts", plus owner signup and e-mail confirmation. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { db, sqlite } = app.store;
  const secret = app.config.sessionSecret;
  const base = publicBase(app.config);

  route(app, accountCalls.health, () => ({ success: true, status: 'ok', version: app.appVersion }));

  /**
   * Signup, customer or owner. The answer is the same whether the address is new or taken, so it
   * tells nobody which addresses have an account: a new address gets its confirmation link; a
   * taken one gets a mail saying so (with the sign-in and restore links), or, when that account
   * was never confirmed, a fresh link for this signup's details (older links stop working, so a
   * stranger's earlier signup with the address cannot be confirmed by its owner by mistake).
   * Nobody is signed in here: login waits for the confirmation (see `login`).
   */
  const signup = (role: Role) => {
    const def = role === 'owner' ? accountCalls.ownerSignup : accountCalls.userSignup;
    route(
      app,
      def,
      async ({ body }) => {
        const email = normalizeEmail(body.email);
        const businessName =
          'businessName' in body && typeof body.businessName === 'string' ? body.businessName : null;
        const passwordHash = await hashPassword(body.password);
        const outcome = sqlite
          .transaction((): { kind: 'confirm'; token: string } | { kind: 'exists'; firstName: string } => {
            const now = app.clock.nowMs();
            const existing = findUserByEmail(db, email);
            if (existing) {
              const pending = !existing.emailConfirmed && existing.passwordHash && existing.role === role;
              if (!pending) return { kind: 'exists', firstName: existing.firstName };
              db.update(users)
                .set({ passwordHash, firstName: body.firstName, lastName: body.lastName })
                .where(eq(users.id, existing.id))
                .run();
              if (businessName !== null) {
                db.update(businesses)
                  .set({ name: businessName })
                  .where(eq(businesses.ownerUserId, existing.id))
                  .run();
              }
              dropUnusedTokens(db, existing.id, 'confirm');
              return { kind: 'confirm', token: createEmailToken(db, secret, existing.id, 'confirm', now) };
            }
            const userId = randomId();
            db.insert(users)
              .values({
                id: userId,
                email,
                passwordHash,
                firstName: body.firstName,
                lastName: body.lastName,
                role,
                createdAt: now,
              })
              .run();
            if (businessName !== null) {
              db.insert(businesses)
                .values({ id: randomId(), ownerUserId: userId, name: businessName, createdAt: now })
                .run();
            }
            return { kind: 'confirm', token: createEmailToken(db, secret, userId, 'confirm', now) };
          })
          .immediate();
        if (outcome.kind === 'confirm') {
          const link = `${base}/${role}/confirmEmail/${outcome.token}`;
          app.mailer.queue(confirmEmailMail(email, body.firstName, businessName, link));
        } else {
          const restore = `${base}/${role === 'owner' ? 'owner' : 'user'}/restorePassword`;
          app.mailer.queue(accountExistsMail(email, outcome.firstName, `${base}/signin`, restore));
        }
        return { success: true };
      },
      tokenLimit(role === 'owner' ? 'owner-signup' : 'signup'),
    );
  };
  signup('user');
  signup('owner');

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
          // An unconfirmed account answers exactly as a wrong password does: otherwise a signup
          // followed by a login would tell whether the address already had an account.
          if (!user.emailConfirmed) throw new AppError('INVALID_CREDENTIALS', msg.invalidCredentials);
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
        const now = app.clock.nowMs();
        // Per mailbox too (the route's limit is per caller): a few links a quarter of an hour,
        // then silence with the same answer, so no one can flood an inbox from many addresses.
        const recent = user ? countTokensSince(db, user.id, 'restore', now - RESTORE_MAIL_WINDOW_MS) : 0;
        if (
          user &&
          user.role === role &&
          !user.isAnonymous &&
          user.email &&
          recent < RESTORE_MAILS_PER_WINDOW
        ) {
          const token = createEmailToken(db, secret, user.id, 'restore', now);
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
