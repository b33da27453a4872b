// `npm run bench -- stripe`: what POST /api/stripe/create-payment-intent costs on the server, the
// Stripe API aside. The real app (demo venue, production settings, embedded SQLite) runs in a
// child process with its Stripe SDK pointed at the fake Stripe API (STRIPE_API_BASE), which runs
// here and times its own handling of every call. Diners (a guest session and address each) send
// card orders one after another (a fresh deliveryId and Idempotency-Key each, 3 lines, consegna,
// slots in turn); for each, the
// overhead is the time the customer waited minus the fake's own time for the intent it created:
// pricing, the send-time checks and the insert, the change log, the SDK and the loopback hop.
// Figures: that overhead p50/p99, the whole call p50/p99, the fake's p50, and a cash send's p50
// (orderDelivery, no Stripe) for comparison.

import { type ChildProcess, fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { calls, SYNC_HEADERS } from '@comanda/shared-schema';
import { FAKE_STRIPE_ACCOUNT, startFakeStripe } from '../../sync-server/test-support/fakes/stripe.ts';
import { dinerAddress, guestCookie, postJson, threeLineCart } from '../support/guest-orders.ts';
import { percentile, report, round } from './report.ts';

const WARMUP = 20;
const CARD_SENDS = 300;
const CASH_SENDS = 100;
const CHILD_FLAG = 'COMANDA_STRIPE_BENCH_CHILD';

/** The child: the app on a loopback port, its venue taking card orders, 20 slots of 50. */
async function runChild(): Promise<void> {
  const { buildApp, loadConfig } = await import('@comanda/sync-server');
  const dir = mkdtempSync(join(tmpdir(), 'comanda-bench-stripe-'));
  const config = loadConfig(
    {
      ...process.env,
      NODE_ENV: 'production',
      DATABASE_URL: `file:${join(dir, 'comanda.db')}`,
      MAIL_DIR: join(dir, 'mail'),
      LOG_LEVEL: 'silent',
      COMANDA_DEMO: '1',
      COMANDA_DEMO_PASSWORD: 'bench-password',
      COMANDA_FAKE_NOW: '2025-07-15T18:30:00+02:00',
      HOST: '127.0.0.1',
      TRUST_PROXY: '1',
    },
    dir,
  );
  const app = await buildApp(config);
  const businessId = app.demo?.venueId ?? '';
  app.store.sqlite
    .prepare(
      "UPDATE businesses SET open_consegna = '19:00', close_consegna = '23:45', slot_capacity = 50, slot_area_capacity = '{}', stripe_account_id = ? WHERE id = ?",
    )
    .run(FAKE_STRIPE_ACCOUNT, businessId);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.on('message', (msg: { type: string }) => {
    if (msg.type !== 'stop') return;
    void app.close().then(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    });
  });
  process.send?.({ type: 'ready', port, businessId });
}

function startChild(
  env: Record<string, string>,
): Promise<{ child: ChildProcess; port: number; businessId: string }> {
  const child = fork(fileURLToPath(import.meta.url), [], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, [CHILD_FLAG]: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => reject(new Error(`stripe bench child exited: ${code}`)));
    child.once('message', (m: { port: number; businessId: string }) =>
      resolve({ child, port: m.port, businessId: m.businessId }),
    );
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.removeAllListeners('exit');
    child.once('exit', () => resolve());
    child.send({ type: 'stop' });
  });
}

export async function benchStripe(): Promise<void> {
  const fake = await startFakeStripe();
  const { child, port, businessId } = await startChild(fake.env);
  const card: Array<{ total: number; fake: number }> = [];
  const cash: number[] = [];
  try {
    const base = `http://127.0.0.1:${port}`;
    // Each send is another diner: their own session and address (the server trusts the bench as
    // its proxy), as the per-session and per-address quotas expect of real traffic.
    const sends = WARMUP + CARD_SENDS + WARMUP + CASH_SENDS;
    const diners: Array<{ cookie: string; address: string }> = [];
    for (let n = 1; n <= sends; n++) {
      const address = dinerAddress(n);
      diners.push({ cookie: await guestCookie(base, { 'x-forwarded-for': address }), address });
    }
    const cookie = diners[0]?.cookie ?? '';
    const cart = await threeLineCart(base, businessId, cookie);
    const options = await postJson(
      `${base}${calls.userDeliveryOptions.path}`,
      { ownerId: businessId },
      { cookie },
    );
    const { slots } = ((await options.json()) as { result: { slots: { selectable: string[] } } }).result;
    let sent = 0;
    const body = () => ({
      tipo: 'Consegna',
      orario: slots.selectable[sent++ % slots.selectable.length],
      nome: 'Cliente',
      telefono: '3331234567',
      indirizzo: 'Via Roma 1',
      comune: 'Avella',
      cart,
      ownerId: businessId,
      deliveryId: randomUUID(),
    });
    let diner = 0;
    const send = async (path: string) => {
      const who = diners[diner++ % diners.length] ?? { cookie, address: '' };
      const before = fake.calls.length;
      const t0 = performance.now();
      const res = await postJson(`${base}${path}`, body(), {
        cookie: who.cookie,
        'x-forwarded-for': who.address,
        [SYNC_HEADERS.idempotencyKey]: randomUUID(),
      });
      const text = await res.text();
      const total = performance.now() - t0;
      if (!res.ok) throw new Error(`${path}: ${res.status} ${text.slice(0, 300)}`);
      const stripeMs = fake.calls.slice(before).reduce((sum, c) => sum + c.ms, 0);
      return { total, fake: stripeMs };
    };
    for (let i = 0; i < WARMUP; i++) await send(calls.createPaymentIntent.path);
    for (let i = 0; i < CARD_SENDS; i++) card.push(await send(calls.createPaymentIntent.path));
    for (let i = 0; i < WARMUP; i++) await send(calls.userOrderDelivery.path);
    for (let i = 0; i < CASH_SENDS; i++) cash.push((await send(calls.userOrderDelivery.path)).total);
    if (fake.count('createIntent') !== WARMUP + CARD_SENDS) throw new Error('not one intent per card send');
  } finally {
    await stopChild(child);
    await fake.stop();
  }

  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const overhead = sorted(card.map((c) => c.total - c.fake));
  const totals = sorted(card.map((c) => c.total));
  const fakeMs = sorted(card.map((c) => c.fake));
  const bench = 'stripe';
  report({ bench, metric: 'card_sends', value: CARD_SENDS, unit: 'requests' });
  report({ bench, metric: 'create_intent_overhead_p50', value: round(percentile(overhead, 50)), unit: 'ms' });
  report({ bench, metric: 'create_intent_overhead_p99', value: round(percentile(overhead, 99)), unit: 'ms' });
  report({ bench, metric: 'create_intent_p50', value: round(percentile(totals, 50)), unit: 'ms' });
  report({ bench, metric: 'create_intent_p99', value: round(percentile(totals, 99)), unit: 'ms' });
  report({ bench, metric: 'fake_stripe_p50', value: round(percentile(fakeMs, 50)), unit: 'ms' });
  report({ bench, metric: 'cash_send_p50', value: round(percentile(sorted(cash), 50)), unit: 'ms' });
}

if (process.env[CHILD_FLAG] === '1') await runChild();
