import { randomInt, timingSafeEqual } from 'node:crypto';

/**
 * The pairing code a tablet needs once (DESIGN.md "Abuse": the bridge prints only for paired
 * devices). Six digits, shown on the box only (its terminal, its page opened on the box itself,
 * `npm run print-bridge -- pair`); one at a time, for ten minutes, for one device. Five wrong
 * codes void it and only a new one asked on the box pairs: a guesser has 5 tries in a million per
 * code shown, and cannot make the bridge show another.
 */
export const CODE_DIGITS = 6;
export const CODE_TTL_MS = 10 * 60_000;
export const MAX_WRONG_CODES = 5;

export interface PairingCode {
  code: string;
  /** ISO time after which the code no longer pairs. */
  expiresAt: string;
}

export type CodeCheck =
  | { ok: true }
  | { ok: false; reason: 'wrong'; attemptsLeft: number }
  /** No code is active: none asked yet, used, timed out, or voided by wrong tries. */
  | { ok: false; reason: 'expired' };

export interface CodeOptions {
  now?: () => number;
  /** Told of every new code (the bridge prints it in its terminal). */
  made?: (code: PairingCode) => void;
  /** Told when wrong tries void the active code. */
  voided?: () => void;
}

const randomCode = () => String(randomInt(0, 10 ** CODE_DIGITS)).padStart(CODE_DIGITS, '0');

export class PairingCodes {
  private active: { code: string; expiresAt: number; wrong: number } | null = null;
  private readonly now: () => number;

  constructor(private readonly options: CodeOptions = {}) {
    this.now = options.now ?? Date.now;
  }

  /** The active code, or null when there is none. */
  current(): PairingCode | null {
    const active = this.live();
    return active ? { code: active.code, expiresAt: new Date(active.expiresAt).toISOString() } : null;
  }

  /** The active code, or a new one: what the box shows when asked. */
  show(): PairingCode {
    return this.current() ?? this.renew();
  }

  /** A new code, replacing the active one. */
  renew(): PairingCode {
    this.active = { code: randomCode(), expiresAt: this.now() + CODE_TTL_MS, wrong: 0 };
    const made = { code: this.active.code, expiresAt: new Date(this.active.expiresAt).toISOString() };
    this.options.made?.(made);
    return made;
  }

  /** Checks a code; the right one is used up, five wrong ones void it. */
  check(code: string): CodeCheck {
    const active = this.live();
    if (!active) return { ok: false, reason: 'expired' };
    const right =
      code.length === active.code.length && timingSafeEqual(Buffer.from(code), Buffer.from(active.code));
    if (right) {
      this.active = null;
      return { ok: true };
    }
    active.wrong += 1;
    const attemptsLeft = MAX_WRONG_CODES - active.wrong;
    if (attemptsLeft <= 0) {
      this.active = null;
      this.options.voided?.();
    }
    return { ok: false, reason: 'wrong', attemptsLeft: Math.max(0, attemptsLeft) };
  }

  private live() {
    if (this.active && this.active.expiresAt <= this.now()) this.active = null;
    return this.active;
  }
}
