import {
  type ClientEventData,
  type ClientEventName,
  LIVE_RECONNECT,
  type ServerEventData,
  type ServerEventName,
  type ServerFrame,
} from '@comanda/shared-schema';
import {
  BehaviorSubject,
  defer,
  filter,
  map,
  Observable,
  retry,
  Subject,
  type Subscription,
  timer,
} from 'rxjs';
import { wire } from '../data/wire.ts';

export type LiveStatus = 'connecting' | 'connected' | 'disconnected';

export interface ReconnectConfig {
  delayMs: number;
  delayMaxMs: number;
  randomization: number;
  timeoutMs: number;
}

export interface LiveOptions {
  url: string;
  /** Injected in tests; the browser's WebSocket otherwise. */
  WebSocket?: new (
    url: string,
  ) => WebSocket;
  random?: () => number;
  reconnect?: ReconnectConfig;
}

/** `ws(s)://<this host>/live?ownerId=...` (customers add `&tableId=`). */
export function liveUrl(ownerId: string, tableId?: string, loc: Location = globalThis.location): string {
  const params = new URLSearchParams({ ownerId });
  if (tableId) params.set('tableId', tableId);
  const scheme = loc.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${loc.host}/live?${params}`;
}

/**
 * Delay before reconnect attempt `attempt` (1, 2, ...): delay doubling from 1 s up to 5 s, moved
 * up or down by up to `randomization` of itself, as socket.io's client does (spec section 9).
 */
export function reconnectDelay(
  attempt: number,
  random: () => number = Math.random,
  cfg: Omit<ReconnectConfig, 'timeoutMs'> = LIVE_RECONNECT,
): number {
  const base = Math.min(cfg.delayMaxMs, cfg.delayMs * 2 ** Math.max(0, attempt - 1));
  const r = random();
  const deviation = r * cfg.randomization * base;
  const ms = Math.floor(r * 10) % 2 === 0 ? base - deviation : base + deviation;
  return Math.round(Math.min(cfg.delayMaxMs, Math.max(0, ms)));
}

class LiveClosed extends Error {
  override readonly name = 'LiveClosed';
}

/**
 * The contract's event names, from the wire table: the schemas themselves would load zod with the
 * customer's live socket (about 24 KB compressed on a phone's first visit), to check a name.
 */
const SERVER_EVENTS: ReadonlySet<string> = new Set(wire.serverEvents);

function parseFrame(raw: unknown): ServerFrame | null {
  if (typeof raw !== 'string') return null;
  try {
    const f = JSON.parse(raw) as { event?: unknown; data?: unknown; version?: unknown };
    if (typeof f.event !== 'string' || !SERVER_EVENTS.has(f.event)) return null;
    const version = typeof f.version === 'number' ? f.version : undefined;
    return { event: f.event, data: f.data, ...(version === undefined ? {} : { version }) } as ServerFrame;
  } catch {
    return null;
  }
}

/**
 * The live connection of DESIGN.md: one websocket to `/live`, JSON frames `{event, data,
 * version?}`, reconnecting forever with the spec's delays. `connected$` fires with the socket
 * id on every (re)connect; the sync bridge turns that and versioned frames into catch-ups.
 */
export class LiveConnection {
  readonly status$ = new BehaviorSubject<LiveStatus>('connecting');
  private readonly frames = new Subject<ServerFrame>();
  readonly events$: Observable<ServerFrame> = this.frames.asObservable();
  private readonly connectedSubject = new Subject<string>();
  readonly connected$: Observable<string> = this.connectedSubject.asObservable();
  socketId: string | undefined;

  private socket: WebSocket | null = null;
  private sub: Subscription | null = null;
  private readonly cfg: ReconnectConfig;
  private readonly cleanups: Array<() => void> = [];

  constructor(private readonly opts: LiveOptions) {
    this.cfg = opts.reconnect ?? LIVE_RECONNECT;
  }

  /** Frames of one event, typed by shared-schema `serverEvents`. */
  on<E extends ServerEventName>(event: E): Observable<ServerEventData<E>> {
    return this.events$.pipe(
      filter((f): f is Extract<ServerFrame, { event: E }> => f.event === event),
      map((f) => f.data as ServerEventData<E>),
    );
  }

  /** Send a client event; false when not connected (the caller decides what to tell the user). */
  send<E extends ClientEventName>(event: E, data: ClientEventData<E>): boolean {
    if (!this.socket || this.status$.value !== 'connected') return false;
    this.socket.send(JSON.stringify({ event, data }));
    return true;
  }

  start(): void {
    if (this.sub) return;
    this.sub = defer(() => this.connectOnce())
      .pipe(
        retry({
          resetOnSuccess: true,
          delay: (err: unknown, attempt) => {
            this.markDown(err instanceof Error ? err.message : 'error');
            return timer(reconnectDelay(attempt, this.opts.random, this.cfg));
          },
        }),
      )
      .subscribe((frame) => this.frames.next(frame));
    // The OS knows first that the network is gone; do not wait for a dead socket to time out.
    const onOffline = () => this.socket?.close();
    const onOnline = () => {
      if (this.status$.value !== 'connected') this.restart();
    };
    globalThis.addEventListener?.('offline', onOffline);
    globalThis.addEventListener?.('online', onOnline);
    this.cleanups.push(() => {
      globalThis.removeEventListener?.('offline', onOffline);
      globalThis.removeEventListener?.('online', onOnline);
    });
  }

  stop(): void {
    this.sub?.unsubscribe();
    this.sub = null;
    for (const c of this.cleanups.splice(0)) c();
    this.socket = null;
    this.socketId = undefined;
    this.status$.next('disconnected');
  }

  /** Reconnect now, skipping the remaining delay. */
  restart(): void {
    this.sub?.unsubscribe();
    this.sub = null;
    for (const c of this.cleanups.splice(0)) c();
    this.start();
  }

  private markDown(reason: string): void {
    this.socket = null;
    this.socketId = undefined;
    if (this.status$.value !== 'disconnected') {
      this.status$.next('disconnected');
      this.frames.next({ event: 'disconnect', data: { reason } });
    }
  }

  /** One socket: emits frames, errors when it closes or does not say `connect` in time. */
  private connectOnce(): Observable<ServerFrame> {
    return new Observable<ServerFrame>((subscriber) => {
      const WS = this.opts.WebSocket ?? globalThis.WebSocket;
      let ws: WebSocket;
      try {
        ws = new WS(this.opts.url);
      } catch (err) {
        subscriber.error(err);
        return;
      }
      const timeout = setTimeout(() => {
        subscriber.error(new LiveClosed('timeout'));
      }, this.cfg.timeoutMs);
      ws.onmessage = (ev: MessageEvent) => {
        const frame = parseFrame(ev.data);
        if (!frame) return;
        if (frame.event === 'connect') {
          clearTimeout(timeout);
          this.socket = ws;
          this.socketId = frame.data.socketId;
          this.status$.next('connected');
          this.connectedSubject.next(frame.data.socketId);
        }
        subscriber.next(frame);
      };
      ws.onclose = (ev: CloseEvent) => subscriber.error(new LiveClosed(`closed ${ev.code}`));
      // An error is always followed by close; the close carries the outcome.
      ws.onerror = () => undefined;
      return () => {
        clearTimeout(timeout);
        ws.onmessage = null;
        ws.onclose = null;
        ws.onerror = null;
        if (ws.readyState === ws.CONNECTING || ws.readyState === ws.OPEN) ws.close();
        if (this.socket === ws) this.socket = null;
      };
    });
  }
}
