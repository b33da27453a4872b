import type { BridgeFrame } from '@comanda/shared-schema';
import WebSocket from 'ws';

/**
 * A dashboard stand-in: a websocket to the bridge that trusts the bridge's own authority (as a
 * tablet that installed it), keeps every frame it gets, and waits for the ones a test needs.
 * Once paired (`pair`), every JSON frame it sends carries its device token, as the dashboard's
 * do; `ws.send` sends a frame as it is.
 */
export class BridgeClient {
  readonly frames: BridgeFrame[] = [];
  /** The device token the bridge gave at pairing; null while not paired. */
  token: string | null = null;
  private listeners = new Set<() => void>();

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as BridgeFrame);
      for (const listener of this.listeners) listener();
    });
  }

  /** `origin`: what a browser would send; Node's client sends none unless told. */
  static connect(
    port: number,
    caCert: string,
    host = '127.0.0.1',
    options: { origin?: string } = {},
  ): Promise<BridgeClient> {
    const ws = new WebSocket(`wss://${host}:${port}/`, { ca: caCert, ...options });
    const client = new BridgeClient(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(client));
      ws.once('error', reject);
    });
  }

  send(text: string): void {
    let frame: unknown = null;
    try {
      frame = this.token === null ? null : JSON.parse(text);
    } catch {
      // Not JSON (a test of bad frames): sent as it is.
    }
    if (typeof frame === 'object' && frame !== null && !Array.isArray(frame) && !('token' in frame)) {
      this.ws.send(JSON.stringify({ ...frame, token: this.token }));
      return;
    }
    this.ws.send(text);
  }

  /** Pairs with the bridge's code (shown on the box); resolves with the device token. */
  async pair(code: string, label = 'Tablet di prova'): Promise<string> {
    const before = this.frames.length;
    this.ws.send(JSON.stringify({ type: 'PAIR', code, label }));
    await this.waitFor(
      (f) =>
        this.frames.indexOf(f) >= before &&
        (f.event === 'PAIRED' || (f.event === 'PRINT_ERROR' && f.data.code.startsWith('PAIRING'))),
    );
    const answer = this.frames.slice(before).find((f) => f.event === 'PAIRED' || f.event === 'PRINT_ERROR');
    if (answer?.event !== 'PAIRED') throw new Error(`bridge client: not paired: ${JSON.stringify(answer)}`);
    this.token = answer.data.token;
    return answer.data.token;
  }

  of<E extends BridgeFrame['event']>(event: E): Extract<BridgeFrame, { event: E }>[] {
    return this.frames.filter((f): f is Extract<BridgeFrame, { event: E }> => f.event === event);
  }

  /** Resolves with the first frame (received or to come) that matches. */
  waitFor<F extends BridgeFrame>(match: (frame: BridgeFrame) => frame is F, timeoutMs?: number): Promise<F>;
  waitFor(match: (frame: BridgeFrame) => boolean, timeoutMs?: number): Promise<BridgeFrame>;
  waitFor(match: (frame: BridgeFrame) => boolean, timeoutMs = 10_000): Promise<BridgeFrame> {
    const found = this.frames.find(match);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const listener = () => {
        const frame = this.frames.find(match);
        if (!frame) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(frame);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        reject(
          new Error(
            `bridge client: no matching frame in ${timeoutMs} ms; got ${JSON.stringify(this.frames.map((f) => f.event))}`,
          ),
        );
      }, timeoutMs);
      this.listeners.add(listener);
    });
  }

  /** Resolves once `count` frames in all match. */
  async waitForCount(
    match: (frame: BridgeFrame) => boolean,
    count: number,
    timeoutMs = 10_000,
  ): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.frames.filter(match).length < count) {
      if (Date.now() > deadline) {
        throw new Error(
          `bridge client: ${this.frames.filter(match).length} of ${count} frames in ${timeoutMs} ms`,
        );
      }
      await new Promise<void>((resolve) => {
        const listener = () => {
          this.listeners.delete(listener);
          resolve();
        };
        this.listeners.add(listener);
        setTimeout(listener, 100);
      });
    }
  }

  close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      this.ws.once('close', () => resolve());
      this.ws.close();
    });
  }
}

type Frame<E extends BridgeFrame['event']> = Extract<BridgeFrame, { event: E }>;

export const isAck =
  (jobId?: string) =>
  (f: BridgeFrame): f is Frame<'ORDER_PRINTED_NOTIFICATION'> =>
    f.event === 'ORDER_PRINTED_NOTIFICATION' && (jobId === undefined || f.data.jobId === jobId);
export const isQueued =
  (jobId?: string) =>
  (f: BridgeFrame): f is Frame<'PRINT_QUEUED'> =>
    f.event === 'PRINT_QUEUED' && (jobId === undefined || f.data.jobId === jobId);
export const isError = (f: BridgeFrame): f is Frame<'PRINT_ERROR'> => f.event === 'PRINT_ERROR';
