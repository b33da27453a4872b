import {
  type Body,
  type CallName,
  type Response as CallResponse,
  type Calls,
  type ErrorCode,
  type ErrorEnvelope,
  t,
} from '@comanda/shared-schema';
import { x } from '../texts-extra.ts';
import { ApiError, NetworkError, StorageError } from './errors.ts';
import { prefetchedFetch } from './prefetched.ts';
import { wire } from './wire.ts';
import type { CallRoute } from './wire-table.ts';

export interface CallOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /** Injected in tests; the browser's fetch otherwise. */
  fetch?: typeof fetch;
  /** Give up waiting after this long (a venue's Wi-Fi can hang a request for minutes). */
  timeoutMs?: number;
  idempotencyKey?: string;
}

export interface RawAnswer {
  data: unknown;
  headers: Headers;
  status: number;
}

const DEFAULT_TIMEOUT_MS = 30_000;

/** The browser's fetch, taking the answers a table page's first script asked for (`prefetched.ts`). */
const browserFetch = prefetchedFetch();

/** `/api/printer/{kind}`: placeholders in a path are filled from (and removed from) the body. */
function fillPath(
  path: string,
  body: Record<string, unknown>,
): { path: string; rest: Record<string, unknown> } {
  const rest = { ...body };
  const filled = path.replace(/\{(\w+)\}/g, (_m, key: string) => {
    const value = rest[key];
    delete rest[key];
    return encodeURIComponent(String(value ?? ''));
  });
  return { path: filled, rest };
}

function queryString(body: Record<string, unknown>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

function isErrorCode(code: unknown): code is ErrorCode {
  return typeof code === 'string' && (wire.errorCodes as readonly string[]).includes(code);
}

function envelopeError(status: number, data: unknown, judged = false): ApiError {
  const env = data as Partial<ErrorEnvelope> | null;
  const code = env?.code;
  if (env && env.success === false && typeof env.error === 'string' && isErrorCode(code)) {
    return new ApiError(status, code, env.error, env.issues, env.expectedMutationId, judged);
  }
  // Not our envelope (a proxy's HTML page, an empty 502): keep the status, say something useful.
  const fallback: ErrorCode = status >= 500 ? (status === 503 ? 'UNAVAILABLE' : 'INTERNAL') : 'VALIDATION';
  return new ApiError(status, fallback, status >= 500 ? x.serverUnavailable : t.genericError);
}

/**
 * One HTTP exchange for a call definition: same-origin cookies, JSON in and out, the error
 * envelope turned into `ApiError`, no answer turned into `NetworkError`.
 */
export async function request(def: CallRoute, body: unknown, opts: CallOptions = {}): Promise<RawAnswer> {
  const doFetch = opts.fetch ?? browserFetch;
  const { path, rest } = fillPath(def.path, (body ?? {}) as Record<string, unknown>);
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.idempotencyKey) headers['idempotency-key'] = opts.idempotencyKey;
  const init: RequestInit = { method: def.method, credentials: 'same-origin', headers };
  let url = path;
  if (def.method === 'GET') {
    url += queryString(rest);
  } else {
    headers['content-type'] = 'application/json';
    init.body = JSON.stringify(rest);
  }

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onAbort, { once: true });
  init.signal = controller.signal;

  let res: Response;
  try {
    res = await doFetch(url, init);
  } catch {
    // fetch rejects only when no answer arrived: the cause is ours to name.
    if (timedOut) throw new NetworkError('timeout', x.serverTimeout);
    if (opts.signal?.aborted) throw new NetworkError('aborted', x.requestAborted);
    throw new NetworkError('offline', t.networkError);
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onAbort);
  }

  let data: unknown = null;
  const text = await res.text().catch(() => '');
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!res.ok) throw envelopeError(res.status, data, res.headers.get(wire.judgedHeader) === '1');
  if (data === null) throw envelopeError(res.status >= 500 ? res.status : 502, null);
  return { data, headers: res.headers, status: res.status };
}

/**
 * The typed client: `call('ownerLogin', {email, password})` posts to the path of that call in
 * shared-schema and answers its response type. Success answers are not re-validated here: the
 * server builds them from the same schemas, and the shell stays small and fast. Only the calls'
 * paths and methods are needed at run time (`wire.ts`), not their schemas.
 */
export async function call<N extends CallName>(
  name: N,
  body: Body<Calls[N]>,
  opts: CallOptions = {},
): Promise<CallResponse<Calls[N]>> {
  const answer = await request(wire.routes[name], body, opts);
  return answer.data as CallResponse<Calls[N]>;
}

/** The text a person should read for any failure of the data layer. */
export function errorText(err: unknown): string {
  if (err instanceof ApiError || err instanceof NetworkError || err instanceof StorageError)
    return err.message;
  return t.genericError;
}
