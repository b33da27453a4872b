import { tmpdir } from 'node:os';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FakeStripe, startFakeStripe } from '../../test-support/fakes/stripe.ts';
import { OPEN_NOW } from '../../test-support/kits/ordering.ts';
import { placeCardOrder, setupCardVenue } from '../../test-support/kits/payments.ts';
import { createTestApp, post, type TestApp } from '../../test-support/test-app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { CLOCK_ADVANCE_PATH } from './clock-control.ts';

/**
 * The end-to-end suite's one test hook: with COMANDA_CLOCK_CONTROL (and a fake clock) the server's
 * clock can be moved on over HTTP, which also runs the card checkouts' sweep. Never there otherwise.
 */
let fake: FakeStripe;
const apps: TestApp[] = [];

beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(async () => {
  await fake.stop();
});
afterEach(async () => {
  for (const a of apps.splice(0)) await a.close();
});

describe('clock control (tests only)', () => {
  it('is absent unless asked for', async () => {
    const t = await createTestApp({ env: { COMANDA_FAKE_NOW: OPEN_NOW } });
    apps.push(t);
    const res = await post(t.app, CLOCK_ADVANCE_PATH, { ms: 60_000 });
    expect(res.statusCode).toBe(404);
  });

  it('needs a fake clock to start at all', () => {
    expect(() => loadConfig({ DATABASE_URL: ':memory:', COMANDA_CLOCK_CONTROL: '1' }, tmpdir())).toThrow(
      ConfigError,
    );
  });

  it('moves the clock on and expires the checkouts whose time ran out; only from this machine', async () => {
    const v = await setupCardVenue(fake, { env: { COMANDA_CLOCK_CONTROL: '1' } });
    apps.push(v.app);
    const order = await placeCardOrder(v);
    const before = v.app.app.clock.nowMs();
    const res = await post(v.app.app, CLOCK_ADVANCE_PATH, { ms: 16 * 60_000 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ success: true, swept: 1 });
    expect(Date.parse(res.json().now)).toBeGreaterThanOrEqual(before + 16 * 60_000);
    expect(fake.intent(order.paymentIntentId)?.status).toBe('canceled');

    const far = await v.app.app.inject({
      method: 'POST',
      url: CLOCK_ADVANCE_PATH,
      payload: { ms: 1000 },
      remoteAddress: '192.0.2.7',
    });
    expect(far.statusCode).toBe(403);
    expect((await post(v.app.app, CLOCK_ADVANCE_PATH, { ms: -5 })).statusCode).toBe(400);
  });
});
