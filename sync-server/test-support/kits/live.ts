import { once } from 'node:events';
import type { FastifyInstance } from 'fastify';
import WebSocket from 'ws';
import { SESSION_COOKIE } from '../../src/auth/sessions.ts';
import { users } from '../../src/db/schema.ts';
import { randomId } from '../../src/lib/ids.ts';
import type { TestApp } from '../test-app.ts';

/**
 * Test helpers of the live hub's abuse tests (imported by its tests only): many sessions made
 * at once (a venue's phones and tablets, without going through login and its per-address limit),
 * a live client that counts what it hears, and the answer an upgrade got.
 */

export type Frame = { event: string; data: Record<string, unknown>; version?: number };

/**
 * `comanda_sid=...` of a new session of that user. Opened through the port, as the server's
 * writes are: a write on the store's handle would join a transaction the server has open.
 */
export async function sessionOf(t: TestApp, userId: string): Promise<string> {
  return `${SESSION_COOKIE}=${(await t.app.sessions.create(userId)).token}`;
}

/**
 * A new session of the user a session cookie belongs to: another device of the same person.
 * Tools that open many sockets one after the other (the fuzzer, the isolation matrix) use one
 * per socket, as each session has its own frame budget.
 */
export async function anotherSession(app: FastifyInstance, cookie: string): Promise<string> {
  const token = cookie.slice(cookie.indexOf('=') + 1).split(';')[0];
  const session = await app.sessions.fromToken(token);
  if (!session) throw new Error('anotherSession: not a live session cookie');
  return `${SESSION_COOKIE}=${(await app.sessions.create(session.user.id)).token}`;
}

/** `n` guest sessions (one anonymous user each), as `n` phones that tapped 'Continua come ospite'. */
export async function guestSessions(t: TestApp, n: number): Promise<string[]> {
  const now = t.app.clock.nowMs();
  const cookies: string[] = [];
  for (let i = 0; i < n; i++) {
    const id = randomId();
    await t.app.store.port.writeAccount(async (db) => {
      await db.insert(users).values({ id, role: 'user', isAnonymous: true, createdAt: now });
    });
    cookies.push(await sessionOf(t, id));
  }
  return cookies;
}

export interface Peer {
  ws: WebSocket;
  socketId: string;
  frames: Frame[];
  /** Frames of that event received so far. */
  count(event: string): number;
  /** Resolves with the close code and reason. */
  closed: Promise<[number, string]>;
  isClosed(): boolean;
}

export interface OpenOptions {
  /** Source address on loopback (127.0.0.x): another client address for the server. */
  localAddress?: string;
}

/** A connected live client; resolves once `connect` arrived. */
export async function openPeer(
  base: string,
  query: string,
  cookie: string,
  options: OpenOptions = {},
): Promise<Peer> {
  const ws = new WebSocket(`${base}/live?${query}`, {
    headers: { cookie },
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
  });
  ws.on('error', () => {});
  const frames: Frame[] = [];
  let socketId = '';
  let isClosed = false;
  const connected = new Promise<void>((resolve, reject) => {
    ws.once('unexpected-response', (_req, res) => reject(new Error(`live refused: ${res.statusCode}`)));
    ws.on('message', (raw) => {
      const frame = JSON.parse(String(raw)) as Frame;
      if (frame.event === 'connect') {
        socketId = String(frame.data.socketId);
        resolve();
        return;
      }
      frames.push(frame);
    });
    ws.once('close', () => reject(new Error('closed before connect')));
  });
  const closed = new Promise<[number, string]>((resolve) =>
    ws.on('close', (code, reason) => {
      isClosed = true;
      resolve([code, String(reason)]);
    }),
  );
  await connected;
  return {
    ws,
    socketId,
    frames,
    count: (event) => frames.filter((f) => f.event === event).length,
    closed,
    isClosed: () => isClosed,
  };
}

/** The outcome of an upgrade: 'open' (then closed again), or the HTTP status and body of a refusal. */
export async function upgrade(
  base: string,
  query: string,
  cookie: string,
  options: OpenOptions = {},
): Promise<{ status: number | 'open'; body: string; ws: WebSocket }> {
  const ws = new WebSocket(`${base}/live?${query}`, {
    headers: { cookie },
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
  });
  ws.on('error', () => {});
  return new Promise((resolve) => {
    ws.once('open', () => resolve({ status: 'open', body: '', ws }));
    ws.once('unexpected-response', (req, res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => {
        body += chunk.toString();
      });
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body, ws });
      });
    });
  });
}

/** Closes peers and waits for each close. */
export async function closeAll(peers: Peer[]): Promise<void> {
  for (const p of peers) if (!p.isClosed()) p.ws.close();
  await Promise.all(peers.map((p) => p.closed));
}

/** A round trip (ping, pong) on a peer: frames the server wrote before the pong have arrived. */
export async function roundTrip(peer: Peer): Promise<void> {
  const pong = once(peer.ws, 'pong');
  peer.ws.ping();
  await pong;
}
