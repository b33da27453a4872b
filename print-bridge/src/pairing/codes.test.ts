import { describe, expect, it } from 'vitest';
import { CODE_TTL_MS, MAX_WRONG_CODES, PairingCodes } from './codes.ts';

/** A clock the test moves: no waiting for ten minutes to pass. */
function clock(start = Date.parse('2025-03-21T19:30:00Z')) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

const other = (code: string, n = 1) => String((Number(code) + n) % 1_000_000).padStart(6, '0');

describe('pairing codes', () => {
  it('six digits, one at a time, valid ten minutes, then none until asked', () => {
    const time = clock();
    const made: string[] = [];
    const codes = new PairingCodes({ now: time.now, made: (c) => made.push(c.code) });
    expect(codes.current()).toBeNull();
    const first = codes.show();
    expect(first.code).toMatch(/^\d{6}$/);
    expect(Date.parse(first.expiresAt) - time.now()).toBe(CODE_TTL_MS);
    expect(codes.show()).toEqual(first); // shown again, not replaced
    time.advance(CODE_TTL_MS - 1);
    expect(codes.current()).toEqual(first);
    time.advance(1);
    expect(codes.current()).toBeNull();
    expect(codes.check(first.code)).toEqual({ ok: false, reason: 'expired' });
    const second = codes.renew();
    expect(made).toEqual([first.code, second.code]);
  });

  it('the right code pairs once', () => {
    const codes = new PairingCodes();
    const { code } = codes.show();
    expect(codes.check(code)).toEqual({ ok: true });
    expect(codes.check(code)).toEqual({ ok: false, reason: 'expired' });
  });

  it('five wrong codes void it: six digits cannot be tried one by one', () => {
    let voided = 0;
    const codes = new PairingCodes({ voided: () => (voided += 1) });
    const { code } = codes.show();
    for (let i = 1; i <= MAX_WRONG_CODES; i++) {
      expect(codes.check(other(code, i))).toEqual({
        ok: false,
        reason: 'wrong',
        attemptsLeft: MAX_WRONG_CODES - i,
      });
    }
    expect(voided).toBe(1);
    expect(codes.current()).toBeNull();
    expect(codes.check(code)).toEqual({ ok: false, reason: 'expired' });
    // A new code starts with five tries again.
    const next = codes.renew();
    expect(codes.check(other(next.code))).toMatchObject({ attemptsLeft: MAX_WRONG_CODES - 1 });
    expect(codes.check(next.code)).toEqual({ ok: true });
  });

  it('a new code asked on the box replaces the one shown', () => {
    const codes = new PairingCodes();
    const first = codes.show();
    let second = codes.renew();
    while (second.code === first.code) second = codes.renew();
    expect(codes.check(first.code)).toMatchObject({ ok: false, reason: 'wrong' });
    expect(codes.check(second.code)).toEqual({ ok: true });
  });
});
