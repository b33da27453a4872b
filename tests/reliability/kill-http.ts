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
    return { kind: 'none', error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
  }
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
 * POSTs until answered (see `mustRetry`), the same bytes and headers each time, waiting
 * `backoff(attempt)` between tries. Answers the final answer and how many tries it took.
 */
export async function postUntilAnswered(
  url: string,
  body: unknown,
  headers: Record<string, string>,
  seen: Seen,
  backoff: (attempt: number) => number,
  stop: () => boolean = () => false,
  abandon: () => number | null = () => null,
): Promise<{ status: number; body: unknown; headers: Headers; tries: number }> {
  for (let attempt = 1; ; attempt++) {
    seen.requests++;
    const ex = await postOnce(url, body, headers, abandon());
    if (ex.kind === 'none') seen.noAnswer++;
    else if (ex.status === 503) seen.unavailable++;
    else if (ex.status >= 500)
      seen.serverErrors.push(`${ex.status} ${url} ${JSON.stringify(ex.body).slice(0, 300)}`);
    if (!mustRetry(ex) && ex.kind === 'answer') return { ...ex, tries: attempt };
    if (stop()) throw new Error(`gave up on ${url} after ${attempt} tries`);
    await sleep(backoff(attempt));
  }
}

/** The `comanda_sid=...` pair of a sign-in answer. */
export function sessionCookieOf(headers: Headers): string {
  const cookie = headers.getSetCookie().find((c) => c.startsWith('comanda_sid='));
  if (!cookie) throw new Error('no session cookie in the answer');
  return cookie.split(';')[0] ?? '';
}
