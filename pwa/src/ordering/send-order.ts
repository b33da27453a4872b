import type { Body, Calls, Response } from '@comanda/shared-schema';
import { type CallOptions, call } from '../data/api.ts';
import { isTransient, NetworkError } from '../data/errors.ts';
import type { SendAttempt } from './cart-store.ts';

/**
 * Sending an order from a phone on a venue's Wi-Fi: the request may hang, fail, or succeed with
 * the answer lost. Every try resends the same attempt (same Idempotency-Key, same bytes), so
 * the server stores it once however many tries reach it. Transient failures (no answer, 5xx,
 * 429) are retried with a growing delay, at once when the phone says it is back online; after
 * the last automatic try the screen offers a retry button, which resends the same attempt.
 */

export type SendPhase =
  | { phase: 'idle' }
  | { phase: 'sending'; attempt: number }
  | { phase: 'waiting'; attempt: number; retryAt: number; offline: boolean }
  | { phase: 'stalled'; error: unknown }
  | { phase: 'refused'; error: unknown }
  | { phase: 'done' };

/** Delays before the 2nd, 3rd... automatic try: about 45 s of trying before asking. */
export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 12_000, 16_000];
/** A request that hangs this long is abandoned and retried (same key, so no double order). */
export const SEND_TIMEOUT_MS = 15_000;

export interface RetryOptions {
  delays?: readonly number[];
  signal?: AbortSignal;
  onPhase?: (phase: SendPhase) => void;
  /** Injected in tests. */
  now?: () => number;
  /** Resolves after `ms`, or earlier when the connection comes back; rejects on abort. */
  wait?: (ms: number, signal?: AbortSignal) => Promise<void>;
  isOnline?: () => boolean;
}

/** Wait `ms`, cut short by the browser's `online` event, cancelled by `signal`. */
export function waitOrOnline(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      globalThis.removeEventListener?.('online', done);
      signal?.removeEventListener('abort', abort);
      resolve();
    };
    const abort = () => {
      clearTimeout(timer);
      globalThis.removeEventListener?.('online', done);
      reject(new NetworkError('aborted', 'aborted'));
    };
    const timer = setTimeout(done, ms);
    globalThis.addEventListener?.('online', done, { once: true });
    if (signal?.aborted) abort();
    else signal?.addEventListener('abort', abort, { once: true });
  });
}

function browserOnline(): boolean {
  return globalThis.navigator?.onLine !== false;
}

/**
 * Run `send` until it succeeds, fails for good (a refusal: thrown at once), or the automatic
 * tries are used up (the last transient error is thrown; the caller offers a retry).
 */
export async function sendWithRetry<T>(send: () => Promise<T>, opts: RetryOptions = {}): Promise<T> {
  const delays = opts.delays ?? RETRY_DELAYS_MS;
  const wait = opts.wait ?? waitOrOnline;
  const now = opts.now ?? Date.now;
  const online = opts.isOnline ?? browserOnline;
  for (let attempt = 1; ; attempt++) {
    opts.onPhase?.({ phase: 'sending', attempt });
    try {
      const answer = await send();
      opts.onPhase?.({ phase: 'done' });
      return answer;
    } catch (err) {
      // Cancelled by the caller (unmount, 'Riprova' now): the caller owns the phase.
      if (opts.signal?.aborted) throw err;
      if (!isTransient(err)) {
        opts.onPhase?.({ phase: 'refused', error: err });
        throw err;
      }
      const delay = delays[attempt - 1];
      if (delay === undefined) {
        opts.onPhase?.({ phase: 'stalled', error: err });
        throw err;
      }
      opts.onPhase?.({ phase: 'waiting', attempt, retryAt: now() + delay, offline: !online() });
      await wait(delay, opts.signal);
    }
  }
}

export type TableOrderBody = Body<Calls['userOrder']>;
export type TableOrderAnswer = Response<Calls['userOrder']>;

/** POST /api/reservation/user/order for one attempt, with its Idempotency-Key. */
export function postTableOrder(
  attempt: SendAttempt<TableOrderBody>,
  opts: Pick<CallOptions, 'fetch' | 'signal'> = {},
): Promise<TableOrderAnswer> {
  return call('userOrder', attempt.body, {
    ...opts,
    idempotencyKey: attempt.key,
    timeoutMs: SEND_TIMEOUT_MS,
  });
}
