import { randomBytes } from 'node:crypto';

/**
 * The Stripe objects of the fake Stripe API (stripe.ts beside it serves them over HTTP): payment
 * intents per connected account, refunds, accounts, and the failures a test asks for. Answers
 * are Stripe's JSON shapes and error bodies, as far as the `stripe` SDK and Comanda read them.
 */

export type FakeOp =
  | 'createIntent'
  | 'retrieveIntent'
  | 'confirmIntent'
  | 'cancelIntent'
  | 'createRefund'
  | 'listRefunds'
  | 'retrieveAccount';

export interface FakeIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  description: string | null;
  payment_method_types: string[];
  latest_charge: string | null;
  last_payment_error: { code: string; decline_code?: string; message: string; type: string } | null;
  cancellation_reason: string | null;
  created: number;
  livemode: false;
}
export interface FakeRefund {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  status: 'succeeded';
  reason: string | null;
  metadata: Record<string, string>;
  created: number;
}
export interface FakeFailure {
  op: FakeOp;
  status?: number;
  type?: string;
  code?: string;
  message?: string;
  times?: number;
}
export type Params = Record<string, unknown>;
export type Answer = { status: number; body: unknown };

export const now = () => Math.floor(Date.now() / 1000);
export const rid = (prefix: string) => `${prefix}_fake${randomBytes(9).toString('hex')}`;
export const fail = (
  status: number,
  type: string,
  message: string,
  code?: string,
  param?: string,
): Answer => ({
  status,
  body: { error: { type, message, ...(code ? { code } : {}), ...(param ? { param } : {}) } },
});
export const missing = (what: string, id: string, param?: string) =>
  fail(404, 'invalid_request_error', `No such ${what}: '${id}'`, 'resource_missing', param);
const unexpectedState = (intent: FakeIntent, action: string) =>
  fail(
    400,
    'invalid_request_error',
    `You cannot ${action} this PaymentIntent because it has a status of ${intent.status}.`,
    'payment_intent_unexpected_state',
  );

/** `a[b][0]=c&d=e` (the SDK's form encoding, qs-style indices) into nested objects and arrays. */
export function parseForm(text: string): Params {
  const root: Params = {};
  for (const pair of text.split('&')) {
    if (!pair) continue;
    const [rawKey = '', rawValue = ''] = pair.split('=');
    const key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
    const value = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    const parts = key.split('[').map((p) => p.replace(/]$/, ''));
    let node = root;
    parts.forEach((part, i) => {
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (i === parts.length - 1) node[name] = value;
      else {
        node[name] ??= {};
        node = node[name] as Params;
      }
    });
  }
  return root;
}

const list = (value: unknown): string[] =>
  (value && typeof value === 'object' ? Object.values(value) : []).map(String);
const record = (value: unknown): Record<string, string> =>
  Object.fromEntries(Object.entries((value ?? {}) as Params).map(([k, v]) => [k, String(v)]));

/** One fake's objects. `onConfirmed` hears every confirmation (the webhook to send). */
export class FakeStripeObjects {
  readonly intents = new Map<string, { intent: FakeIntent; account: string | null }>();
  readonly refunds = new Map<string, FakeRefund>();
  readonly accounts = new Map<string, string>();
  readonly failures: FakeFailure[] = [];

  constructor(private readonly onConfirmed: (intent: FakeIntent) => void) {}

  clear(): void {
    this.intents.clear();
    this.refunds.clear();
    this.failures.length = 0;
  }

  private takeFailure(op: FakeOp): Answer | null {
    const failures = this.failures;
    const i = failures.findIndex((f) => f.op === op);
    const f = failures[i];
    if (!f) return null;
    f.times = (f.times ?? 1) - 1;
    if (f.times <= 0) failures.splice(i, 1);
    const status = f.status ?? 400;
    const type = f.type ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
    return fail(status, type, f.message ?? 'Fake failure', f.code);
  }

  private findIntent(id: string, account: string | null): FakeIntent | undefined {
    const found = this.intents.get(id);
    return found && found.account === account ? found.intent : undefined;
  }

  /** Confirms as Stripe.js would: 'pm_card_chargeDeclined' fails, 'pm_card_processing' waits. */
  confirm(intent: FakeIntent, paymentMethod = 'pm_card_visa'): Answer {
    if (!['requires_payment_method', 'requires_confirmation', 'requires_action'].includes(intent.status)) {
      return unexpectedState(intent, 'confirm');
    }
    intent.last_payment_error = null;
    if (paymentMethod === 'pm_card_chargeDeclined') {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code: 'card_declined',
        decline_code: 'generic_decline',
        message: 'Your card was declined.',
      };
    } else if (paymentMethod === 'pm_card_processing') intent.status = 'processing';
    else if (paymentMethod === 'pm_card_authenticationRequired') intent.status = 'requires_action';
    else {
      intent.status = 'succeeded';
      intent.amount_received = intent.amount;
      intent.latest_charge = rid('ch');
    }
    this.onConfirmed(intent);
    return { status: 200, body: intent };
  }

  /** The Stripe API itself: `account` from Stripe-Account, `params` form-decoded. */
  api(op: FakeOp, id: string, account: string | null, params: Params): Answer {
    const failure = this.takeFailure(op);
    const { intents, refunds } = this;
    if (failure) return failure;
    switch (op) {
      case 'createIntent': {
        const amount = Number(params.amount);
        if (!Number.isInteger(amount) || amount < 50) {
          return fail(
            400,
            'invalid_request_error',
            'Amount must be at least €0.50 eur',
            'amount_too_small',
            'amount',
          );
        }
        const intentId = rid('pi');
        const intent: FakeIntent = {
          id: intentId,
          object: 'payment_intent',
          amount,
          amount_received: 0,
          currency: String(params.currency ?? 'eur'),
          status: 'requires_payment_method',
          client_secret: `${intentId}_secret_${randomBytes(12).toString('hex')}`,
          metadata: record(params.metadata),
          description: typeof params.description === 'string' ? params.description : null,
          payment_method_types: params.allowed_payment_method_types
            ? list(params.allowed_payment_method_types)
            : ['card'],
          latest_charge: null,
          last_payment_error: null,
          cancellation_reason: null,
          created: now(),
          livemode: false,
        };
        intents.set(intentId, { intent, account });
        return { status: 200, body: intent };
      }
      case 'retrieveIntent': {
        const intent = this.findIntent(id, account);
        return intent ? { status: 200, body: intent } : missing('payment_intent', id);
      }
      case 'confirmIntent': {
        const intent = this.findIntent(id, account);
        if (!intent) return missing('payment_intent', id);
        return this.confirm(
          intent,
          typeof params.payment_method === 'string' ? params.payment_method : undefined,
        );
      }
      case 'cancelIntent': {
        const intent = this.findIntent(id, account);
        if (!intent) return missing('payment_intent', id);
        if (intent.status === 'canceled') return { status: 200, body: intent };
        if (intent.status === 'succeeded' || intent.status === 'processing')
          return unexpectedState(intent, 'cancel');
        intent.status = 'canceled';
        intent.cancellation_reason =
          typeof params.cancellation_reason === 'string' ? params.cancellation_reason : null;
        return { status: 200, body: intent };
      }
      case 'createRefund': {
        const intentId = String(params.payment_intent ?? '');
        const intent = this.findIntent(intentId, account);
        if (!intent) return missing('payment_intent', intentId, 'payment_intent');
        if (intent.status !== 'succeeded') {
          return fail(
            400,
            'invalid_request_error',
            `PaymentIntent ${intentId} has no successful charge to refund.`,
            'charge_not_refundable',
          );
        }
        const refunded = [...refunds.values()].filter((r) => r.payment_intent === intentId);
        const left = intent.amount - refunded.reduce((n, r) => n + r.amount, 0);
        if (left <= 0) {
          return fail(
            400,
            'invalid_request_error',
            `Charge ${intent.latest_charge} has already been refunded.`,
            'charge_already_refunded',
          );
        }
        const amount = params.amount === undefined ? left : Number(params.amount);
        const refund: FakeRefund = {
          id: rid('re'),
          object: 'refund',
          amount,
          currency: intent.currency,
          payment_intent: intentId,
          status: 'succeeded',
          reason: typeof params.reason === 'string' ? params.reason : null,
          metadata: record(params.metadata),
          created: now(),
        };
        refunds.set(refund.id, refund);
        return { status: 200, body: refund };
      }
      case 'listRefunds': {
        const data = [...refunds.values()].filter(
          (r) =>
            r.payment_intent === params.payment_intent && intents.get(r.payment_intent)?.account === account,
        );
        return {
          status: 200,
          body: { object: 'list', url: '/v1/refunds', has_more: false, data: data.reverse() },
        };
      }
      case 'retrieveAccount': {
        const country = this.accounts.get(id);
        return country
          ? {
              status: 200,
              body: { id, object: 'account', country, default_currency: 'eur', charges_enabled: true },
            }
          : fail(404, 'invalid_request_error', `No such account: '${id}'`, 'account_invalid');
      }
    }
  }

  /** Which API call a method and path are, and the id in the path. */
  static route(method: string, path: string): { op: FakeOp; id: string } | null {
    const m = path.match(/^\/v1\/(payment_intents|refunds|accounts)(?:\/([^/]+))?(?:\/(confirm|cancel))?$/);
    if (!m) return null;
    const [, kind, id = '', action] = m;
    if (kind === 'payment_intents') {
      if (method === 'POST' && !id) return { op: 'createIntent', id };
      if (method === 'GET' && id && !action) return { op: 'retrieveIntent', id };
      if (method === 'POST' && action === 'confirm') return { op: 'confirmIntent', id };
      if (method === 'POST' && action === 'cancel') return { op: 'cancelIntent', id };
    }
    if (kind === 'refunds' && !id)
      return method === 'POST' ? { op: 'createRefund', id } : { op: 'listRefunds', id };
    if (kind === 'accounts' && id && method === 'GET') return { op: 'retrieveAccount', id };
    return null;
  }
}
