import type { CartLine } from '@comanda/shared-schema';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../data/errors.ts';
import { cartStoreFor, resetCartStores, tableScope } from './cart-store.ts';
import { postTableOrder, type SendPhase, sendWithRetry, type TableOrderBody } from './send-order.ts';

const line: CartLine = {
  id: 'd1',
  name: 'Margherita',
  price: 600,
  categoryId: 'c1',
  categoryName: 'Pizze',
  variants: [],
  amount: 2,
};

const okAnswer = { success: true, tableId: 't1', lines: [] };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

interface Seen {
  key: string | null;
  body: string;
  url: string;
}

/** A fetch that plays the given outcomes in order and records what each request carried. */
function scriptedFetch(outcomes: Array<() => Response>) {
  const seen: Seen[] = [];
  const fetch = vi.fn(async (url: RequestInfo | URL, init?: RequestInit) => {
    const headers = new Headers(init?.headers);
    seen.push({ key: headers.get('idempotency-key'), body: String(init?.body), url: String(url) });
    const next = outcomes.shift();
    if (!next) throw new Error('no more outcomes');
    return next();
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, seen };
}

const offline = () => {
  throw new TypeError('Failed to fetch');
};

function attemptFor(store = cartStoreFor(tableScope('v1', 't1'))) {
  return store.attemptFor(
    (cart): TableOrderBody => ({ cart, tableId: 't1', ownerId: 'v1' }),
    () => 'attempt-key-0001',
  );
}

const noWait = () => Promise.resolve();

beforeEach(() => {
  sessionStorage.clear();
  resetCartStores();
  cartStoreFor(tableScope('v1', 't1')).add(line);
});

describe('sending an order with retries', () => {
  it('retries a dropped connection and a busy server with the same Idempotency-Key and bytes', async () => {
    const attempt = attemptFor();
    const { fetch, seen } = scriptedFetch([
      offline,
      offline,
      () => json(503, { success: false, code: 'UNAVAILABLE', error: 'busy' }),
      () => json(200, okAnswer),
    ]);
    const phases: SendPhase['phase'][] = [];
    const answer = await sendWithRetry(() => postTableOrder(attempt, { fetch }), {
      wait: noWait,
      onPhase: (p) => phases.push(p.phase),
    });
    expect(answer).toEqual(okAnswer);
    expect(seen).toHaveLength(4);
    expect(new Set(seen.map((s) => s.key))).toEqual(new Set(['attempt-key-0001']));
    expect(new Set(seen.map((s) => s.body)).size).toBe(1);
    expect(seen[0]?.url).toBe('/api/reservation/user/order');
    expect(JSON.parse(seen[0]?.body ?? '{}')).toEqual({ cart: [line], tableId: 't1', ownerId: 'v1' });
    expect(phases).toEqual([
      'sending',
      'waiting',
      'sending',
      'waiting',
      'sending',
      'waiting',
      'sending',
      'done',
    ]);
  });

  it('waits longer between tries, and stops (stalled) after the automatic ones', async () => {
    const attempt = attemptFor();
    const { fetch, seen } = scriptedFetch([offline, offline, offline]);
    const waits: number[] = [];
    const phases: SendPhase[] = [];
    const failure = await sendWithRetry(() => postTableOrder(attempt, { fetch }), {
      delays: [1000, 2000],
      wait: async (ms) => {
        waits.push(ms);
      },
      onPhase: (p) => phases.push(p),
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(NetworkError);
    expect(waits).toEqual([1000, 2000]);
    expect(seen).toHaveLength(3);
    expect(phases.at(-1)?.phase).toBe('stalled');
  });

  it('the retry button resends the same attempt: the key survives until the cart changes', async () => {
    const store = cartStoreFor(tableScope('v1', 't1'));
    const first = attemptFor(store);
    const { fetch, seen } = scriptedFetch([offline, () => json(200, okAnswer)]);
    await sendWithRetry(() => postTableOrder(first, { fetch }), { delays: [], wait: noWait }).catch(
      () => undefined,
    );
    const again = attemptFor(store);
    await sendWithRetry(() => postTableOrder(again, { fetch }), { delays: [], wait: noWait });
    expect(seen.map((s) => s.key)).toEqual(['attempt-key-0001', 'attempt-key-0001']);
    expect(seen[0]?.body).toBe(seen[1]?.body);
  });

  it('a refusal is not retried', async () => {
    const attempt = attemptFor();
    const { fetch, seen } = scriptedFetch([
      () => json(409, { success: false, code: 'ORDER_DISABLED', error: 'Ordini disabilitati' }),
    ]);
    const phases: SendPhase['phase'][] = [];
    const failure = await sendWithRetry(() => postTableOrder(attempt, { fetch }), {
      wait: noWait,
      onPhase: (p) => phases.push(p.phase),
    }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).code).toBe('ORDER_DISABLED');
    expect(seen).toHaveLength(1);
    expect(phases).toEqual(['sending', 'refused']);
  });

  it('reports the offline state while waiting', async () => {
    const attempt = attemptFor();
    const { fetch } = scriptedFetch([offline, () => json(200, okAnswer)]);
    const phases: SendPhase[] = [];
    await sendWithRetry(() => postTableOrder(attempt, { fetch }), {
      wait: noWait,
      isOnline: () => false,
      now: () => 1000,
      onPhase: (p) => phases.push(p),
    });
    expect(phases[1]).toEqual({ phase: 'waiting', attempt: 1, retryAt: 2000, offline: true });
  });
});
