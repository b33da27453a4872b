import { calls, type PushResult, SYNC_HEADERS, syncCalls } from '@comanda/shared-schema';
import WebSocket from 'ws';

/**
 * Faults injected where a device meets the network, never inside the code under test:
 * - `drop-answer`: the request reaches the server (which commits), the answer is thrown away;
 * - `fail-before-send`: the request never leaves the device;
 * - `duplicate`: the request is delivered twice at once (a retrying proxy), one answer is used;
 * - `unavailable`: a 503 from "a proxy" in front of the server, which never sees the request.
 */
export type Fault = 'drop-answer' | 'fail-before-send' | 'duplicate' | 'unavailable';

/** What a live frame suffers on its way to the device. */
export type FrameFate = 'deliver' | 'drop' | 'duplicate';

export interface OutgoingRequest {
  path: string;
  method: string;
  clientId: string | undefined;
  mutationId: number | undefined;
  /** The JSON body of a POST. */
  body: unknown;
  /** The mutations a push (`/api/sync/push`) carries, each as if sent to its own endpoint. */
  carried?: OutgoingRequest[];
}

/** A request that asks the server to run owner mutations: one with `x-mutation-id`, or a push. */
export function carriesMutations(req: OutgoingRequest): boolean {
  return req.mutationId !== undefined || (req.carried?.length ?? 0) > 0;
}

/** The mutations of a push, each with its own endpoint's path, id and body. */
function carriedBy(path: string, clientId: string | undefined, body: unknown): OutgoingRequest[] | undefined {
  if (path !== syncCalls.push.path) return undefined;
  const pushed = (body as { mutations?: Array<{ mutationId: number; name: string; body?: unknown }> } | null)
    ?.mutations;
  return pushed?.map((m) => ({
    path: (calls as Record<string, { path: string } | undefined>)[m.name]?.path ?? `(unknown ${m.name})`,
    method: 'POST',
    clientId,
    mutationId: m.mutationId,
    body: m.body,
  }));
}

/** One request as seen at the boundary (a duplicate is two of these). */
export interface Exchange extends OutgoingRequest {
  fault: Fault | null;
  /** It left the device for the server (not for `fail-before-send`, `unavailable`, offline). */
  sent: boolean;
  /**
   * The server's answer status (seen here even when `drop-answer` then hides it from the
   * device); null when none came back (not sent, or a refused or reset connection, in which
   * case the server may or may not have judged it).
   */
  status: number | null;
  /** `x-comanda-replayed: 1`: a stored answer, not a fresh judgement. */
  replayed: boolean;
  /** Error code of an error envelope, when there was one. */
  code: string | null;
  /**
   * A mutation of a push that the server answered without running it: the push stopped before
   * it (at a gap or a transient failure). Not judged, and known not to be.
   */
  skipped: boolean;
}

/** What one exchange recorded, before a push is split into its mutations. */
type Seen = Pick<Exchange, 'fault' | 'sent' | 'status' | 'replayed' | 'code'>;

const codeOf = (body: unknown): string | null => (body as { code?: string } | null)?.code ?? null;

export interface ServerAddress {
  readonly base: string;
}

const noConnection = () => new TypeError('fetch failed');

/** The network of one device: its `fetch` and `WebSocket`, with an on/off switch and faults. */
export class Network {
  online = true;
  readonly exchanges: Exchange[] = [];
  /** Per-request fault decision (the randomized case); queued faults win over it. */
  rule: ((req: OutgoingRequest) => Fault | null) | null = null;
  /** Per-frame fate for versioned live frames (pokes); `connect` frames always pass. */
  frameRule: ((frame: { event: string; version?: number }) => FrameFate) | null = null;
  private readonly queued: Array<{ match: (req: OutgoingRequest) => boolean; fault: Fault }> = [];
  private readonly sockets = new Set<WebSocket>();

  constructor(
    private readonly server: ServerAddress,
    private readonly cookie: string,
  ) {}

  /** The next request matching `match` suffers `fault` (once). */
  inject(fault: Fault, match: (req: OutgoingRequest) => boolean = () => true): void {
    this.queued.push({ match, fault });
  }

  /** Requests sent to the server for one (client, mutation) (a push counts for each it carries). */
  arrivals(clientId: string, mutationId: number): number {
    return this.exchanges.filter((e) => e.sent && e.clientId === clientId && e.mutationId === mutationId)
      .length;
  }

  /** Every exchange of one (client, mutation), in order. */
  exchangesOf(clientId: string, mutationId: number): Exchange[] {
    return this.exchanges.filter((e) => e.clientId === clientId && e.mutationId === mutationId);
  }

  goOffline(): void {
    this.online = false;
    // The Wi-Fi is gone: open sockets die without a closing handshake.
    for (const s of this.sockets) s.terminate();
  }

  goOnline(): void {
    this.online = true;
  }

  private decide(req: OutgoingRequest): Fault | null {
    // A fault aimed at one mutation's endpoint hits the push that carries it.
    const i = this.queued.findIndex((q) => q.match(req) || (req.carried ?? []).some((m) => q.match(m)));
    if (i >= 0) return this.queued.splice(i, 1)[0]!.fault;
    return this.rule?.(req) ?? null;
  }

  /** Given to the PWA's data layer as its `fetch`: relative paths go to the server with the cookie. */
  readonly fetch: typeof fetch = async (input, init) => {
    const path = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const headers = new Headers(init?.headers);
    headers.set('cookie', this.cookie);
    const rawMutation = headers.get(SYNC_HEADERS.mutationId);
    const clientId = headers.get(SYNC_HEADERS.clientId) ?? undefined;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const pathOnly = path.split('?')[0]!;
    const req: OutgoingRequest = {
      path: pathOnly,
      method: init?.method ?? 'GET',
      clientId,
      mutationId: rawMutation ? Number(rawMutation) : undefined,
      body,
    };
    const carried = carriedBy(pathOnly, clientId, body);
    if (carried) req.carried = carried;
    /** One exchange; a push is recorded as one per mutation it carries, with that one's result. */
    const record = (e: Seen, answer: unknown = null) => {
      if (!carried) {
        this.exchanges.push({ ...req, ...e, skipped: false });
        return;
      }
      const results =
        e.status === 200 ? ((answer as { results?: PushResult[] } | null)?.results ?? []) : null;
      for (const m of carried) {
        const result = results?.find((r) => r.mutationId === m.mutationId);
        if (results === null) this.exchanges.push({ ...m, ...e, skipped: false });
        else if (!result) this.exchanges.push({ ...m, ...e, status: null, code: null, skipped: true });
        else {
          const { status, replayed, body: resultBody } = result;
          this.exchanges.push({ ...m, ...e, status, replayed, code: codeOf(resultBody), skipped: false });
        }
      }
    };
    if (!this.online) {
      record({ fault: null, sent: false, status: null, replayed: false, code: null });
      throw noConnection();
    }
    const fault = this.decide(req);
    if (fault === 'fail-before-send') {
      record({ fault, sent: false, status: null, replayed: false, code: null });
      throw noConnection();
    }
    if (fault === 'unavailable') {
      record({ fault, sent: false, status: 503, replayed: false, code: 'UNAVAILABLE' });
      return new Response(
        JSON.stringify({ success: false, code: 'UNAVAILABLE', error: 'Servizio non disponibile' }),
        {
          status: 503,
          headers: { 'content-type': 'application/json' },
        },
      );
    }
    const send = async (): Promise<{ res: Response; text: string }> => {
      try {
        const res = await fetch(this.server.base + path, { ...init, headers });
        // Read the whole answer here: a dropped answer is dropped after the server finished.
        const text = await res.text();
        let answer: unknown = null;
        try {
          answer = JSON.parse(text);
        } catch {
          answer = null;
        }
        record(
          {
            fault,
            sent: true,
            status: res.status,
            replayed: res.headers.get(SYNC_HEADERS.replayed) === '1',
            code: codeOf(answer),
          },
          answer,
        );
        return { res, text };
      } catch (err) {
        // Refused or reset connection (a restarting server): it may or may not have arrived.
        record({ fault, sent: true, status: null, replayed: false, code: null });
        throw err;
      }
    };
    let answer: { res: Response; text: string };
    if (fault === 'duplicate') {
      const both = await Promise.allSettled([send(), send()]);
      const first = both.find((b) => b.status === 'fulfilled');
      if (!first) throw noConnection();
      answer = first.value;
    } else {
      answer = await send();
    }
    if (fault === 'drop-answer') throw noConnection();
    const { res, text } = answer;
    return new Response(text, { status: res.status, statusText: res.statusText, headers: res.headers });
  };

  /**
   * The `WebSocket` constructor given to the PWA's `LiveConnection`: `ws` with the session cookie,
   * aimed at the current server (the URL's origin is replaced), dead while offline, and with
   * pokes dropped or duplicated by `frameRule`.
   */
  get WebSocket(): new (
    url: string,
  ) => globalThis.WebSocket {
    const net = this;
    class DeviceSocket extends WebSocket {
      constructor(url: string) {
        const target = new URL(url);
        const base = new URL(net.server.base);
        // Port 9 (discard) on loopback refuses at once: what a socket sees with no network.
        const live = net.online ? `ws://${base.host}${target.pathname}${target.search}` : 'ws://127.0.0.1:9/';
        super(live, { headers: { cookie: net.cookie } });
        net.sockets.add(this);
        this.once('close', () => net.sockets.delete(this));
        // A browser's socket reports an error as an event, handled or not, and always closes
        // after it. `ws` throws an 'error' nobody listens to: closing a socket still connecting
        // (LiveConnection's restart drops its handlers, then closes) would end the test run.
        this.on('error', () => undefined);
        let handler: ((ev: { data: string }) => void) | null = null;
        Object.defineProperty(this, 'onmessage', {
          configurable: true,
          get: () => handler,
          set: (fn: ((ev: { data: string }) => void) | null) => {
            handler = fn;
          },
        });
        this.on('message', (raw) => {
          const data = raw.toString();
          let fate: FrameFate = 'deliver';
          try {
            const frame = JSON.parse(data) as { event: string; version?: number };
            if (frame.version !== undefined && net.frameRule) fate = net.frameRule(frame);
          } catch {
            fate = 'deliver';
          }
          if (fate === 'drop') return;
          handler?.({ data });
          if (fate === 'duplicate') handler?.({ data });
        });
      }
    }
    // `ws` implements the browser WebSocket surface LiveConnection uses (onmessage, onclose,
    // onerror, readyState and its constants, close, send).
    return DeviceSocket as unknown as new (
      url: string,
    ) => globalThis.WebSocket;
  }
}
