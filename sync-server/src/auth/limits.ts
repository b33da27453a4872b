import { addressLimit, type RouteExtras } from '../http/route.ts';

const MINUTE = 60_000;

export interface Limit {
  limit: number;
  windowMs: number;
}

/**
 * The account calls' quotas (DESIGN "Abuse"), kept in `app.quotas`. A venue's diners often
 * share one public address (its Wi-Fi), so what is keyed by address is sized for a full house
 * (150 phones at 20:30) and what must be tight is keyed by account or mailbox instead.
 */
export const AUTH_LIMITS = {
  /**
   * Failed password logins per address, user and owner login together: a spray of many
   * addresses stops after 20. A full house mistypes a few times; known devices are exempt.
   */
  addressFailures: { limit: 20, windowMs: 15 * MINUTE },
  /** Password logins per address, failed or not: bounds the hashing one address can ask for. */
  addressAttempts: { limit: 300, windowMs: 15 * MINUTE },
  /**
   * Failed logins per account (per e-mail, known or not, so a lock tells nobody who has an
   * account), from any address: 10 a quarter of an hour, 30 a day. Past them the account is
   * locked for every device that never signed in to it; a success resets both.
   */
  accountFailures: [
    { limit: 10, windowMs: 15 * MINUTE },
    { limit: 30, windowMs: 24 * 60 * MINUTE },
  ],
  /** Failures of one known device (a stolen cookie): past them it is a stranger again. */
  deviceFailures: { limit: 10, windowMs: 15 * MINUTE },
  /** Guest logins per address: no password, but each creates a user and a session. */
  guestsPerAddress: { limit: 300, windowMs: 15 * MINUTE },
  /** Tokens a provider refused, per address, Google and Facebook together. */
  socialFailures: { limit: 30, windowMs: 15 * MINUTE },
  /** Social sign-ins per address (each asks the provider and opens a session). */
  socialAttempts: { limit: 300, windowMs: 15 * MINUTE },
  /**
   * Owner -> customer switches per address (a guest login with `returnTo`): as the handoff's
   * other end, sessionId/set (`tokenLimit`), 20 a minute.
   */
  switchesPerAddress: { limit: 20, windowMs: MINUTE },
  /** Signup mails (confirm or 'account exists') one mailbox receives, whoever asks. */
  signupMails: { limit: 3, windowMs: 15 * MINUTE },
} as const satisfies Record<string, Limit | readonly Limit[]>;

/** Link and token calls (signup, confirm, handoff, restore set): 20 a minute per path and address. */
export const tokenLimit = (path: string): RouteExtras => addressLimit(path, 20, MINUTE);
