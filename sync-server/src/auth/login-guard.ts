import { t } from '@comanda/shared-schema';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type QuotaCheck, type Quotas, quotaRefusal } from '../lib/quota.ts';
import type { KnownDevices } from './known-device.ts';
import { AUTH_LIMITS, type Limit } from './limits.ts';

const key = {
  addressFailures: (ip: string) => `login:fail:addr:${ip}`,
  addressAttempts: (ip: string) => `login:addr:${ip}`,
  accountFailures: (email: string, tier: number) => `login:fail:acct:${tier}:${email}`,
  deviceFailures: (device: string) => `login:fail:device:${device}`,
  guests: (ip: string) => `login:guest:addr:${ip}`,
  switches: (ip: string) => `login:switch:addr:${ip}`,
  socialFailures: (ip: string) => `social:fail:addr:${ip}`,
  socialAttempts: (ip: string) => `social:addr:${ip}`,
};

/** A 429 in the one envelope, with Retry-After from the quota. */
function refuse(reply: FastifyReply, check: QuotaCheck, message: string): never {
  reply.header('retry-after', String(Math.max(1, Math.ceil(check.retryAfterMs / 1000))));
  throw quotaRefusal(message);
}

/**
 * Throttles sign-in (spec 7, DESIGN "Abuse"): password logins of both paths share one failure
 * bucket per address and one per account; an account past its failures is locked for every
 * device except the ones that signed in to it before (`KnownDevices`); guests and social
 * sign-ins have buckets of their own. Limits in `AUTH_LIMITS`.
 */
export class LoginGuard {
  constructor(
    private readonly quotas: Quotas,
    private readonly devices: KnownDevices,
  ) {}

  private async peek(reply: FastifyReply, k: string, l: Limit, message: string): Promise<void> {
    const check = await this.quotas.peek(k, l.limit, l.windowMs);
    if (!check.allowed) refuse(reply, check, message);
  }

  private async take(reply: FastifyReply, k: string, l: Limit, message: string): Promise<void> {
    const check = await this.quotas.take(k, l.limit, l.windowMs);
    if (!check.allowed) refuse(reply, check, message);
  }

  /**
   * Before a password is checked: counts the attempt and refuses (429, nothing hashed) an address
   * or an account past its failures, unless the request comes from a known device of `userId`.
   * Returns that trusted device's id, or null.
   */
  async admit(req: FastifyRequest, reply: FastifyReply, email: string, userId: string | null) {
    const device = userId ? this.devices.of(req, userId) : null;
    const { deviceFailures: d } = AUTH_LIMITS;
    const trusted =
      device && (await this.quotas.peek(key.deviceFailures(device), d.limit, d.windowMs)).allowed
        ? device
        : null;
    await this.take(reply, key.addressAttempts(req.ip), AUTH_LIMITS.addressAttempts, t.tooManyAttempts);
    if (trusted) return trusted;
    await this.peek(reply, key.addressFailures(req.ip), AUTH_LIMITS.addressFailures, t.tooManyAttempts);
    for (const [tier, l] of AUTH_LIMITS.accountFailures.entries()) {
      await this.peek(reply, key.accountFailures(email, tier), l, t.accountLocked);
    }
    return null;
  }

  /** A wrong password (or an account that may not sign in here): counted everywhere it applies. */
  async failed(req: FastifyRequest, email: string, device: string | null): Promise<void> {
    const { addressFailures: a, deviceFailures: d } = AUTH_LIMITS;
    await this.quotas.take(key.addressFailures(req.ip), a.limit, a.windowMs);
    for (const [tier, l] of AUTH_LIMITS.accountFailures.entries()) {
      await this.quotas.take(key.accountFailures(email, tier), l.limit, l.windowMs);
    }
    if (device) await this.quotas.take(key.deviceFailures(device), d.limit, d.windowMs);
  }

  /** A successful sign-in: the account's failures are forgotten and this device becomes known. */
  async succeeded(reply: FastifyReply, email: string, userId: string, device: string | null): Promise<void> {
    await this.forgetFailures(email);
    if (device) await this.quotas.reset(key.deviceFailures(device));
    this.devices.remember(reply, userId, device);
  }

  /** The account's failures, forgotten (a success, or a new password through its mailbox). */
  async forgetFailures(email: string): Promise<void> {
    for (const tier of AUTH_LIMITS.accountFailures.keys())
      await this.quotas.reset(key.accountFailures(email, tier));
  }

  /** A guest login: no password to guess, a generous bucket per address of its own. */
  async guest(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.take(reply, key.guests(req.ip), AUTH_LIMITS.guestsPerAddress, t.tooManyAttempts);
  }

  /** An owner's switch into the customer flow: a handoff is tried, as on sessionId/set. */
  async switchIn(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.take(reply, key.switches(req.ip), AUTH_LIMITS.switchesPerAddress, t.tooManyAttempts);
  }

  /** Before asking a provider: the address's social attempts and refused tokens (both providers). */
  async socialAdmit(req: FastifyRequest, reply: FastifyReply): Promise<void> {
    await this.peek(reply, key.socialFailures(req.ip), AUTH_LIMITS.socialFailures, t.tooManyAttempts);
    await this.take(reply, key.socialAttempts(req.ip), AUTH_LIMITS.socialAttempts, t.tooManyAttempts);
  }

  async socialFailed(req: FastifyRequest): Promise<void> {
    const { socialFailures: l } = AUTH_LIMITS;
    await this.quotas.take(key.socialFailures(req.ip), l.limit, l.windowMs);
  }
}
