import type { Server } from 'node:https';
import { type WebSocket, WebSocketServer } from 'ws';
import type { JobIntake, Subscriber } from './jobs.ts';
import type { Log } from './log.ts';
import { type OutFrame, parseMessage, type StatusData } from './protocol.ts';

/** Same heartbeat as the live hub: a socket that misses a pong for this long is dropped. */
export const PING_INTERVAL_MS = 25_000;
/** A print payload is a few KB; this bounds a mistaken or hostile frame. */
export const MAX_FRAME_BYTES = 1024 * 1024;

export interface SocketDeps {
  intake: JobIntake;
  status(): StatusData;
  allowedOrigins: readonly string[];
  log: Log;
}

export interface Sockets {
  /** Tells every connected dashboard the status (coalesced: at most one frame per 200 ms). */
  statusChanged(): void;
  close(): Promise<void>;
}

/**
 * The secure websocket on the bridge's port. Every frame in is handled on its own: a frame that
 * is not JSON or has an unknown type gets a `PRINT_ERROR` answer and the socket stays open.
 */
export function attachSockets(server: Server, deps: SocketDeps): Sockets {
  const { allowedOrigins, log } = deps;
  const wss = new WebSocketServer({
    server,
    maxPayload: MAX_FRAME_BYTES,
    ...(allowedOrigins.length > 0
      ? { verifyClient: ({ origin }: { origin: string }) => allowedOrigins.includes(origin) }
      : {}),
  });
  const alive = new WeakMap<WebSocket, boolean>();
  const send = (ws: WebSocket, frame: OutFrame) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
  };

  wss.on('connection', (ws) => {
    alive.set(ws, true);
    const subscriber: Subscriber = { send: (frame) => send(ws, frame) };
    ws.on('pong', () => alive.set(ws, true));
    ws.on('message', (data, isBinary) => {
      const text = isBinary ? '' : data.toString();
      const parsed = parseMessage(text);
      if (parsed.kind === 'status') send(ws, { event: 'PRINTER_STATUS', data: deps.status() });
      else if (parsed.kind === 'error') {
        log.warn(`refused a message: ${parsed.code} ${parsed.type ?? ''}`.trimEnd());
        const { kind: _kind, ...data } = parsed;
        send(ws, { event: 'PRINT_ERROR', data });
      } else {
        deps.intake.submit(parsed, subscriber).catch((err: unknown) => {
          log.error(`job intake failed: ${(err as Error).stack ?? String(err)}`);
        });
      }
    });
    ws.on('close', () => deps.intake.forget(subscriber));
    ws.on('error', (err) => log.warn(`websocket: ${err.message}`));
    send(ws, { event: 'PRINTER_STATUS', data: deps.status() });
  });

  const heartbeat = setInterval(() => {
    for (const ws of wss.clients) {
      if (alive.get(ws) === false) {
        ws.terminate();
        continue;
      }
      alive.set(ws, false);
      ws.ping();
    }
  }, PING_INTERVAL_MS);
  heartbeat.unref();

  let statusTimer: NodeJS.Timeout | null = null;
  return {
    statusChanged() {
      statusTimer ??= setTimeout(() => {
        statusTimer = null;
        if (wss.clients.size === 0) return;
        const frame: OutFrame = { event: 'PRINTER_STATUS', data: deps.status() };
        for (const ws of wss.clients) send(ws, frame);
      }, 200);
    },
    close() {
      clearInterval(heartbeat);
      if (statusTimer) clearTimeout(statusTimer);
      for (const ws of wss.clients) ws.close(1001, 'bridge shutting down');
      return new Promise((resolve) => wss.close(() => resolve()));
    },
  };
}
