import {
  type BridgeFrame,
  type BridgeStatus,
  PRINTER_MAX_ATTEMPTS,
  PRINTER_RETRY_MS,
  parseBridgeFrame,
  STATUS_REQUEST,
} from '@comanda/shared-schema';
import { BehaviorSubject, Subject } from 'rxjs';
import { type BridgeTokens, bridgeTokens } from './bridge-tokens.ts';

// Spec 4, 9: the printer connection retries every 5 s (`PRINTER_RETRY_MS`), at most 10 times
// (`PRINTER_MAX_ATTEMPTS`), then flags an error.

/**
 * Ours: once flagged, one quiet attempt a minute, so a bridge that comes back (power cut, a
 * tablet that trusted the certificate meanwhile) clears the error without a reload.
 */
export const PRINT_PROBE_MS = 60_000;
/** An attempt that neither opens nor fails by then (a host that drops packets) counts as failed. */
export const PRINT_CONNECT_TIMEOUT_MS = 10_000;

export interface PrinterState {
  /** The bridge's `wss://` address; undefined until the venue's setting is read, null if none. */
  address: string | null | undefined;
  status: 'idle' | 'connecting' | 'open' | 'closed';
  /** Spec 8: a connection that is not open ('Stampa automatica non disponibile'). */
  socketError: boolean;
  /**
   * Spec 4, 8: the retries ran out (or there is no address, or the bridge does not know this
   * tablet): automatic printing is off and the direct print button hidden; the browser print
   * remains.
   */
  printerError: boolean;
  /**
   * The bridge prints only for paired devices (DESIGN.md "Abuse"): this tablet has no token for
   * it, or the bridge said it does not know the one it has. Pairing is in Profilo.
   */
  unpaired: boolean;
  /** Retries made since the socket was last open (the first attempt is not a retry). */
  retries: number;
  /** The bridge's last PRINTER_STATUS while connected. */
  bridge: BridgeStatus | null;
}

const INITIAL: PrinterState = {
  address: undefined,
  status: 'idle',
  socketError: false,
  printerError: false,
  unpaired: false,
  retries: 0,
  bridge: null,
};

export interface PrintConnectionOptions {
  /** Injected in tests; the browser's WebSocket otherwise. */
  WebSocket?: new (
    url: string,
  ) => WebSocket;
  retryMs?: number;
  maxRetries?: number;
  probeMs?: number;
  connectTimeoutMs?: number;
  /** The device tokens (this tab's local storage unless injected). */
  tokens?: BridgeTokens;
}

/**
 * The local print connection (spec 4): one secure websocket from this tab to the venue's print
 * bridge. It only connects and tells; what is sent, and re-sent, is the print service's job.
 * Every frame carries this tablet's device token for that bridge; without one nothing is sent
 * and the state says `unpaired`. A new token (paired in Profilo, here or in another tab) opens a
 * fresh socket, so nothing the old token sent can be taken for the new one's answer.
 */
export class PrintConnection {
  readonly state$ = new BehaviorSubject<PrinterState>(INITIAL);
  /** Every frame the bridge sends (PRINTER_STATUS is also kept in the state). */
  readonly frames$ = new Subject<BridgeFrame>();
  /** Fires on every (re)open with a token: the moment to (re)send what is not acknowledged yet. */
  readonly opened$ = new Subject<void>();

  private socket: WebSocket | null = null;
  /** The token the open socket sends, null if none. */
  private token: string | null = null;
  private readonly tokens: BridgeTokens;
  private stopTokens: (() => void) | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private started = false;
  private readonly retryMs: number;
  private readonly maxRetries: number;
  private readonly probeMs: number;
  private readonly connectTimeoutMs: number;
  private readonly onOnline = () => {
    const { status, address } = this.state$.value;
    if (this.started && address && status === 'closed') this.connect();
  };

  constructor(private readonly opts: PrintConnectionOptions = {}) {
    this.retryMs = opts.retryMs ?? PRINTER_RETRY_MS;
    this.maxRetries = opts.maxRetries ?? PRINTER_MAX_ATTEMPTS;
    this.probeMs = opts.probeMs ?? PRINT_PROBE_MS;
    this.connectTimeoutMs = opts.connectTimeoutMs ?? PRINT_CONNECT_TIMEOUT_MS;
    this.tokens = opts.tokens ?? bridgeTokens();
  }

  get state(): PrinterState {
    return this.state$.value;
  }

  /** The venue's bridge address changed (or was read): start over with it. */
  setAddress(url: string | null): void {
    if (url === this.state.address) return;
    this.teardown();
    if (url === null) {
      // No bridge configured: nothing to retry, the browser print is the way.
      this.patch({ ...INITIAL, address: null, socketError: true, printerError: true });
      return;
    }
    this.patch({ ...INITIAL, address: url });
    if (this.started) this.connect();
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    globalThis.addEventListener?.('online', this.onOnline);
    this.stopTokens = this.tokens.subscribe(() => this.tokenChanged());
    if (this.state.address && this.state.status === 'idle') this.connect();
  }

  stop(): void {
    this.started = false;
    globalThis.removeEventListener?.('online', this.onOnline);
    this.stopTokens?.();
    this.stopTokens = null;
    this.teardown();
    this.patch({ status: 'idle' });
  }

  /**
   * Sends a JSON frame with the device token; false when the socket is not open or this tablet
   * is not paired (the caller keeps the job).
   */
  send(message: object): boolean {
    const socket = this.socket;
    if (!socket || this.state.status !== 'open' || this.token === null) return false;
    try {
      socket.send(JSON.stringify({ ...message, token: this.token }));
      return true;
    } catch {
      return false;
    }
  }

  /** A token was stored or dropped (Profilo, another tab, a refusal just handled). */
  private tokenChanged(): void {
    const url = this.state.address;
    if (!this.started || !url) return;
    const token = this.tokens.get(url);
    if (token === this.token) return;
    if (token === null) {
      if (this.state.status === 'open') this.markUnpaired();
      return;
    }
    // A new pairing: start over on a fresh socket with it, retries and all.
    this.teardown();
    this.patch({ retries: 0 });
    this.connect();
  }

  private markUnpaired(): void {
    this.token = null;
    this.patch({ unpaired: true, printerError: true });
  }

  private patch(next: Partial<PrinterState>): void {
    this.state$.next({ ...this.state$.value, ...next });
  }

  private clearTimer(): void {
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
  }

  private teardown(): void {
    this.clearTimer();
    const socket = this.socket;
    this.socket = null;
    this.token = null;
    if (socket) {
      socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
      try {
        socket.close();
      } catch {
        // Already closing.
      }
    }
  }

  private connect(): void {
    this.clearTimer();
    const url = this.state.address;
    if (!url || !this.started) return;
    this.patch({ status: 'connecting' });
    const Ctor = this.opts.WebSocket ?? globalThis.WebSocket;
    let socket: WebSocket;
    try {
      socket = new Ctor(url);
    } catch {
      // A URL the browser refuses (or a CSP block that throws): a failed attempt like any other.
      this.failed(false);
      return;
    }
    this.socket = socket;
    let opened = false;
    let done = false;
    const down = () => {
      if (done || socket !== this.socket) return;
      done = true;
      this.socket = null;
      socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
      try {
        socket.close();
      } catch {
        // Already closed.
      }
      this.failed(opened);
    };
    this.timer = setTimeout(down, this.connectTimeoutMs);
    socket.onopen = () => {
      if (socket !== this.socket) return;
      opened = true;
      this.clearTimer();
      this.token = this.tokens.get(url);
      if (this.token === null) {
        // Open but not paired: nothing to send until the owner pairs this tablet in Profilo.
        this.patch({ status: 'open', socketError: false, printerError: true, unpaired: true, retries: 0 });
        return;
      }
      this.patch({ status: 'open', socketError: false, printerError: false, unpaired: false, retries: 0 });
      // The bridge tells a socket its status once it has shown a token.
      this.send({ type: STATUS_REQUEST });
      this.opened$.next();
    };
    socket.onmessage = (event: MessageEvent) => {
      if (socket !== this.socket) return;
      const frame = parseBridgeFrame(event.data);
      if (!frame) return;
      if (frame.event === 'PRINTER_STATUS') this.patch({ bridge: frame.data });
      if (frame.event === 'PRINT_ERROR' && frame.data.code === 'NOT_PAIRED' && this.token !== null) {
        // Revoked on the box, or the bridge lost its data: this token is no use any more.
        const refused = this.token;
        this.markUnpaired();
        if (this.tokens.get(url) === refused) this.tokens.forget(url);
      }
      this.frames$.next(frame);
    };
    socket.onclose = down;
    socket.onerror = down;
  }

  /** An attempt failed, or an open socket closed: retry on the spec's schedule. */
  private failed(wasOpen: boolean): void {
    this.clearTimer();
    if (!this.started) return;
    const retries = wasOpen ? 0 : this.state.retries;
    if (retries >= this.maxRetries) {
      this.patch({ status: 'closed', socketError: true, printerError: true, bridge: null });
      this.timer = setTimeout(() => this.connect(), this.probeMs);
      return;
    }
    this.patch({ status: 'closed', socketError: true, retries, bridge: null });
    this.timer = setTimeout(() => {
      this.patch({ retries: retries + 1 });
      this.connect();
    }, this.retryMs);
  }
}
