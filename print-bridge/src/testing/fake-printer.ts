import { createServer, type Server, type Socket } from 'node:net';
import { PAPER_STATUS_REQUEST } from '../printers/tcp.ts';

/**
 * A network thermal printer on loopback, for tests and the bench: a real TCP listener that
 * takes one ticket per connection (everything until the client half-closes), then closes, as
 * a raw-port printer does. It can be switched off (port closed, connections cut) and on again
 * on the same port, and run out of paper (answers the DLE EOT 4 paper query with "paper end").
 */
export interface ReceivedTicket {
  bytes: Buffer;
  /** performance.now() when the last byte arrived. */
  at: number;
}

export class FakePrinter {
  readonly tickets: ReceivedTicket[] = [];
  paperOut = false;
  private server: Server | null = null;
  private readonly sockets = new Set<Socket>();
  private readonly taken = new WeakSet<Socket>();
  private waiters: Array<{ count: number; resolve: () => void }> = [];
  private constructor(public port: number) {}

  /** Listens on 127.0.0.1, on `port` or a free one. */
  static async start(port = 0): Promise<FakePrinter> {
    const printer = new FakePrinter(port);
    await printer.on();
    return printer;
  }

  get online(): boolean {
    return this.server !== null;
  }

  /** Switches the printer on (again), on the same port. */
  on(): Promise<void> {
    if (this.server) return Promise.resolve();
    const server = createServer((socket) => this.accept(socket));
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        this.port = (server.address() as { port: number }).port;
        resolve();
      });
    });
  }

  /**
   * Switches it off: no new connections; a ticket still arriving is cut off with a reset and
   * lost, as a power cut does (the bridge must send it again); one already taken is answered.
   */
  off(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const socket of this.sockets) if (!this.taken.has(socket)) socket.resetAndDestroy();
    this.sockets.clear();
    return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  private accept(socket: Socket): void {
    this.sockets.add(socket);
    const chunks: Buffer[] = [];
    let answered = false;
    socket.on('data', (chunk) => {
      chunks.push(chunk);
      const head = Buffer.concat(chunks);
      const query = Buffer.from(PAPER_STATUS_REQUEST);
      if (!answered && head.length >= 3 && head.subarray(0, 3).equals(query)) {
        answered = true;
        chunks.splice(0, chunks.length, head.subarray(3));
        // 0x12: fixed bits, paper present; 0x72: paper end (bits 5 and 6).
        socket.write(Buffer.from([this.paperOut ? 0x72 : 0x12]));
      }
    });
    socket.on('end', () => {
      const bytes = Buffer.concat(chunks);
      this.taken.add(socket);
      socket.end();
      if (bytes.length > 0) this.received(bytes);
    });
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => {});
  }

  private received(bytes: Buffer): void {
    this.tickets.push({ bytes, at: performance.now() });
    this.waiters = this.waiters.filter((w) => {
      if (this.tickets.length < w.count) return true;
      w.resolve();
      return false;
    });
  }

  /** Resolves once `count` tickets in all have arrived. */
  waitFor(count: number, timeoutMs = 10_000): Promise<void> {
    if (this.tickets.length >= count) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(new Error(`fake printer: ${this.tickets.length} of ${count} tickets after ${timeoutMs} ms`)),
        timeoutMs,
      );
      this.waiters.push({
        count,
        resolve: () => {
          clearTimeout(timer);
          resolve();
        },
      });
    });
  }
}
