import { randomUUID } from 'node:crypto';
import { calls, SYNC_HEADERS } from '@comanda/shared-schema';
import { describe, expect, it } from 'vitest';
import type { FakeStripe } from '../../test-support/fakes/stripe.ts';
import { everything } from '../../test-support/kits/delivery.ts';
import {
  type CardVenue,
  cardBody,
  paymentStatus,
  placeCardOrder,
  sendCard,
  useCardVenue,
} from '../../test-support/kits/payments.ts';
import { createGuest } from '../../test-support/test-app.ts';
import { CARD_SENDS_PER_ADDRESS, CARD_SENDS_PER_SESSION } from '../delivery/intent-route.ts';
import { STATUS_CHECKS_PER_SESSION } from './status-route.ts';

let fake: FakeStripe;
let v: CardVenue;

useCardVenue((f, venue) => {
  fake = f;
  v = venue;
});

/** A card send from `address` (the venue's Wi-Fi, or another household). */
function sendFrom(cookie: string, address: string) {
  return v.app.app.inject({
    method: 'POST',
    url: calls.createPaymentIntent.path,
    remoteAddress: address,
    headers: { cookie, [SYNC_HEADERS.idempotencyKey]: randomUUID() },
    payload: cardBody(v),
  });
}

describe('payment calls are limited per session first, then loosely per address (spec 7 "Payment")', () => {
  it('a session past its card sends is refused with 429 before any intent or order is made', async () => {
    for (let i = 0; i < CARD_SENDS_PER_SESSION; i++) {
      // Stored, or refused for its slot or a pending order: every call counts.
      const res = await sendCard(v, cardBody(v));
      expect(res.statusCode, res.body).not.toBe(429);
    }
    const before = await everything(v);
    const intents = fake.intents().length;
    const limited = await sendCard(v, cardBody(v));
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, code: 'RATE_LIMITED' });
    expect(await everything(v)).toEqual(before);
    expect(fake.intents()).toHaveLength(intents);
    // Another diner at the same address is not held up by this one.
    const other = await sendCard(v, cardBody(v), randomUUID(), await createGuest(v.app));
    expect(other.statusCode).not.toBe(429);
  });

  it('a full room on one address pays; a script cycling sessions on one address stops at its quota', async () => {
    const room = await Promise.all(Array.from({ length: 150 }, () => createGuest(v.app)));
    const codes: number[] = [];
    for (const guest of room) codes.push((await sendFrom(guest, '203.0.113.7')).statusCode);
    expect(codes.filter((c) => c === 429)).toHaveLength(0);
    // The same address, new sessions every time: the address quota ends it.
    let sent = codes.length;
    let refused = 0;
    while (refused === 0 && sent < CARD_SENDS_PER_ADDRESS + 10) {
      const res = await sendFrom(room[sent % room.length] ?? '', '203.0.113.7');
      if (res.statusCode === 429) refused++;
      sent++;
    }
    expect(sent).toBe(CARD_SENDS_PER_ADDRESS + 1);
    // Another address is served.
    expect((await sendFrom(room[0] ?? '', '198.51.100.1')).statusCode).not.toBe(429);
  });

  it('the return page may check a payment often, a script not endlessly', async () => {
    const order = await placeCardOrder(v);
    const codes: number[] = [];
    for (let i = 0; i <= STATUS_CHECKS_PER_SESSION; i++) {
      codes.push((await paymentStatus(v, order.paymentIntentId)).statusCode);
    }
    expect(codes.slice(0, STATUS_CHECKS_PER_SESSION).every((c) => c === 200)).toBe(true);
    expect(codes[STATUS_CHECKS_PER_SESSION]).toBe(429);
  });
});
