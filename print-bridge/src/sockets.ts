import type { IncomingMessage } from 'node:http';
import type { Server } from 'node:https';
import {
  type BridgeFrame,
  type BridgeStatus,
  PAIR_REQUEST,
  type PrintErrorData,
} from '@comanda/shared-schema';
import { type WebSocket, WebSocketServer } from 'ws';
import type { JobIntake, Subscriber } from './jobs.ts';
import type { Log } from './log.ts';
import { originAllowed } from './origins.ts';
import type { Pairing } from './pairing/pairing.ts';
import { ERROR_TEXTS, parseEnvelope, readEnvelope } from './protocol.ts';

/** Same heartbeat as the live hub: a socket that misses a pong for this long is dropped. */
export const PING_INTERVAL_MS = 25_000;
/** A print payload is a few KB; this bounds a mistaken or hostile frame. */
export const MAX_FRAME_BYTES = 1024 * 1024;
/** Distinct refused origins logged per run: a page retrying in a loop cannot fill the log. */
const LOGGED_ORIGINS_MAX = 20;

export interface SocketDeps {
  intake: JobIntake;
  status(): BridgeStatus;
  pairing: Pairing;
  allowedOrigins: readonly string[];
  log: Log;
}

export interface Sockets {
  /** Tells every paired dashboard the status (coalesced: at most one frame per 200 ms). */
  statusChanged(): void;
  close(): Promise<void>;
}

/**
 * The secure websocket on the bridge's port (DESIGN.md "Abuse": it prints only for paired
 * devices). The upgrade is refused (403) unless the page's `Origin` is the app's. Then every
 * frame but `PAIR` must carry a paired device's token, checked before the payload is read: a
 * frame without one is answered `NOT_PAIRED` and changes nothing. A socket learns the status only
 * once it has shown a token. Every frame is handled on its own: a bad one gets a `PRINT_ERROR`
 * answer and the socket stays open.
 */
export function attachSockets(server: Server, deps: SocketDeps): Sockets {
  const { pairing, log } = deps;
  const allowed = new Set(deps.allowedOrigins);
  const loggedOrigins = new Set<string>();
  const wss = new WebSocketServer({
    server,
    maxPayload: MAX_FRAME_BYTES,
    verifyClient: (
      info: { req: IncomingMessage },
      done: (ok: boolean, code?: number, message?: string) => void,
    ) => {
      // The header itself: a missing one (not a browser) is told apart from a refused one.
      const value = info.req.headers.origin;
      if (originAllowed(allowed, value)) {
        done(true);
        return;
      }
      if (value !== undefined && loggedOrigins.size < LOGGED_ORIGINS_MAX && !loggedOrigins.has(value)) {
        loggedOrigins.add(value);
        log.warn(`refused a websocket from the web page ${JSON.stringify(value)} (not an allowed origin)`);
      }
      done(false, 403, 'Origin not allowed');
    },
  });
  const alive = new WeakMap<WebSocket, boolean>();
  /** The paired device each socket has shown a token of. */
  const deviceOf = new WeakMap<WebSocket, string>();
  const send = (ws: WebSocket, frame: BridgeFrame) => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(frame));
  };
  const sendStatus = (ws: WebSocket) => send(ws, { event: 'PRINTER_STATUS', data: deps.status() });
  const refuse = (ws: WebSocket, data: PrintErrorData) => send(ws, { event: 'PRINT_ERROR', data });

  wss.on('connection', (ws) => {
    alive.set(ws, true);
    let warnedUnpaired = false;
    const subscriber: Subscriber = { send: (frame) => send(ws, frame) };
    ws.on('pong', () => alive.set(ws, true));
    ws.on('message', (data, isBinary) => {
      const envelope = readEnvelope(isBinary ? '' : data.toString());
      if (envelope.kind === 'error') {
        log.warn(`refused a message: ${envelope.code}`);
        const { kind: _kind, ...error } = envelope;
        refuse(ws, error);
        return;
      }
      if (envelope.type === PAIR_REQUEST) {
        pair(ws, parseEnvelope(envelope));
        return;
      }
      const device = pairing.verify(envelope.token);
      if (!device) {
        deviceOf.delete(ws);
        if (!warnedUnpaired) {
          warnedUnpaired = true;
          log.warn(`refused a message from a socket with no paired device's token (${envelope.type})`);
        }
        refuse(ws, {
          code: 'NOT_PAIRED',
          error: ERROR_TEXTS.NOT_PAIRED,
          type: envelope.type,
          ...(envelope.jobId ? { jobId: envelope.jobId } : {}),
        });
        return;
      }
      const parsed = parseEnvelope(envelope);
      const first = deviceOf.get(ws) !== device.id;
      deviceOf.set(ws, device.id);
      // What a socket was told on connect before pairing existed: now once it shows its token.
      if (first || parsed.kind === 'status') sendStatus(ws);
      if (parsed.kind === 'error') {
        log.warn(`refused a message: ${parsed.code} ${parsed.type ?? ''}`.trimEnd());
        const { kind: _kind, ...error } = parsed;
        refuse(ws, error);
      } else if (parsed.kind === 'print') {
        deps.intake.submit(parsed, subscriber).catch((err: unknown) => {
          log.error(`job intake failed: ${(err as Error).stack ?? String(err)}`);
        });
      }
    });
    ws.on('close', () => deps.intake.forget(subscriber));
    ws.on('error', (err) => log.warn(`websocket: ${err.message}`));
  });

  function pair(ws: WebSocket, parsed: ReturnType<typeof parseEnvelope>): void {
    if (parsed.kind === 'error') {
      const { kind: _kind, ...error } = parsed;
      refuse(ws, error);
      return;
    }
    if (parsed.kind !== 'pair') return;
    pairing
      .pair(parsed.code, parsed.label)
      .then((result) => {
        if (result.ok) {
          deviceOf.set(ws, result.device.id);
          send(ws, {
            event: 'PAIRED',
            data: { deviceId: result.device.id, token: result.token, label: result.device.label },
          });
          sendStatus(ws);
        } else if (result.code === 'PAIRING_CODE_WRONG') {
          refuse(ws, {
            code: result.code,
            error: ERROR_TEXTS.PAIRING_CODE_WRONG(result.attemptsLeft),
            type: PAIR_REQUEST,
            attemptsLeft: result.attemptsLeft,
          });
        } else {
          refuse(ws, { code: result.code, error: ERROR_TEXTS.PAIRING_CODE_EXPIRED, type: PAIR_REQUEST });
        }
      })
      .catch((err: unknown) => {
        // The devices file could not be written: the code was used, the owner asks a new one.
        log.error(`pairing failed: ${String(err)}`);
        refuse(ws, { code: 'QUEUE_FAILED', error: ERROR_TEXTS.QUEUE_FAILED, type: PAIR_REQUEST });
      });
  }

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
        const frame: BridgeFrame = { event: 'PRINTER_STATUS', data: deps.status() };
        for (const ws of wss.clients) {
          const device = deviceOf.get(ws);
          // A revoked device's open socket hears nothing more either.
          if (device !== undefined && pairing.isPaired(device)) send(ws, frame);
        }
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
