import { describe, expect, it } from 'vitest';
import { everything } from '../delivery/delivery-test-kit.ts';
import type { FakeStripe } from '../testing/fake-stripe.ts';
import {
  type CardVenue,
  cardBody,
  paymentStatus,
  placeCardOrder,
  sendCard,
  useCardVenue,
} from './payments-test-kit.ts';

let fake: FakeStripe;
let v: CardVenue;

useCardVenue((f, venue) => {
  fake = f;
  v = venue;
});

describe('payment calls are rate-limited per address (issue 11)', () => {
  it('the 31st card send in a minute is refused with 429 before any intent or order is made', async () => {
    for (let i = 0; i < 30; i++) {
      // Stored, or refused for its slot once the slot is full: every call counts.
      const res = await sendCard(v, cardBody(v));
      expect(res.statusCode, res.body).not.toBe(429);
    }
    const before = everything(v);
    const intents = fake.intents().length;
    const limited = await sendCard(v, cardBody(v));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(everything(v)).toEqual(before);
    expect(fake.intents()).toHaveLength(intents);
  });

  it('the return page may check a payment often, a script not endlessly', async () => {
    const order = await placeCardOrder(v);
    const codes: number[] = [];
    for (let i = 0; i < 121; i++) codes.push((await paymentStatus(v, order.paymentIntentId)).statusCode);
    expect(codes.slice(0, 120).every((c) => c === 200)).toBe(true);
    expect(codes[120]).toBe(429);
  });
});
