import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Clock } from '../clock.ts';
import { randomId } from '../lib/ids.ts';

const COOKIE_PREFIX = 'comanda_dev_';
/** A device stays known for a year after its last successful sign-in to the account. */
const KNOWN_FOR_S = 365 * 24 * 60 * 60;

const mac = (secret: string, text: string) => createHmac('sha256', secret).update(text).digest('base64url');

/**
 * "Known device" cookies (OWASP's device cookies against account lockout): a browser that signed
 * in to an account successfully gets a cookie for that account, signed with the session secret,
 * and is exempt from the lock that failures from elsewhere put on the account, so a spray of the
 * owner's address from strangers never locks the owner's own tablet out (DESIGN "Abuse").
 *
 * One cookie per account, its name a keyed digest of the account id (it tells nobody which
 * account); the value is `<device id>.<issued, epoch s>.<HMAC of account, device and time>`.
 * HttpOnly, SameSite=Strict, sent only to the API.
 */
export class KnownDevices {
  constructor(
    private readonly secret: string,
    private readonly clock: Clock,
    private readonly secure: boolean,
  ) {}

  private cookieName(userId: string): string {
    return `${COOKIE_PREFIX}${mac(this.secret, `known-device-name|${userId}`).slice(0, 16)}`;
  }

  private signature(userId: string, device: string, issuedS: string): string {
    return mac(this.secret, `known-device|${userId}|${device}|${issuedS}`);
  }

  /** The device id when the request carries this account's valid, unexpired cookie; else null. */
  of(req: FastifyRequest, userId: string): string | null {
    const value = req.cookies[this.cookieName(userId)];
    if (!value || value.length > 200) return null;
    const [device, issuedS, signature, ...rest] = value.split('.');
    if (!device || !issuedS || !signature || rest.length > 0 || !/^\d{1,12}$/.test(issuedS)) return null;
    const expected = Buffer.from(this.signature(userId, device, issuedS));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const ageS = this.clock.nowMs() / 1000 - Number(issuedS);
    return ageS <= KNOWN_FOR_S ? device : null;
  }

  /** After a successful sign-in: (re)issues the account's cookie, keeping the device id if known. */
  remember(reply: FastifyReply, userId: string, device: string | null): void {
    const id = device ?? randomId();
    const issuedS = String(Math.floor(this.clock.nowMs() / 1000));
    reply.setCookie(this.cookieName(userId), `${id}.${issuedS}.${this.signature(userId, id, issuedS)}`, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure,
      path: '/api/',
      maxAge: KNOWN_FOR_S,
    });
  }
}
