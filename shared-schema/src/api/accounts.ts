import { z } from 'zod';
import { defineCall, emptyBody, Id, ok } from '../contract.ts';
import { t } from '../texts.ts';

export const Email = z.email().max(254);
/** At least 8 characters; long passphrases welcome, bounded so hashing cannot be abused. */
export const Password = z.string().min(8, t.passwordTooShort).max(256);
const Name = z.string().trim().min(1, t.requiredField).max(80);

/** Spec 3 "User session": id, type, name, ownerIp, costoConsegna, valid flag, error. */
export const UserSession = z.object({
  valid: z.boolean(),
  id: Id.optional(),
  type: z.enum(['user', 'owner']).optional(),
  name: z.string().optional(),
  /** The owner's print-bridge address (host or IP), if set in the profile. */
  ownerIp: z.string().nullable().optional(),
  /** Delivery fee of the owner's venue, in cents. */
  costoConsegna: z.number().int().min(0).optional(),
  /** The venue id for owners (the spec's ownerId / businessId). */
  businessId: Id.optional(),
  /** Guest (anonymous) customer. */
  isAnonymus: z.boolean().optional(),
  /**
   * A guest session an owner opened by switching into the customer flow (spec 1): its
   * sessionId/get answers the way back to that owner's session. Also on the owner check's
   * `valid: false`, so the owner screens know to go back through it.
   */
  ownerSwitch: z.boolean().optional(),
  /**
   * On the customer check's `valid: false`: the cookie is an owner's. A customer page opened
   * with it (the owner scanning a table's QR code) switches into the customer flow (spec 1)
   * instead of replacing the owner's session with a guest's.
   */
  ownerSession: z.boolean().optional(),
  /** Spec 3 "User": version 1, 2 or 3 decides the extra owner panels. */
  version: z.union([z.literal(1), z.literal(2), z.literal(3)]).optional(),
  /** Owners of the report type land on /owner/report after login. */
  accountType: z.enum(['standard', 'report']).optional(),
  error: z.string().optional(),
});
export type UserSession = z.infer<typeof UserSession>;

const SessionAnswer = z.object({ success: z.literal(true), ...UserSession.shape });

export const SignupBody = z.object({
  firstName: Name,
  lastName: Name,
  email: Email,
  password: Password,
  acceptConditions: z.literal(true, { error: t.acceptConditionsRequired }),
});

export const OwnerSignupBody = SignupBody.extend({
  businessName: z.string().trim().min(1, t.requiredField).max(100),
});

/** A single-use handoff of sessionId/get (spec 7 `{sessionId, userId}`): never the session itself. */
export const SessionHandoff = z.object({ sessionId: z.string().min(1).max(128), userId: Id });

export const LoginBody = z.union([
  z.object({ email: Email, password: z.string().min(1).max(256), isAnonymus: z.literal(false).optional() }),
  z.object({
    isAnonymus: z.literal(true),
    email: z.string().max(254).optional(),
    password: z.string().max(256).optional(),
    /**
     * Spec 1's owner -> customer switch: a handoff from sessionId/get naming the caller's own
     * owner session. Used once; the guest session made is linked to that owner session, so its
     * sessionId/get answers the way back there. Refused unless the caller holds that session.
     */
    returnTo: SessionHandoff.optional(),
  }),
]);

export const RestoreRequestBody = z.object({ mail: Email });
export const RestoreSetBody = z.object({ id: Id, userId: Id, password: Password });

export const accountCalls = {
  /**
   * Spec 1's owner -> customer switch (spec 7 names the calls and fields). `sessionId` is a
   * handoff, not the session: a single-use token naming the caller's current session, valid 2
   * minutes; the session's own token never leaves its HttpOnly cookie. From a guest session made
   * by the switch (`ownerSwitch`), it names the owner session to return to instead, usable only
   * with that guest's cookie; 401 when that owner session has ended.
   */
  userSessionIdGet: defineCall({
    method: 'POST',
    path: '/api/user/sessionId/get',
    access: 'user',
    body: emptyBody,
    response: ok({ sessionId: z.string(), userId: Id }),
  }),
  /**
   * Uses a handoff from sessionId/get once (unexpired, made for `userId`): the answer is that
   * session, whose cookie is set again (with a new token); 401 otherwise. The way back of a
   * switch also ends the guest session it came from.
   */
  userSessionIdSet: defineCall({
    method: 'POST',
    path: '/api/user/sessionId/set',
    access: 'public',
    body: SessionHandoff,
    response: SessionAnswer,
  }),
  userSignup: defineCall({
    method: 'POST',
    path: '/api/user/signup',
    access: 'public',
    body: SignupBody,
    response: ok({}),
  }),
  ownerSignup: defineCall({
    method: 'POST',
    path: '/api/owner/signup',
    access: 'public',
    body: OwnerSignupBody,
    response: ok({}),
  }),
  ownerConfirmEmail: defineCall({
    method: 'POST',
    path: '/api/owner/confirmEmail',
    access: 'public',
    body: z.object({ token: z.string().min(10).max(200) }),
    response: ok({}),
  }),
  userAuthenticate: defineCall({
    method: 'POST',
    path: '/api/user/authenticate',
    access: 'public',
    body: emptyBody,
    response: SessionAnswer,
  }),
  ownerAuthenticate: defineCall({
    method: 'POST',
    path: '/api/owner/authenticate',
    access: 'public',
    body: emptyBody,
    response: SessionAnswer,
  }),
  userLogin: defineCall({
    method: 'POST',
    path: '/api/user/login',
    access: 'public',
    body: LoginBody,
    response: SessionAnswer,
  }),
  ownerLogin: defineCall({
    method: 'POST',
    path: '/api/owner/login',
    access: 'public',
    body: LoginBody,
    response: SessionAnswer,
  }),
  userLogout: defineCall({
    method: 'POST',
    path: '/api/user/logout',
    access: 'public',
    body: emptyBody,
    response: ok({}),
  }),
  /**
   * Social sign-in for customers (spec 4, 7): the provider's token, verified by the server with
   * the provider; the account is the one of the e-mail the provider verified. `userID` (from
   * FB.login) is only cross-checked. 404 when the provider is not configured.
   */
  userFbLogin: defineCall({
    method: 'POST',
    path: '/api/user/fbLogin',
    access: 'public',
    body: z.object({ accessToken: z.string().min(1).max(4096), userID: z.string().max(128).optional() }),
    response: SessionAnswer,
  }),
  /** `credential`: the ID token (a JWT) from Google Identity Services' callback. */
  userGLogin: defineCall({
    method: 'POST',
    path: '/api/user/GLogin',
    access: 'public',
    body: z.object({ credential: z.string().min(1).max(8192) }),
    response: SessionAnswer,
  }),
  userRestoreRequest: defineCall({
    method: 'POST',
    path: '/api/user/password/restore/request',
    access: 'public',
    body: RestoreRequestBody,
    response: ok({}),
  }),
  ownerRestoreRequest: defineCall({
    method: 'POST',
    path: '/api/owner/password/restore/request',
    access: 'public',
    body: RestoreRequestBody,
    response: ok({}),
  }),
  userRestoreSet: defineCall({
    method: 'POST',
    path: '/api/user/password/restore/set',
    access: 'public',
    body: RestoreSetBody,
    response: ok({}),
  }),
  ownerRestoreSet: defineCall({
    method: 'POST',
    path: '/api/owner/password/restore/set',
    access: 'public',
    body: RestoreSetBody,
    response: ok({}),
  }),
  health: defineCall({
    method: 'GET',
    path: '/api/health',
    access: 'public',
    body: z.object({}),
    /**
     * `mail`: mails stuck in the outbox, counts only (no addresses): `overdue` pending ones that
     * failed at least once or wait for over two minutes, `failed` ones given up after a day.
     */
    response: ok({
      status: z.literal('ok'),
      version: z.string(),
      mail: z.object({ overdue: z.number().int().min(0), failed: z.number().int().min(0) }),
    }),
  }),
  /**
   * Which social providers are configured, with their public ids (Google client id, Facebook
   * app id) for the browser SDKs; null = off, its button hidden.
   */
  authProviders: defineCall({
    method: 'GET',
    path: '/api/auth/providers',
    access: 'public',
    body: z.object({}),
    response: ok({ google: z.string().nullable(), facebook: z.string().nullable() }),
  }),
} as const;
