import { once } from 'node:events';
import WebSocket from 'ws';
import type { OrderSend } from './kill-customers.ts';

/** How long an owner socket may take to receive the event of an order (loopback, busy machine). */
const EVENT_DEADLINE_MS = 15_000;

interface Frame {
  event: string;
  data: unknown;
  version?: number;
}

/**
 * An owner's socket on one instance (`GET /live?ownerId=...`, DESIGN.md "Live connection"): the
 * hosted deployment must deliver there the events of writes made through any other instance,
 * which reach it over the live bus (PostgreSQL LISTEN/NOTIFY, live/pg-bus.ts).
 */
export class OwnerSocket {
  private readonly frames: Frame[] = [];
  private readonly waiters: Array<() => void> = [];

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (raw) => {
      this.frames.push(JSON.parse(String(raw)) as Frame);
      for (const w of this.waiters.splice(0)) w();
    });
    ws.on('close', () => {
      for (const w of this.waiters.splice(0)) w();
    });
  }

  /** Opens the socket on `base` (http://...) and waits for the server's `connect` frame. */
  static async open(base: string, businessId: string, cookie: string): Promise<OwnerSocket> {
    const ws = new WebSocket(`${base.replace(/^http/, 'ws')}/live?ownerId=${businessId}`, {
      headers: { cookie },
    });
    const socket = new OwnerSocket(ws);
    await once(ws, 'open');
    await socket.next((f) => f.event === 'connect', 'the connect frame');
    return socket;
  }

  /** The first frame that `matches`, waiting for it until the deadline. */
  async next(matches: (f: Frame) => boolean, what: string): Promise<Frame> {
    const deadline = Date.now() + EVENT_DEADLINE_MS;
    for (;;) {
      const found = this.frames.find(matches);
      if (found) return found;
      if (this.ws.readyState !== WebSocket.OPEN) throw new Error(`socket closed before ${what}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${what} within ${EVENT_DEADLINE_MS} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /**
   * Waits for the 'order' event of a customer's table order (`send`, answered 200): the table
   * entry it carries lists every line the customer was told was stored, with the version of
   * the write. Answers the problems (none: the event arrived whole).
   */
  async expectOrder(send: OrderSend): Promise<string[]> {
    if (send.status !== 200) return [`the live check's order was refused ${send.status}`];
    const ids = (f: Frame) =>
      ((f.data as { table?: { reservations?: Array<{ id: string }> } }).table?.reservations ?? []).map(
        (l) => l.id,
      );
    try {
      const frame = await this.next(
        (f) => f.event === 'order' && send.lineIds.every((id) => ids(f).includes(id)),
        `'order' event with lines ${send.lineIds.join(', ')}`,
      );
      return typeof frame.version === 'number' && frame.version > 0
        ? []
        : [`the 'order' event came without a version: ${JSON.stringify(frame).slice(0, 200)}`];
    } catch (err) {
      return [`owner socket on the other instance: ${String(err)}`];
    }
  }

  close(): void {
    this.ws.terminate();
  }
}
