import { describe, expect, it } from 'vitest';
import { awaitsDecision, checkoutMinutesLeft, isCardCheckout } from './card-checkout.ts';

const at = Date.parse('2025-07-15T18:00:00.000Z');
const delivery = { deliveryId: 'd1', tipo: 'Consegna' as const, accettato: 0 as const };

describe('card checkouts', () => {
  it('a card order not paid yet is a checkout, not an order awaiting the decision', () => {
    const checkout = { ...delivery, checkoutUntil: '2025-07-15T18:15:00.000Z' };
    expect(isCardCheckout(checkout)).toBe(true);
    expect(awaitsDecision(checkout)).toBe(false);
  });

  it('once paid (no checkoutUntil) it awaits the decision like any delivery', () => {
    expect(awaitsDecision({ ...delivery, checkoutUntil: null })).toBe(true);
    expect(awaitsDecision(delivery as Parameters<typeof awaitsDecision>[0])).toBe(true);
    expect(isCardCheckout({ checkoutUntil: null })).toBe(false);
  });

  it('accepted deliveries and table orders never await a decision', () => {
    expect(awaitsDecision({ ...delivery, accettato: 1, checkoutUntil: null })).toBe(false);
    expect(awaitsDecision({ deliveryId: null, tipo: null, accettato: 0, checkoutUntil: null })).toBe(false);
  });

  it('minutes left round up, to 0 once the time is up; null for other orders', () => {
    const checkout = { checkoutUntil: new Date(at + 15 * 60_000).toISOString() };
    expect(checkoutMinutesLeft(checkout, at)).toBe(15);
    // A clock a little behind the server's: still the whole 15, not 16.
    expect(checkoutMinutesLeft(checkout, at - 2_000)).toBe(15);
    expect(checkoutMinutesLeft(checkout, at + 60_000 + 1)).toBe(14);
    expect(checkoutMinutesLeft(checkout, at + 15 * 60_000 - 1)).toBe(1);
    expect(checkoutMinutesLeft(checkout, at + 15 * 60_000)).toBe(0);
    expect(checkoutMinutesLeft(checkout, at + 60 * 60_000)).toBe(0);
    expect(checkoutMinutesLeft({ checkoutUntil: null }, at)).toBeNull();
  });
});
