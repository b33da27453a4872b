import { accountCalls, type UserSession } from '@comanda/shared-schema';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StatusError } from '../../http/errors.ts';
import { msg } from '../../http/messages.ts';
import { type RouteExtras, route } from '../../http/route.ts';
import { createFacebookVerifier } from './facebook.ts';
import { createGoogleVerifier } from './google.ts';
import type { VerifiedIdentity } from './identity.ts';
import { customerForIdentity } from './link-account.ts';

/** The one way a login opens a session (account-routes.ts): cookie, new id, the session answer. */
export type SignIn = (
  req: FastifyRequest,
  reply: FastifyReply,
  userId: string,
) => { success: true } & UserSession;

/**
 * Each verification asks the provider, so it is bounded per address. Looser than password login
 * (10 per address and email): there is no password to guess here, and a venue's customers may
 * share one address.
 */
const socialLimit = (path: string): RouteExtras => ({
  rateLimit: { max: 30, timeWindow: 60_000, keyGenerator: (req) => `${path}|${req.ip}` },
});

/** A provider that is not configured: its button is hidden, its call answers this. */
const notConfigured = () => new StatusError(404, 'NOT_FOUND', msg.socialUnavailable);

/**
 * `/api/user/GLogin`, `/api/user/fbLogin` (spec 7) and `/api/auth/providers`: customers sign in
 * with a provider's token, verified here; the account is found or created by the e-mail the
 * provider verified, never one the client sends.
 */
export function socialRoutes(app: FastifyInstance, signIn: SignIn): void {
  const { google, facebook } = app.config.social;
  const verifyGoogle = google && createGoogleVerifier(google);
  const verifyFacebook =
    facebook &&
    createFacebookVerifier({ ...facebook, warn: (detail, message) => app.log.warn(detail, message) });

  const enter = (req: FastifyRequest, reply: FastifyReply, identity: VerifiedIdentity) =>
    signIn(req, reply, customerForIdentity(app, identity));

  route(app, accountCalls.authProviders, () => ({
    success: true,
    google: google?.clientId ?? null,
    facebook: facebook?.appId ?? null,
  }));

  route(
    app,
    accountCalls.userGLogin,
    async ({ body, req, reply }) => {
      if (!verifyGoogle) throw notConfigured();
      return enter(req, reply, await verifyGoogle(body.credential));
    },
    socialLimit(accountCalls.userGLogin.path),
  );

  route(
    app,
    accountCalls.userFbLogin,
    async ({ body, req, reply }) => {
      if (!verifyFacebook) throw notConfigured();
      return enter(req, reply, await verifyFacebook(body.accessToken, body.userID));
    },
    socialLimit(accountCalls.userFbLogin.path),
  );
}
