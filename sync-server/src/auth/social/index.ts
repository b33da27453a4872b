import { AppError, accountCalls, type UserSession } from '@comanda/shared-schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { route } from '../../http/route.ts';
import { StatusError } from '../../lib/errors.ts';
import { msg } from '../../lib/messages.ts';
import type { LoginGuard } from '../login-guard.ts';
import { createFacebookVerifier } from './facebook.ts';
import { createGoogleVerifier } from './google.ts';
import type { VerifiedIdentity } from './identity.ts';
import { customerForIdentity } from './link-account.ts';

/** The one way a login opens a session (account-routes.ts): cookie, new id, the session answer. */
export type SignIn = (
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
) => Promise<{ success: true } & UserSession>;

/** A provider that is not configured: its button is hidden, its call answers this. */
const notConfigured = () => new StatusError(404, 'NOT_FOUND', msg.socialUnavailable);

/**
 * `/api/user/GLogin`, `/api/user/fbLogin` (spec 7) and `/api/auth/providers`: customers sign in
 * with a provider's token, verified here; the account is found or created by the e-mail the
 * provider verified, never one the client sends.
 */
export function socialRoutes(app: FastifyInstance, signIn: SignIn, guard: LoginGuard): void {
  const { google, facebook } = app.config.social;
  const verifyGoogle = google && createGoogleVerifier(google);
  const verifyFacebook =
    facebook &&
    createFacebookVerifier({ ...facebook, warn: (detail, message) => app.log.warn(detail, message) });

  const enter = async (req: FastifyRequest, reply: FastifyReply, identity: VerifiedIdentity) =>
    signIn(req, reply, await customerForIdentity(app, identity));

  /**
   * Both providers share one bucket per address (LoginGuard): refused tokens are what a guesser
   * sends, so they count tightly; sign-ins that pass are real people, a full house of them fits.
   */
  const verified = async (
    req: FastifyRequest,
    reply: FastifyReply,
    verify: () => Promise<VerifiedIdentity>,
  ): Promise<VerifiedIdentity> => {
    await guard.socialAdmit(req, reply);
    try {
      return await verify();
    } catch (err) {
      if (err instanceof AppError && err.code === 'INVALID_CREDENTIALS') await guard.socialFailed(req);
      throw err;
    }
  };

  route(app, accountCalls.authProviders, () => ({
    success: true,
    google: google?.clientId ?? null,
    facebook: facebook?.appId ?? null,
  }));

  route(app, accountCalls.userGLogin, async ({ body, req, reply }) => {
    if (!verifyGoogle) throw notConfigured();
    return enter(req, reply, await verified(req, reply, () => verifyGoogle(body.credential)));
  });

  route(app, accountCalls.userFbLogin, async ({ body, req, reply }) => {
    if (!verifyFacebook) throw notConfigured();
    return enter(req, reply, await verified(req, reply, () => verifyFacebook(body.accessToken, body.userID)));
  });
}
