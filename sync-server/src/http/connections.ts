import { type ServerOptions as HttpServerOptions, type Server, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { AppError } from '@comanda/shared-schema';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { HttpLimits } from '../config.ts';
import { StatusError } from '../lib/errors.ts';
import { msg } from '../lib/messages.ts';

/**
 * How long a connection may take and idle (DESIGN.md "Abuse": a slow or idle client is cut off).
 * Node checks the head and request deadlines every `checkIntervalMs` and answers 408; the
 * keep-alive and socket timeouts are socket timers. Websockets leave these behind at the upgrade
 * (ws turns the socket timer off; the live hub pings instead).
 */
export function timeoutOptions(limits: HttpLimits): Pick<
  FastifyServerOptions,
  'connectionTimeout' | 'keepAliveTimeout' | 'requestTimeout'
> & {
  http: HttpServerOptions;
} {
  return {
    connectionTimeout: limits.socketTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    requestTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
  };
}

/** Node's view of a socket's response in progress (not in its public types). */
type HttpSocket = Socket & { _httpMessage?: { headersSent?: boolean } | null };

/**
 * A request the HTTP parser gave up on (a head or body too slow, a malformed request, headers
 * too large) answered with the one envelope, as every other answer, then the socket closed.
 * Nothing is written once a response has begun (it would corrupt it).
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const answer =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new StatusError(408, 'VALIDATION', msg.requestTimeout)
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? new StatusError(431, 'PAYLOAD_TOO_LARGE', msg.tooLarge)
        : new AppError('VALIDATION', msg.validation);
  const inProgress = (socket as HttpSocket)._httpMessage?.headersSent === true;
  if (socket.writable && !inProgress) {
    const body = JSON.stringify(answer.toEnvelope());
    socket.write(
      `HTTP/1.1 ${answer.status} ${STATUS_CODES[answer.status] ?? 'Bad Request'}\r\n` +
        'Connection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export interface ConnectionCap {
  /** Connections open now from `address` (as the socket names it). */
  openFrom(address: string): number;
}

/**
 * At most `cap` open connections per client address (websockets included: they stay the same
 * TCP connection); one beyond is closed at once, before a byte of it is read. Keyed by the
 * socket's address, so behind a reverse proxy (TRUST_PROXY) it would count the proxy: there the
 * proxy limits connections per client (nginx `limit_conn`, HAProxy `maxconn`) and this is off.
 * A venue's tablets, screens and phones each have their own address on the LAN; the default
 * (README) also fits a full house whose phones share one router's address.
 */
export function capConnectionsPerAddress(
  server: Server,
  cap: number,
  log: FastifyBaseLogger,
  nowMs: () => number,
): ConnectionCap {
  const open = new Map<string, number>();
  /** One warning a minute at most: a flood must not turn into a flood of log lines. */
  let warnedAt = Number.NEGATIVE_INFINITY;
  server.on('connection', (socket: Socket) => {
    const address = socket.remoteAddress;
    if (address === undefined) return; // already gone
    const count = open.get(address) ?? 0;
    if (count >= cap) {
      socket.destroy();
      if (nowMs() - warnedAt >= 60_000) {
        warnedAt = nowMs();
        log.warn({ address, cap }, 'connection refused: too many open connections from one address');
      }
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
    });
  });
  return { openFrom: (address) => open.get(address) ?? 0 };
}
