import type { PrefetchGlobal } from '../prefetch/plan.ts';

/** Older than this, an answer asked for before the app started is not used (as `EARLY_READ_MAX_AGE_MS`). */
export const PREFETCH_MAX_AGE_MS = 10_000;

/**
 * The browser's fetch, except that a request the page's first script already sent
 * (`prefetch/prefetch.ts`: same method, address and body) takes that answer, once. The caller's
 * signal (its timeout, an abort) still ends the wait for it.
 */
export function prefetchedFetch(target: PrefetchGlobal = globalThis as PrefetchGlobal): typeof fetch {
  return (input, init) => {
    const body = typeof init?.body === 'string' ? init.body : null;
    if (target.__comandaPrefetched && body !== null && typeof input === 'string') {
      const answer = target.__comandaPrefetched.take(init?.method ?? 'GET', input, body, PREFETCH_MAX_AGE_MS);
      if (answer) return withSignal(answer, init?.signal);
    }
    return globalThis.fetch(input, init);
  };
}

function withSignal(response: Promise<Response>, signal: AbortSignal | null | undefined): Promise<Response> {
  if (!signal) return response;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}
