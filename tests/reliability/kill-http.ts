// The kill loop's HTTP side: one POST as a phone or tablet sends it, and the retry rule every
// client of the loop follows while the server dies and comes back.

/** What a client learned from one exchange: an answer, or none (refused/reset connection). */
export type Exchange =
  | { kind: 'answer'; status: number; body: unknown; headers: Headers }
  | { kind: 'none'; error: string };

/** A request that hangs this long is abandoned and retried, as the PWA's SEND_TIMEOUT_MS does. */
const REQUEST_TIMEOUT_MS = 15_000;

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * One POST. `abandonAfterMs`: the client gives up on it after that long (a phone whose Wi-Fi
 * dropped mid-request), whether or not the server got it, ran it, or answered it.
 */
export async function postOnce(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  abandonAfterMs: number | null = null,
): Promise<Exchange> {
  try {
    const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
      signal:
        abandonAfterMs === null ? timeout : AbortSignal.any([timeout, AbortSignal.timeout(abandonAfterMs)]),
    });
    const text = await res.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
    return { kind: 'answer', status: res.status, body: parsed, headers: res.headers };
  } catch (err) {
    return { kind: 'none', error: errorText(err) };
  }
}

/** An error with its cause (fetch's own message is only 'fetch failed'). */
export function errorText(err: unknown): string {
  if (!(err instanceof Error)) return String(err);
  const cause = err.cause instanceof Error ? ` (${err.cause.message})` : '';
  return `${err.name}: ${err.message}${cause}`;
}

export const codeOf = (body: unknown): string | null =>
  (body as { code?: unknown } | null)?.code === undefined ? null : String((body as { code: unknown }).code);

/**
 * Whether a client must send the same request again: no answer (the server died or was not
 * listening), a 503 (transient, the counter did not move), or a 429. Everything else is the
 * answer to keep. A 500 is kept too, so the loop can count it as the bug it is.
 */
export function mustRetry(ex: Exchange): boolean {
  return ex.kind === 'none' || ex.status === 503 || ex.status === 429;
}

/** Shared counters of what the clients saw, for the figures and the checks. */
export interface Seen {
  requests: number;
  noAnswer: number;
  unavailable: number;
  /** Answers with a 5xx other than 503: always a server bug. */
  serverErrors: string[];
}

export function newSeen(): Seen {
  return { requests: 0, noAnswer: 0, unavailable: 0, serverErrors: [] };
}

/**
 * Where a client sends its tries: one server (the kill loop), or a home instance with another
 * behind it (the multi-instance suite, upstream.ts), as a load balancer picks per try.
 */
export interface Upstream {
  /** The base URL (`http://host:port`) for the next try. */
  base(): string;
  /** What that try got: a balancer moves on after no answer or a 503. */
  saw(ex: Exchange): void;
}

/** The one server of the kill loop: every try to the same base. */
export const fixedUpstream = (base: string): Upstream => ({ base: () => base, saw: () => undefined });

/** A full URL, or a path sent through an upstream (the base chosen anew for each try). */
export type Target = string | { upstream: Upstream; path: string };

/**
 * POSTs until answered (see `mustRetry`), the same bytes and headers each time, waiting
 * `backoff(attempt)` between tries. Answers the final answer and how many tries it took.
 */
export async function postUntilAnswered(
  target: Target,
  body: unknown,
  headers: Record<string, string>,
  seen: Seen,
  backoff: (attempt: number) => number,
  stop: () => boolean = () => false,
  abandon: () => number | null = () => null,
): Promise<{ status: number; body: unknown; headers: Headers; tries: number }> {
  const url = () => (typeof target === 'string' ? target : target.upstream.base() + target.path);
  for (let attempt = 1; ; attempt++) {
    seen.requests++;
    const tried = url();
    const ex = await postOnce(tried, body, headers, abandon());
    if (typeof target !== 'string') target.upstream.saw(ex);
    if (ex.kind === 'none') seen.noAnswer++;
    else if (ex.status === 503) seen.unavailable++;
    else if (ex.status >= 500)
      seen.serverErrors.push(`${ex.status} ${tried} ${JSON.stringify(ex.body).slice(0, 300)}`);
    if (!mustRetry(ex) && ex.kind === 'answer') return { ...ex, tries: attempt };
    if (stop()) throw new Error(`gave up on ${tried} after ${attempt} tries`);
    await sleep(backoff(attempt));
  }
}

/** The `comanda_sid=...` pair of a sign-in answer. */
export function sessionCookieOf(headers: Headers): string {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('comanda_sid='));
  if (!cookie) throw new Error('no session cookie in the answer');
  return cookie.split(';')[0] ?? '';
}
