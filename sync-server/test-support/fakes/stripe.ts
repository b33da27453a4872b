import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import Stripe from 'stripe';
import {
  type Answer,
  type FakeFailure,
  type FakeIntent,
  type FakeOp,
  type FakeRefund,
  FakeStripeObjects,
  fail,
  missing,
  now,
  type Params,
  parseForm,
  rid,
} from './stripe-api.ts';

export type { FakeFailure, FakeIntent, FakeOp, FakeRefund } from './stripe-api.ts';

/**
 * A small fake of the Stripe API on loopback that the real `stripe` SDK talks to (the server's
 * STRIPE_API_BASE points the SDK's host/port/protocol at it): PaymentIntents (create honouring
 * Idempotency-Key and Stripe-Account, retrieve, confirm, cancel), refunds (create, list),
 * connected accounts (retrieve), and webhook events signed with the SDK's own
 * `generateTestHeaderString`. It records every call, with its own handling time.
 *
 * In-process: `const fake = await startFakeStripe()`; `createTestApp({ env: fake.env })`.
 * For e2e or by hand: `node --import tsx sync-server/test-support/fakes/stripe.ts [--port N]
 * [--webhook-url URL]` prints one JSON line ({url, port, env}) and serves until killed. Its
 * control calls under `/_fake/` (JSON bodies, no key, CORS open): POST `confirm` {id,
 * paymentMethod?} (then the webhook goes to the target), `webhook-target` {url}, `fail-next`
 * (a FakeFailure), `reset`; GET `state` ({intents, refunds, calls}).
 */

export const FAKE_STRIPE_KEYS = {
  secretKey: 'sk_test_comanda_fake',
  publishableKey: 'pk_test_comanda_fake',
  webhookSecret: 'whsec_comanda_fake_secret',
} as const;
/** A connected account the fake knows from the start (country IT). */
export const FAKE_STRIPE_ACCOUNT = 'acct_1ComandaFakeIT';

export interface FakeCall {
  op: FakeOp | 'control' | 'unknown';
  method: string;
  path: string;
  account: string | null;
  idempotencyKey: string | null;
  status: number;
  /** The fake's own time for this request, body read to answer sent (ms). */
  ms: number;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  type: string;
  account: string | null;
  api_version: string;
  created: number;
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  data: { object: FakeIntent };
}

export interface FakeStripe {
  url: string;
  port: number;
  keys: typeof FAKE_STRIPE_KEYS;
  /** STRIPE_API_BASE and the three keys, for the server's environment. */
  env: Record<string, string>;
  /** Where confirmations send their webhook (payment_intent.succeeded / payment_failed); null: none. */
  webhookUrl: string | null;
  /** Awaited before an API call is answered (tests: something happening meanwhile). */
  onCall: ((op: FakeOp) => Promise<void> | void) | null;
  calls: FakeCall[];
  intents(): Array<FakeIntent & { account: string | null }>;
  intent(id: string): FakeIntent | undefined;
  refunds(): FakeRefund[];
  /** Calls of one kind made through the API (control calls excluded). */
  count(op: FakeOp): number;
  addAccount(id: string, country: string): void;
  /** Confirms as the browser would: 'pm_card_visa' (default) succeeds, 'pm_card_chargeDeclined' fails, 'pm_card_processing' stays processing. */
  confirm(id: string, paymentMethod?: string): Promise<FakeIntent>;
  failNext(failure: FakeFailure): void;
  event(type: string, intentId: string): FakeEvent;
  /** The body and headers Stripe would send, signed (or signed with another secret). */
  signed(event: FakeEvent, secret?: string): { payload: string; headers: Record<string, string> };
  sendWebhook(event: FakeEvent, url?: string): Promise<{ status: number; body: string }>;
  /** Resolves once every webhook a confirmation started has been answered. */
  idle(): Promise<void>;
  reset(): void;
  stop(): Promise<void>;
}

const CORS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': '*',
  'access-control-allow-methods': 'GET, POST',
};

export async function startFakeStripe(
  options: { port?: number; host?: string; webhookUrl?: string } = {},
): Promise<FakeStripe> {
  const keys = FAKE_STRIPE_KEYS;
  const idempotent = new Map<string, { fingerprint: string; answer: Answer }>();
  const pending = new Set<Promise<unknown>>();
  const calls: FakeCall[] = [];
  /** After a confirmation Stripe tells the platform's Connect webhook. */
  const objects = new FakeStripeObjects((intent) => {
    const type =
      intent.status === 'succeeded'
        ? 'payment_intent.succeeded'
        : intent.last_payment_error
          ? 'payment_intent.payment_failed'
          : null;
    if (!type || !fake.webhookUrl) return;
    const sent = sendWebhook(event(type, intent.id)).catch(() => undefined);
    pending.add(sent);
    void sent.finally(() => pending.delete(sent));
  });
  objects.accounts.set(FAKE_STRIPE_ACCOUNT, 'IT');

  const event = (type: string, intentId: string): FakeEvent => {
    const found = objects.intents.get(intentId);
    if (!found) throw new Error(`fake stripe: no intent ${intentId}`);
    return {
      id: rid('evt'),
      object: 'event',
      type,
      account: found.account,
      api_version: Stripe.API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: structuredClone(found.intent) },
    };
  };

  const signed = (e: FakeEvent, secret: string = keys.webhookSecret) => {
    const payload = JSON.stringify(e);
    const header = Stripe.webhooks.generateTestHeaderString({ payload, secret });
    return {
      payload,
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': header },
    };
  };

  const sendWebhook = async (e: FakeEvent, url = fake.webhookUrl ?? '') => {
    if (!url) throw new Error('fake stripe: no webhook url');
    const { payload, headers } = signed(e);
    const res = await fetch(url, { method: 'POST', headers, body: payload });
    return { status: res.status, body: await res.text() };
  };

  /** The publishable key may only read or confirm an intent whose client_secret it names. */
  function authorised(req: IncomingMessage, op: FakeOp, id: string, params: Params): boolean {
    const key = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    if (key === keys.secretKey) return true;
    if (key !== keys.publishableKey || !(op === 'retrieveIntent' || op === 'confirmIntent')) return false;
    return objects.intents.get(id)?.intent.client_secret === params.client_secret;
  }

  function control(path: string, body: Params): Answer {
    const done: Answer = { status: 200, body: { ok: true } };
    switch (path) {
      case '/_fake/state':
        return { status: 200, body: { intents: fake.intents(), refunds: fake.refunds(), calls } };
      case '/_fake/reset':
        fake.reset();
        return done;
      case '/_fake/fail-next':
        fake.failNext(body as unknown as FakeFailure);
        return done;
      case '/_fake/webhook-target':
        fake.webhookUrl = typeof body.url === 'string' ? body.url : null;
        return done;
      case '/_fake/confirm': {
        const found = objects.intents.get(String(body.id));
        if (!found) return missing('payment_intent', String(body.id));
        const method = typeof body.paymentMethod === 'string' ? body.paymentMethod : undefined;
        return objects.confirm(found.intent, method);
      }
    }
    return fail(404, 'invalid_request_error', `Unrecognized request URL (${path})`);
  }

  /** A POST with an Idempotency-Key: the first answer again for the same request, else refused. */
  function once(
    scope: string,
    fingerprint: string,
    run: () => Answer,
  ): { answer: Answer; replayed: boolean } {
    const seen = idempotent.get(scope);
    if (seen && seen.fingerprint !== fingerprint) {
      const message = `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${scope.split('|')[1]}' if you meant to execute a different request.`;
      return { answer: fail(400, 'idempotency_error', message), replayed: false };
    }
    if (seen) return { answer: seen.answer, replayed: true };
    const answer = run();
    // Stripe keeps the answer of a request that ran, not a failure on its side.
    if (answer.status < 500) idempotent.set(scope, { fingerprint, answer: structuredClone(answer) });
    return { answer, replayed: false };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const method = req.method ?? 'GET';
    const header = (name: string) => (typeof req.headers[name] === 'string' ? req.headers[name] : null);
    const account = header('stripe-account');
    const key = header('idempotency-key');
    const send = (answer: Answer, op: FakeCall['op'], extra: Record<string, string> = {}) => {
      res.writeHead(answer.status, {
        'content-type': 'application/json',
        'request-id': rid('req'),
        ...CORS,
        ...extra,
      });
      res.end(JSON.stringify(answer.body));
      const ms = performance.now() - started;
      calls.push({ op, method, path: url.pathname, account, idempotencyKey: key, status: answer.status, ms });
    };
    if (method === 'OPTIONS') return send({ status: 204, body: '' }, 'control');
    if (url.pathname.startsWith('/_fake/')) {
      return send(control(url.pathname, raw ? (JSON.parse(raw) as Params) : {}), 'control');
    }
    const params = parseForm(method === 'GET' ? url.search.slice(1) : raw);
    const target = FakeStripeObjects.route(method, url.pathname);
    if (!target) {
      return send(
        fail(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${url.pathname})`),
        'unknown',
      );
    }
    if (!authorised(req, target.op, target.id, params)) {
      return send(fail(401, 'invalid_request_error', 'Invalid API Key provided'), target.op);
    }
    await fake.onCall?.(target.op);
    const run = () => objects.api(target.op, target.id, account, params);
    if (method !== 'POST' || !key) return send(run(), target.op);
    const { answer, replayed } = once(`${account ?? ''}|${key}`, `${url.pathname}|${raw}`, run);
    return send(answer, target.op, replayed ? { 'idempotent-replayed': 'true' } : {});
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;

  const fake: FakeStripe = {
    url,
    port,
    keys,
    env: {
      STRIPE_API_BASE: url,
      STRIPE_SECRET_KEY: keys.secretKey,
      STRIPE_PUBLISHABLE_KEY: keys.publishableKey,
      STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
    },
    webhookUrl: options.webhookUrl ?? null,
    onCall: null,
    calls,
    intents: () =>
      [...objects.intents.values()].map(({ intent, account }) => ({ ...structuredClone(intent), account })),
    intent: (id) => objects.intents.get(id)?.intent,
    refunds: () => [...objects.refunds.values()],
    count: (op) => calls.filter((c) => c.op === op).length,
    addAccount: (id, country) => void objects.accounts.set(id, country),
    async confirm(id, paymentMethod) {
      const found = objects.intents.get(id);
      if (!found) throw new Error(`fake stripe: no intent ${id}`);
      const answer = objects.confirm(found.intent, paymentMethod);
      if (answer.status !== 200)
        throw new Error(`fake stripe: cannot confirm ${id} (${found.intent.status})`);
      return structuredClone(found.intent);
    },
    failNext: (failure) => void objects.failures.push({ ...failure }),
    event,
    signed,
    sendWebhook,
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    reset() {
      objects.clear();
      idempotent.clear();
      calls.length = 0;
      fake.onCall = null;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}

// Standalone: `node --import tsx sync-server/test-support/fakes/stripe.ts --port 12111`.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i >= 0 ? process.argv[i + 1] : undefined;
  };
  const webhookUrl = arg('--webhook-url');
  const fake = await startFakeStripe({
    port: Number(arg('--port') ?? 0),
    ...(webhookUrl ? { webhookUrl } : {}),
  });
  process.stdout.write(`${JSON.stringify({ url: fake.url, port: fake.port, env: fake.env })}\n`);
  const stop = () => void fake.stop().then(() => process.exit(0));
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
