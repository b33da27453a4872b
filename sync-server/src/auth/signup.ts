import { AppError, accountCalls } from '@comanda/shared-schema';
import type { FastifyInstance } from 'fastify';
import { publicBase } from '../config.ts';
import { route } from '../http/route.ts';
import { randomId } from '../lib/ids.ts';
import { msg } from '../lib/messages.ts';
import { accountExistsMail, confirmEmailMail } from '../mail/templates.ts';
import {
  dropUnusedTokens,
  findUserByEmail,
  findUserById,
  insertAccount,
  markTokenUsed,
  normalizeEmail,
  updateAccount,
  venueNameOfOwner,
} from '../store/accounts.ts';
import { insertVenue } from '../store/venue.ts';
import { createEmailToken, findEmailToken, type Role } from './accounts.ts';
import { AUTH_LIMITS, tokenLimit } from './limits.ts';
import { forRequest, hashPassword } from './passwords.ts';

type Outcome =
  | { kind: 'confirm'; token: string; venueName: string | null }
  | { kind: 'exists'; firstName: string };

/**
 * Signup and e-mail confirmation, customer and owner (spec 7). Only whoever reads the mailbox
 * decides the password an account is activated with (DESIGN "Abuse"): each signup's link carries
 * that signup's own password and names; a later signup of a never-confirmed address changes
 * nothing stored and voids no link, it only adds its own link to the same mailbox; the first
 * link clicked activates exactly what was typed with it and voids the others.
 */
export function signupRoutes(app: FastifyInstance): void {
  const secret = app.config.sessionSecret;
  const base = publicBase(app.config);
  const { signupMails } = AUTH_LIMITS;

  /**
   * The answer is the same whether the address is new or taken, so it tells nobody which
   * addresses have an account: a new or never-confirmed address gets a link for this signup; a
   * confirmed one a mail saying so (with the sign-in and restore links). At most 3 of these mails
   * a mailbox a quarter of an hour, whoever asks; past that the same answer, nothing stored or
   * sent. Nobody is signed in here: login waits for the confirmation.
   */
  const signup = (role: Role) => {
    const def = role === 'owner' ? accountCalls.ownerSignup : accountCalls.userSignup;
    route(
      app,
      def,
      async ({ body, reply }) => {
        const email = normalizeEmail(body.email);
        const typedVenueName =
          'businessName' in body && typeof body.businessName === 'string' ? body.businessName : null;
        const mailboxKey = `mail:signup:${email}`;
        const { limit, windowMs } = signupMails;
        if (!(await app.quotas.peek(mailboxKey, limit, windowMs)).allowed) return { success: true };
        const details = {
          passwordHash: await forRequest(reply, () => hashPassword(body.password)),
          firstName: body.firstName,
          lastName: body.lastName,
        };
        // Counted once the work is done (a busy refusal sends nothing, so it costs no mail).
        if (!(await app.quotas.take(mailboxKey, limit, windowMs)).allowed) return { success: true };
        const outcome = await app.store.port.writeAccount(async (db): Promise<Outcome> => {
          const now = app.clock.nowMs();
          const existing = await findUserByEmail(db, email);
          if (existing) {
            const pending = !existing.emailConfirmed && !existing.isAnonymous && existing.role === role;
            if (!pending) return { kind: 'exists', firstName: existing.firstName };
            // The venue keeps the name of the signup that created it: a later signup cannot
            // rename it (the owner can, from the profile, once signed in).
            const venue =
              role === 'owner' ? ((await venueNameOfOwner(db, existing.id)) ?? typedVenueName) : null;
            const token = await createEmailToken(db, secret, existing.id, 'confirm', now, details);
            return { kind: 'confirm', token, venueName: venue };
          }
          const userId = randomId();
          // No password on the account until a link is clicked: the link carries it.
          await insertAccount(db, {
            id: userId,
            email,
            passwordHash: null,
            firstName: body.firstName,
            lastName: body.lastName,
            role,
            createdAt: now,
          });
          if (typedVenueName !== null) {
            await insertVenue(db, {
              id: randomId(),
              ownerUserId: userId,
              name: typedVenueName,
              createdAt: now,
            });
          }
          const token = await createEmailToken(db, secret, userId, 'confirm', now, details);
          return { kind: 'confirm', token, venueName: typedVenueName };
        });
        if (outcome.kind === 'confirm') {
          const link = `${base}/${role}/confirmEmail/${outcome.token}`;
          await app.mailer.queue(confirmEmailMail(email, body.firstName, outcome.venueName, link));
        } else {
          const restore = `${base}/${role === 'owner' ? 'owner' : 'user'}/restorePassword`;
          await app.mailer.queue(accountExistsMail(email, outcome.firstName, `${base}/signin`, restore));
        }
        return { success: true };
      },
      tokenLimit(role === 'owner' ? 'owner-signup' : 'signup'),
    );
  };
  signup('user');
  signup('owner');

  /**
   * Activates the account with the password and names of the signup this link was sent for,
   * and voids the account's other pending links. Single use; a confirmed account is never
   * changed here. (A link made before links carried their signup keeps the account's password.)
   */
  route(
    app,
    accountCalls.ownerConfirmEmail,
    async ({ body }) => {
      await app.store.port.writeAccount(async (db) => {
        const now = app.clock.nowMs();
        const row = await findEmailToken(db, secret, body.token, 'confirm', now);
        const user = row && (await findUserById(db, row.userId));
        if (!row || !user || user.emailConfirmed) throw new AppError('TOKEN_INVALID', msg.tokenInvalid);
        await markTokenUsed(db, row.id, now);
        await dropUnusedTokens(db, user.id, 'confirm');
        await updateAccount(db, user.id, {
          emailConfirmed: true,
          ...(row.passwordHash
            ? {
                passwordHash: row.passwordHash,
                firstName: row.firstName ?? user.firstName,
                lastName: row.lastName ?? user.lastName,
              }
            : {}),
        });
      });
      return { success: true };
    },
    tokenLimit('confirm'),
  );
}
