import type { AddressInfo } from 'node:net';
import { calls, t } from '@comanda/shared-schema';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_STRIPE_ACCOUNT, type FakeStripe, startFakeStripe } from '../../test-support/fakes/stripe.ts';
import { type CardVenue, placeCardOrder, setupCardVenue } from '../../test-support/kits/payments.ts';
import { device } from '../../test-support/kits/rooms.ts';
import { post } from '../../test-support/test-app.ts';
import { first } from '../db/client.ts';
import { orders, venues } from '../db/schema.ts';

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
  v = await setupCardVenue(fake, { account: false });
});
afterEach(async () => {
  await v.app.close();
});

const stored = async () =>
  (
    await first(
      v.app.app.store.db
        .select({ id: venues.stripeAccountId })
        .from(venues)
        .where(eq(venues.id, v.owner.venueId)),
    )
  )?.id;

describe("the owner's Stripe account", () => {
  it('is set after Stripe confirms it exists and is Italian, read back, and cleared with null', async () => {
    const read = async () => (await post(v.app.app, calls.stripeAccountGet.path, {}, v.owner.cookie)).json();
    expect(await read()).toEqual({
      success: true,
      stripeAccountId: null,
      keysConfigured: true,
      cardPayments: false,
    });
    const set = await v.tablet.send(calls.stripeAccountSet.path, { stripeAccountId: FAKE_STRIPE_ACCOUNT });
    expect(set.json()).toEqual({ success: true, stripeAccountId: FAKE_STRIPE_ACCOUNT, cardPayments: true });
    expect(await read()).toMatchObject({ stripeAccountId: FAKE_STRIPE_ACCOUNT, cardPayments: true });
    expect(fake.calls.find((c) => c.op === 'retrieveAccount')?.path).toBe(
      `/v1/accounts/${FAKE_STRIPE_ACCOUNT}`,
    );
    const cleared = await v.tablet.send(calls.stripeAccountSet.path, { stripeAccountId: null });
    expect(cleared.json()).toEqual({ success: true, stripeAccountId: null, cardPayments: false });
    expect(await stored()).toBeNull();
  });

  it('refuses an unknown or foreign account, a malformed id, and any account without server keys', async () => {
    fake.addAccount('acct_1GermanVenue', 'DE');
    const refused = async (body: unknown, error: string, tablet = v.tablet) => {
      const res = await tablet.send(calls.stripeAccountSet.path, body);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ code: 'VALIDATION', error });
    };
    await refused({ stripeAccountId: 'acct_1Nobody' }, t.stripeAccountNotFound);
    await refused({ stripeAccountId: 'acct_1GermanVenue' }, t.stripeAccountNotItalian);
    const malformed = await v.tablet.send(calls.stripeAccountSet.path, { stripeAccountId: 'sk_live_oops' });
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION' });
    expect(await stored()).toBeNull();

    const noKeys = await setupCardVenue(fake, { keys: false, account: false });
    try {
      const res = await device(noKeys.app, noKeys.owner).send(calls.stripeAccountSet.path, {
        stripeAccountId: FAKE_STRIPE_ACCOUNT,
      });
      expect(res.json()).toMatchObject({ code: 'VALIDATION', error: t.cardPaymentUnavailable });
    } finally {
      await noKeys.app.close();
    }
  });
});

describe('the fake for e2e: control calls and webhooks over real HTTP', () => {
  it('a confirmation through /_fake/confirm sends the signed webhook, and the order is paid', async () => {
    await v.tablet.send(calls.stripeAccountSet.path, { stripeAccountId: FAKE_STRIPE_ACCOUNT });
    const order = await placeCardOrder(v);
    await v.app.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(v.app.app.server.address() as AddressInfo).port}`;
    const target = await fetch(`${fake.url}/_fake/webhook-target`, {
      method: 'POST',
      body: JSON.stringify({ url: `${base}/api/stripe/webhook` }),
    });
    expect(target.status).toBe(200);
    const confirmed = await fetch(`${fake.url}/_fake/confirm`, {
      method: 'POST',
      body: JSON.stringify({ id: order.paymentIntentId }),
    });
    expect(((await confirmed.json()) as { status: string }).status).toBe('succeeded');
    await fake.idle();
    const row = await first(v.app.app.store.db.select().from(orders).where(eq(orders.id, order.deliveryId)));
    expect(row?.statusPay).toBe(true);
    const state = (await (await fetch(`${fake.url}/_fake/state`)).json()) as {
      intents: Array<{ id: string }>;
    };
    expect(state.intents.map((i) => i.id)).toEqual([order.paymentIntentId]);
    fake.webhookUrl = null;
  });

  it('the publishable key reads or confirms an intent only with its client secret (as Stripe.js does)', async () => {
    await v.tablet.send(calls.stripeAccountSet.path, { stripeAccountId: FAKE_STRIPE_ACCOUNT });
    const order = await placeCardOrder(v);
    const confirm = (secret: string) =>
      fetch(`${fake.url}/v1/payment_intents/${order.paymentIntentId}/confirm`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${fake.keys.publishableKey}`,
          'content-type': 'application/x-www-form-urlencoded',
          'stripe-account': FAKE_STRIPE_ACCOUNT,
        },
        body: `client_secret=${encodeURIComponent(secret)}&payment_method=pm_card_visa`,
      });
    expect((await confirm('pi_wrong_secret_x')).status).toBe(401);
    const ok = await confirm(order.clientSecret);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { status: string }).status).toBe('succeeded');
  });
});
