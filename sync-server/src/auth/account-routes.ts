import { AppError, accountCalls, t } from '@comanda/shared-schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicBase } from '../config.ts';
import type { Db } from '../db/client.ts';
import { type RouteExtras, route } from '../http/route.ts';
import { randomId } from '../lib/ids.ts';
import { msg } from '../lib/messages.ts';
import { restorePasswordMail } from '../mail/templates.ts';
import {
  accountEmail,
  countTokensSince,
  dropUnusedTokens,
  findUserByEmail,
  findUserById,
  insertAccount,
  markTokenUsed,
  normalizeEmail,
  updateAccount,
} from '../store/accounts.ts';
import { dropSessionsOfUser, type Session } from '../store/sessions.ts';
import { createEmailToken, findEmailToken, type Role, sessionAnswer } from './accounts.ts';
import { consumeHandoff, createHandoff, type HandoffTarget } from './handoff.ts';
import { KnownDevices } from './known-device.ts';
import { tokenLimit } from './limits.ts';
import { LoginGuard } from './login-guard.ts';
import { forRequest, hashPassword, verifyPassword } from './passwords.ts';
import { SESSION_COOKIE } from './sessions.ts';
import { signupRoutes } from './signup.ts';
import { type SignIn, socialRoutes } from './social/index.ts';

/** Restore mails: 5 per 15 minutes per address, so nobody can flood an inbox from here. */
const restoreLimit = (path: string): RouteExtras => ({
  rateLimit: { max: 5, timeWindow: 15 * 60_000, keyGenerator: (req) => `${path}|${req.ip}` },
});
/** Restore links one mailbox receives at most per window, whoever asks. */
const RESTORE_MAILS_PER_WINDOW = 3;
const RESTORE_MAIL_WINDOW_MS = 15 * 60_000;

/** Spec section 7 "Accounts", plus owner signup and e-mail confirmation. */
export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const { port } = app.store;
  const secret = app.config.sessionSecret;
  const base = publicBase(app.config);
  const secureCookie = app.config.publicUrl?.startsWith('https://') ?? false;
  const guard = new LoginGuard(app.quotas, new KnownDevices(secret, app.clock, secureCookie));

  route(app, accountCalls.health, async () => ({
    success: true,
    status: 'ok',
    version: app.appVersion,
    mail: await app.mailer.health(),
  }));

  signupRoutes(app);

  route(app, accountCalls.userAuthenticate, ({ session }) =>
    port.read((db) => sessionAnswer(db, session, 'user')),
  );
  route(app, accountCalls.ownerAuthenticate, ({ session }) =>
    port.read((db) => sessionAnswer(db, session, 'owner')),
  );

  /** The session answer of a token just issued, read in one snapshot. */
  const answerFor = (token: string) =>
    port.read(async (db) => sessionAnswer(db, await app.sessions.tokenSession(db, token)));

  /** Every login opens its session here (password, guest, social): a new id, the cookie. */
  const signIn: SignIn = async (req, reply, userId) => {
    const { token, expiresAt } = await app.sessions.create(userId);
    app.sessions.setCookie(reply, token, expiresAt);
    app.sessions.forgetRequest(req);
    return answerFor(token);
  };

  /**
   * Spec 1's owner -> customer switch: a guest session linked to the owner session a handoff
   * names, which must be the caller's own and an owner's (a page that read someone's handoff
   * cannot use it without their cookie; a guest cannot link a guest to itself). The owner
   * session stays as it is; the browser's cookie becomes the guest's.
   */
  const switchIn = async (
    req: FastifyRequest,
    reply: FastifyReply,
    caller: Session | null,
    handoff: { sessionId: string; userId: string },
  ) => {
    await guard.switchIn(req, reply);
    const now = app.clock.nowMs();
    const opened = await port.writeAccount(async (db) => {
      // Thrown inside the transaction: a refused switch leaves the handoff unused.
      const target = await consumeHandoff(db, secret, handoff.sessionId, handoff.userId, now);
      if (!target || !caller || target.sessionId !== caller.id || target.viaSessionId !== null) {
        throw new AppError('UNAUTHORIZED', msg.sessionInvalid);
      }
      if (caller.user.role !== 'owner') throw new AppError('FORBIDDEN', t.ownerSwitchRefused);
      const userId = randomId();
      await insertAccount(db, { id: userId, role: 'user', isAnonymous: true, createdAt: now });
      return await app.sessions.open(db, userId, { returnSessionId: caller.id });
    });
    app.sessions.setCookie(reply, opened.token, opened.expiresAt);
    app.sessions.forgetRequest(req);
    return answerFor(opened.token);
  };

  /**
   * Login. `user/login` accepts any account (the one sign-in page) and answers its `type`;
   * `owner/login` only owners. A new session id every time; an older session stays valid, so an
   * owner who stepped into the customer flow can come back through sessionId/set. Both paths
   * share the throttles of `LoginGuard` (per address, per account, known devices exempt).
   */
  const login = (role: Role) => {
    const def = role === 'owner' ? accountCalls.ownerLogin : accountCalls.userLogin;
    route(app, def, async ({ body, req, reply, session }) => {
      if (body.isAnonymus === true) {
        if (role === 'owner') throw new AppError('INVALID_CREDENTIALS', msg.invalidCredentials);
        if (body.returnTo) return switchIn(req, reply, session, body.returnTo);
        await guard.guest(req, reply);
        const userId = randomId();
        await port.writeAccount(async (db) => {
          await insertAccount(db, {
            id: userId,
            role: 'user',
            isAnonymous: true,
            createdAt: app.clock.nowMs(),
          });
        });
        return signIn(req, reply, userId);
      }
      const email = normalizeEmail(body.email ?? '').slice(0, 254);
      const user = await port.read((db) => findUserByEmail(db, email));
      const device = await guard.admit(req, reply, email, user?.id ?? null);
      const ok = await forRequest(reply, () => verifyPassword(user?.passwordHash, body.password ?? ''));
      // An unconfirmed account answers exactly as a wrong password does: otherwise a signup
      // followed by a login would tell whether the address already had an account.
      if (!user || !ok || (role === 'owner' && user.role !== 'owner') || !user.emailConfirmed) {
        await guard.failed(req, email, device);
        throw new AppError('INVALID_CREDENTIALS', msg.invalidCredentials);
      }
      await guard.succeeded(reply, email, user.id, device);
      return signIn(req, reply, user.id);
    });
  };
  login('user');
  login('owner');

  route(app, accountCalls.userLogout, async ({ req, reply }) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token) await app.sessions.revoke(token);
    app.sessions.clearCookie(reply);
    return { success: true };
  });

  /**
   * Spec 1's owner -> customer switch: a single-use handoff naming this session (handoff.ts); from
   * a switched guest, naming the owner session it returns to, for this guest's cookie only.
   */
  route(app, accountCalls.userSessionIdGet, async ({ user }) => {
    const now = app.clock.nowMs();
    const handoff = (target: HandoffTarget) =>
      port.writeAccount((db) => createHandoff(db, secret, target, now));
    if (user.returnSessionId === null) {
      const target = { sessionId: user.id, userId: user.user.id, viaSessionId: null };
      return { success: true, sessionId: await handoff(target), userId: user.user.id };
    }
    // The owner logged out or the session expired meanwhile: no way back, sign in again.
    const owner = await app.sessions.byId(user.returnSessionId);
    if (owner?.user.role !== 'owner') throw new AppError('UNAUTHORIZED', t.ownerSwitchEnded);
    const target = { sessionId: owner.id, userId: owner.user.id, viaSessionId: user.id };
    return { success: true, sessionId: await handoff(target), userId: owner.user.id };
  });

  /**
   * The way back: the handoff, once, sets the cookie of the session it names (a new token). A
   * switched guest's way back works from that guest's cookie only, and ends its guest sessions.
   */
  route(
    app,
    accountCalls.userSessionIdSet,
    async ({ body, req, reply, session }) => {
      const issued = await port.writeAccount(async (db) => {
        const target = await consumeHandoff(db, secret, body.sessionId, body.userId, app.clock.nowMs());
        if (!target) return null;
        if (target.viaSessionId !== null && session?.id !== target.viaSessionId) {
          throw new AppError('UNAUTHORIZED', msg.sessionInvalid);
        }
        const next = await app.sessions.reissue(db, target.sessionId);
        if (next && target.viaSessionId !== null) await app.sessions.endSwitches(db, target.sessionId);
        return next;
      });
      if (!issued) throw new AppError('UNAUTHORIZED', msg.sessionInvalid);
      app.sessions.setCookie(reply, issued.token, issued.expiresAt);
      app.sessions.forgetRequest(req);
      return answerFor(issued.token);
    },
    tokenLimit('session-set'),
  );

  socialRoutes(app, signIn, guard);

  /** Always the same answer, whether the address exists or not: no account enumeration. */
  const restoreRequest = (role: Role) => {
    const def = role === 'owner' ? accountCalls.ownerRestoreRequest : accountCalls.userRestoreRequest;
    route(
      app,
      def,
      async ({ body }) => {
        const now = app.clock.nowMs();
        // Per mailbox too (the route's limit is per caller): a few links a quarter of an hour,
        // then silence with the same answer, so no one can flood an inbox from many addresses.
        const { user, recent } = await port.read(async (db) => {
          const found = await findUserByEmail(db, body.mail);
          const since = now - RESTORE_MAIL_WINDOW_MS;
          return { user: found, recent: found ? await countTokensSince(db, found.id, 'restore', since) : 0 };
        });
        if (
          user &&
          user.role === role &&
          !user.isAnonymous &&
          user.email &&
          recent < RESTORE_MAILS_PER_WINDOW
        ) {
          const userId = user.id;
          const token = await port.writeAccount((db) => createEmailToken(db, secret, userId, 'restore', now));
          const link = `${base}/${role}/restorePassword/${token}/${user.id}`;
          await app.mailer.queue(restorePasswordMail(user.email, user.firstName, link));
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
      async ({ body, reply }) => {
        const valid = async (db: Db) => {
          const now = app.clock.nowMs();
          const row = await findEmailToken(db, secret, body.id, 'restore', now);
          const user = row && (await findUserById(db, row.userId));
          if (!row || !user || user.id !== body.userId || user.role !== role) {
            throw new AppError('TOKEN_INVALID', msg.tokenInvalid);
          }
          return { row, now };
        };
        await port.read(valid);
        const passwordHash = await forRequest(reply, () => hashPassword(body.password));
        const email = await port.writeAccount(async (db) => {
          const { row, now } = await valid(db);
          await markTokenUsed(db, row.id, now);
          // The mailbox is proven: pending signup links can no longer set another password.
          await dropUnusedTokens(db, row.userId, 'confirm');
          await updateAccount(db, row.userId, { passwordHash, emailConfirmed: true });
          await dropSessionsOfUser(db, row.userId);
          return await accountEmail(db, row.userId);
        });
        // A locked account opens again to its mailbox's owner.
        if (email) await guard.forgetFailures(email);
        return { success: true };
      },
      tokenLimit(def.path),
    );
  };
  restoreSet('user');
  restoreSet('owner');
}
