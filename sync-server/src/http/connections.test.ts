import { once } from 'node:events';
import { request } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createOwner, createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type Config, type HttpLimits, loadConfig } from '../config.ts';
import { msg } from '../lib/messages.ts';

/**
 * Connection limits on a listening app, with real sockets on loopback (DESIGN.md "Abuse": a slow
 * or idle client is cut off; nobody holds every connection). Timeouts are configured small and
 * the tests wait for the server's own 'close', never for a fixed time.
 */

let t: TestApp | undefined;
const sockets: Array<Socket | WebSocket> = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s instanceof WebSocket ? s.terminate() : s.destroy();
  await t?.close();
  t = undefined;
});

const LIMITS: HttpLimits = {
  headersTimeoutMs: 300,
  requestTimeoutMs: 600,
  keepAliveTimeoutMs: 200,
  socketTimeoutMs: 1500,
  checkIntervalMs: 50,
  connectionsPerAddress: 0,
};

async function listen(http: Partial<HttpLimits>, config: Partial<Config> = {}): Promise<number> {
  t = await createTestApp({
    config: { http: { ...LIMITS, ...http }, ...config },
    before: (app) => {
      // A handler that never answers: only the socket timeout ends it.
      app.get('/api/test/hang', () => new Promise(() => {}));
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return (t.app.server.address() as AddressInfo).port;
}

interface Raw {
  socket: Socket;
  received(): string;
  /** Resolves when the socket closes, with ms since it connected. */
  closed: Promise<number>;
}

/** A raw TCP connection from `localAddress` (another loopback address is another client). */
async function rawConnect(port: number, localAddress = '127.0.0.1'): Promise<Raw> {
  const socket = connect({ port, host: '127.0.0.1', localAddress });
  sockets.push(socket);
  let text = '';
  socket.on('data', (chunk) => {
    text += chunk.toString('utf8');
  });
  socket.on('error', () => {});
  const start = performance.now();
  const closed = new Promise<number>((resolve) =>
    socket.once('close', () => resolve(performance.now() - start)),
  );
  await once(socket, 'connect');
  return { socket, received: () => text, closed };
}

/** Waits until `raw` has received a whole answer (head and a body of Content-Length). */
async function answerOn(raw: Raw): Promise<{ status: number; body: string }> {
  for (;;) {
    const text = raw.received();
    const end = text.indexOf('\r\n\r\n');
    const length = Number(text.match(/content-length: (\d+)/i)?.[1] ?? Number.NaN);
    if (end >= 0 && Buffer.byteLength(text.slice(end + 4)) >= length) {
      return { status: Number(text.slice(9, 12)), body: text.slice(end + 4, end + 4 + length) };
    }
    await Promise.race([once(raw.socket, 'data'), raw.closed]);
    if (raw.socket.destroyed && raw.received() === text) throw new Error(`closed after: ${text}`);
  }
}

/** GET with a fresh connection from `localAddress`. */
function get(
  port: number,
  path: string,
  localAddress = '127.0.0.1',
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request({ port, host: '127.0.0.1', path, localAddress, agent: false }, (res) => {
      let body = '';
      res.on('data', (c) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const timeoutEnvelope = { success: false, code: 'VALIDATION', error: msg.requestTimeout };

describe('timeouts', () => {
  it('closes a connection that sends nothing within the headers timeout, with a 408 envelope', async () => {
    const port = await listen({});
    const silent = await rawConnect(port);
    const elapsed = await silent.closed;
    expect(elapsed).toBeGreaterThanOrEqual(LIMITS.headersTimeoutMs - 20);
    expect(silent.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(silent.received().split('\r\n\r\n')[1] ?? '')).toEqual(timeoutEnvelope);
  });

  it('closes a connection whose head trickles in past the headers timeout', async () => {
    const port = await listen({});
    const slow = await rawConnect(port);
    const head = `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Filler: ${'a'.repeat(500)}`;
    let sent = 0;
    const drip = setInterval(() => {
      if (sent < head.length && !slow.socket.destroyed) slow.socket.write(head[sent++] as string);
    }, 20);
    await slow.closed;
    clearInterval(drip);
    expect(sent).toBeLessThan(head.length);
    expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('cuts a body sent a byte at a time at the request timeout', async () => {
    const port = await listen({});
    const drip = await rawConnect(port);
    drip.socket.write(
      'POST /api/user/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n',
    );
    let sent = 0;
    const timer = setInterval(() => {
      if (!drip.socket.destroyed) {
        drip.socket.write(' ');
        sent++;
      }
    }, 40);
    const elapsed = await drip.closed;
    clearInterval(timer);
    expect(sent).toBeLessThan(200);
    expect(elapsed).toBeGreaterThanOrEqual(LIMITS.requestTimeoutMs - 20);
    expect(drip.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(drip.received().split('\r\n\r\n')[1] ?? '')).toEqual(timeoutEnvelope);
  });

  it('still takes the largest legitimate body sent at once', async () => {
    const port = await listen({});
    const conn = await rawConnect(port);
    const body = JSON.stringify({ isAnonymus: true, filler: 'x'.repeat(250 * 1024) });
    conn.socket.write(
      'POST /api/user/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
    const answer = await answerOn(conn);
    expect(answer.status).not.toBe(408);
    expect(answer.status).toBeLessThan(500);
  });

  it('closes an idle keep-alive connection after its answer', async () => {
    const port = await listen({ headersTimeoutMs: 5000, requestTimeoutMs: 5000 });
    const conn = await rawConnect(port);
    conn.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const answer = await answerOn(conn);
    expect(answer.status).toBe(200);
    await conn.closed;
    // Closed by the keep-alive timer (no 408: the head and request deadlines were far away).
    expect(conn.received().match(/HTTP\/1\.1 /g)).toHaveLength(1);
  });

  it('leaves a live websocket open past every HTTP timeout (the hub pings it instead)', async () => {
    // Pings further apart than the socket timeout: only a socket without that timer lives on.
    const port = await listen({ socketTimeoutMs: 400 }, { livePingIntervalMs: 1000 });
    if (!t) throw new Error('no app');
    const owner = await createOwner(t);
    const ws = new WebSocket(`ws://127.0.0.1:${port}/live?ownerId=${owner.venueId}`, {
      headers: { cookie: owner.cookie },
    });
    sockets.push(ws);
    await once(ws, 'open');
    await once(ws, 'ping');
    await once(ws, 'ping');
    expect(ws.readyState).toBe(WebSocket.OPEN);
  });

  it('closes a socket with no traffic either way (a handler that never answers)', async () => {
    const port = await listen({ headersTimeoutMs: 200, requestTimeoutMs: 400, socketTimeoutMs: 500 });
    const conn = await rawConnect(port);
    conn.socket.write('GET /api/test/hang HTTP/1.1\r\nHost: localhost\r\n\r\n');
    const elapsed = await conn.closed;
    expect(elapsed).toBeGreaterThanOrEqual(500 - 20);
    expect(conn.received()).toBe('');
  });
});

describe('requests the HTTP parser refuses get the one envelope too', () => {
  it.each([
    [
      'headers over 16 KB',
      `GET / HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'PAYLOAD_TOO_LARGE',
      msg.tooLarge,
    ],
    ['not HTTP at all', 'HELLO THERE\r\n\r\n', 400, 'VALIDATION', msg.validation],
  ])('%s', async (_what, bytes, status, code, error) => {
    const port = await listen({ headersTimeoutMs: 5000, requestTimeoutMs: 5000 });
    const conn = await rawConnect(port);
    conn.socket.write(bytes);
    await conn.closed;
    expect(conn.received()).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(JSON.parse(conn.received().split('\r\n\r\n')[1] ?? '')).toEqual({ success: false, code, error });
  });
});

describe('connections per address', () => {
  const CAP = 4;
  const limits = { headersTimeoutMs: 20_000, requestTimeoutMs: 20_000, connectionsPerAddress: CAP };

  it('refuses the connection beyond the cap; requests on the open ones still work', async () => {
    const port = await listen(limits);
    const held = [];
    for (let i = 0; i < CAP; i++) held.push(await rawConnect(port));
    const beyond = await rawConnect(port);
    await beyond.closed;
    expect(beyond.received()).toBe('');
    const first = held[0] as Raw;
    first.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect((await answerOn(first)).status).toBe(200);
    expect(t?.app.server.listening).toBe(true);
  });

  it('keeps answering another address while one address holds its cap', async () => {
    const port = await listen(limits);
    for (let i = 0; i < CAP; i++) await rawConnect(port);
    const refused = await rawConnect(port);
    await refused.closed;
    const health = await get(port, '/api/health', '127.0.0.2');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body)).toMatchObject({ success: true, status: 'ok' });
  });

  it('counts live websockets, and frees a place when a connection closes', async () => {
    const port = await listen(limits);
    if (!t) throw new Error('no app');
    const owner = await createOwner(t);
    for (let i = 0; i < CAP - 1; i++) {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/live?ownerId=${owner.venueId}`, {
        headers: { cookie: owner.cookie },
      });
      sockets.push(ws);
      await once(ws, 'open');
    }
    const last = await rawConnect(port);
    const beyond = await rawConnect(port);
    await beyond.closed;
    last.socket.destroy();
    await last.closed;
    // The server counts the close on its side of the socket: poll until the place is free.
    const deadline = Date.now() + 5000;
    for (;;) {
      const answer = await get(port, '/api/health').catch(() => null);
      if (answer?.status === 200) break;
      if (Date.now() > deadline) throw new Error('the closed connection was never released');
    }
  });

  it('a full house behind one router: 150 phones, each with a live connection and a request, fit the default', async () => {
    // Production's limits whole: with the short test timeouts a held connection idled out while
    // a busy machine was still opening the others.
    const port = await listen(loadConfig({ DATABASE_URL: ':memory:' }, tmpdir()).http);
    // The live sockets' stand-ins: connections held open (the hub's own caps are not tested here).
    const live = await Promise.all(Array.from({ length: 150 }, () => rawConnect(port)));
    const answers = await Promise.all(Array.from({ length: 150 }, () => get(port, '/api/health')));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(150);
    expect(live.filter((c) => c.socket.destroyed)).toHaveLength(0);
  });

  it('behind a proxy (TRUST_PROXY) every client shares its address: no cap here', async () => {
    const port = await listen({ ...limits, connectionsPerAddress: 2 }, { trustProxy: true });
    for (let i = 0; i < 4; i++) await rawConnect(port);
    expect((await get(port, '/api/health')).status).toBe(200);
  });
});
