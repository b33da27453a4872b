import type { Quotas } from '../lib/quota.ts';

type Answer = { current: number; ttl: number };
type Callback = (err: Error | null, answer?: Answer) => void;

/**
 * A store for @fastify/rate-limit over the app's quotas, so the routes it limits (token links,
 * password restore, waiter calls) count in the store every instance shares when hosted (the
 * plugin's own store is one process's memory). The quota counts allowed hits only; a refused one
 * is answered as one past the limit, which is all the plugin looks at.
 */
export function rateLimitStore(quotas: Quotas) {
  return class QuotaRateLimitStore {
    incr(key: string, callback: Callback, timeWindow: number, max: number): void {
      quotas.take(`rate:${key}`, max, timeWindow).then(
        (check) =>
          callback(null, {
            current: check.allowed ? check.count : max + 1,
            ttl: check.allowed ? timeWindow : check.retryAfterMs,
          }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    read(key: string, callback: Callback, timeWindow: number, max: number): void {
      quotas.peek(`rate:${key}`, max, timeWindow).then(
        (check) =>
          callback(null, { current: check.allowed ? check.count : max + 1, ttl: check.retryAfterMs }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    /** One store for every route: the keys already name the route (`path|address`). */
    child(): QuotaRateLimitStore {
      return this;
    }
  };
}
