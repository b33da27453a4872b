import { randomUUID } from 'node:crypto';
import { calls, DELIVERY_CITIES, SYNC_HEADERS, type TableOrder } from '@comanda/shared-schema';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { FAKE_STRIPE_ACCOUNT, type FakeEvent, type FakeStripe, startFakeStripe } from '../fakes/stripe.ts';
import { createTestApp, post } from '../test-app.ts';
import { deliveryBody, FEE } from './delivery.ts';
import { OPEN_NOW, setupVenue, setVenue, type Venue } from './ordering.ts';

/**
 * Test helpers of card payments (imported by their tests only): the delivery venue of
 * kits/delivery.ts (Rome 19:00, delivery 19:00-22:30, 2,50 € fee) on an app whose Stripe SDK
 * talks to the fake, with the fake's connected account set, and the card send as the PWA makes it.
 */
export interface CardVenue extends Venue {
  fake: FakeStripe;
}

/** 2 Margherita Maxi (20,00 €) + Birra (4,50 €) + fee 2,50 € = 27,00 €; by card 28,69 € (fee 1,69 €). */
export const NET = 2700;
export const CARD_TOTAL = 2869;
export const CARD_FEE = CARD_TOTAL - NET;

export async function setupCardVenue(
  fake: FakeStripe,
  options: { keys?: boolean; account?: boolean; webhookSecret?: boolean; env?: Record<string, string> } = {},
): Promise<CardVenue> {
  const { keys = true, account = true, webhookSecret = true } = options;
  const env: Record<string, string> = { COMANDA_FAKE_NOW: OPEN_NOW, ...options.env };
  if (keys) Object.assign(env, fake.env);
  if (!webhookSecret) delete env.STRIPE_WEBHOOK_SECRET;
  const v = await setupVenue(await createTestApp({ env }));
  await setVenue(v.app, v.owner.venueId, {
    abilitaConsegna: true,
    costoConsegna: FEE,
    deliveryCities: [...DELIVERY_CITIES],
    slotCapacity: 5,
    openConsegna: '19:00',
    closeConsegna: '22:30',
    stripeAccountId: account ? FAKE_STRIPE_ACCOUNT : null,
  });
  return { ...v, fake };
}

/**
 * The hooks every card test file uses: one fake Stripe for the file, a fresh card venue for each
 * test (closed after it). `use` receives both whenever they change.
 */
export function useCardVenue(use: (fake: FakeStripe, v: CardVenue) => void): void {
  let fake: FakeStripe;
  let v: CardVenue;
  beforeAll(async () => {
    fake = await startFakeStripe();
  });
  afterAll(async () => {
    await fake.stop();
  });
  beforeEach(async () => {
    fake.reset();
    v = await setupCardVenue(fake);
    use(fake, v);
  });
  afterEach(async () => {
    await v.app.close();
  });
}

export type IntentAnswer = {
  success: true;
  clientSecret: string;
  paymentIntentId: string;
  accountId: string;
  deliveryId: string;
  amounts: { netAmount: number; serviceFee: number; totalAmount: number };
  table: TableOrder;
};

/** The card send's body: the delivery form and cart, a deliveryId, and the spec's fields. */
export function cardBody(v: Venue, extra: Record<string, unknown> = {}) {
  const deliveryId = typeof extra.deliveryId === 'string' ? extra.deliveryId : randomUUID();
  return { ...deliveryBody(v, extra), deliveryId };
}

export function sendCard(v: Venue, body: unknown, key: string | null = randomUUID(), cookie = v.guest) {
  return post(
    v.app.app,
    calls.createPaymentIntent.path,
    body,
    cookie,
    key ? { [SYNC_HEADERS.idempotencyKey]: key } : {},
  );
}

export async function placeCardOrder(v: Venue, extra: Record<string, unknown> = {}): Promise<IntentAnswer> {
  const res = await sendCard(v, cardBody(v, extra));
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as IntentAnswer;
}

/** A card order the customer has paid (the fake confirms it as Stripe.js would). */
export async function paidCardOrder(
  v: CardVenue,
  extra: Record<string, unknown> = {},
): Promise<IntentAnswer> {
  const answer = await placeCardOrder(v, extra);
  await v.fake.confirm(answer.paymentIntentId);
  return answer;
}

/**
 * A card order paid and known to be: confirmed at the fake, then the return page's check records
 * it (as the webhook would). Only then is it the owner's to decide (a checkout before).
 */
export async function recordedCardOrder(
  v: CardVenue,
  extra: Record<string, unknown> = {},
): Promise<IntentAnswer> {
  const answer = await paidCardOrder(v, extra);
  const res = await paymentStatus(v, answer.paymentIntentId);
  expect(res.json(), res.body).toMatchObject({ paymentStatus: 'paid', statusPay: 1 });
  return answer;
}

export function paymentStatus(v: Venue, paymentIntentId: string, cookie = v.guest) {
  return post(v.app.app, calls.paymentStatus.path, { ownerId: v.owner.venueId, paymentIntentId }, cookie);
}

/** Stripe's call to the webhook, signed as the fake signs it (or with another secret). */
export function deliverEvent(v: CardVenue, event: FakeEvent, secret?: string) {
  const { payload, headers } = v.fake.signed(event, secret);
  return v.app.app.inject({ method: 'POST', url: '/api/stripe/webhook', payload, headers });
}
