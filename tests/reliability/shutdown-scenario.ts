// Graceful shutdown and reconnection, shared by shutdown.test.ts and tests/soak/ops.ts: SIGTERM
// to the real server while orders are in flight and live clients (the PWA's own LiveConnection,
// with its reconnect delays) are connected; then a new process on the same port and database.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calls, SYNC_HEADERS } from '@comanda/shared-schema';
import { WebSocket as WsSocket } from 'ws';
import { LiveConnection } from '../../pwa/src/live/connection.ts';
import { freePort, repoRoot } from '../support/server.ts';
import {
  type Answer,
  answeredLines,
  Customer,
  demoCart,
  inspectDatabase,
  isUnavailable,
  OwnerClient,
  type PlannedOrder,
  problemsOf,
  seededRandom,
  sleep,
  venueEnv,
} from './backup-kit.ts';

export interface ServerProcess {
  url: string;
  port: number;
  pid: number;
  output(): string;
  /** Resolves when the process ended: its code, signal and when (performance.now()). */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
  /** Kills what is left (SIGKILL); for cleanup after a failure. */
  kill(): void;
}

/**
 * The real server (`sync-server/src/main.ts`, as `npm start` runs it) on a given port and data
 * folder, like tests/support/server.ts's startServer but with the exit code in view.
 */
export async function spawnServer(dataDir: string, port: number): Promise<ServerProcess> {
  const url = `http://127.0.0.1:${port}`;
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', join(repoRoot, 'sync-server', 'src', 'main.ts')],
    {
      cwd: repoRoot,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: url,
        DATABASE_URL: `file:${join(dataDir, 'comanda.db')}`,
        MAIL_DIR: join(dataDir, 'mail'),
        LOG_LEVEL: 'warn',
        ...venueEnv,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout?.on('data', (b: Buffer) => {
    out += b.toString();
  });
  child.stderr?.on('data', (b: Buffer) => {
    out += b.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: performance.now() })),
  );
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early (${child.exitCode}):\n${out}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server not healthy within 30 s:\n${out}`);
    }
    await sleep(25);
  }
  return {
    url,
    port,
    pid: child.pid ?? -1,
    output: () => out,
    exited,
    kill: () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    },
  };
}

/** A new TCP connection (no keep-alive pool): refused, answered, or reset. */
function freshRequest(url: string): Promise<{ status: number; body: string; error?: string }> {
  return new Promise((resolve) => {
    const req = request(`${url}/api/health`, { agent: false, timeout: 5000 }, (res) => {
      let body = '';
      res.on('data', (b: Buffer) => {
        body += b.toString();
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: 0, body: '', error: err.code ?? err.message }),
    );
    req.end();
  });
}

/** A websocket upgrade attempt: opened, or refused (how). */
function freshUpgrade(url: string, cookie: string, ownerId: string): Promise<string> {
  return new Promise((resolve) => {
    const ws = new WsSocket(`${url.replace('http', 'ws')}/live?ownerId=${ownerId}`, { headers: { cookie } });
    ws.on('open', () => {
      ws.close();
      resolve('open');
    });
    ws.on('unexpected-response', (_req, res) => {
      resolve(`http ${res.statusCode}`);
      ws.terminate();
    });
    ws.on('error', (err: NodeJS.ErrnoException) => resolve(`error ${err.code ?? err.message}`));
  });
}

/**
 * An order whose body arrives in two parts: the server has its headers (so it is in flight)
 * before SIGTERM, the rest only when `finish()` is called.
 */
function slowOrder(url: string, customer: Customer, order: PlannedOrder) {
  const body = JSON.stringify({ cart: order.cart, tableId: order.tableId, ownerId: order.ownerId });
  const half = Math.floor(body.length / 2);
  let finish: () => void = () => {};
  const answer = new Promise<Answer>((resolve) => {
    const req = request(`${url}${calls.userOrder.path}`, {
      method: 'POST',
      agent: false,
      headers: {
        'content-type': 'application/json',
        origin: url,
        cookie: customer.cookie,
        [SYNC_HEADERS.idempotencyKey]: order.key,
        'transfer-encoding': 'chunked',
      },
    });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (b: Buffer) => {
        text += b.toString();
      });
      res.on('end', () => {
        let parsed: unknown = text;
        try {
          parsed = JSON.parse(text);
        } catch {
          // kept as text
        }
        resolve({ status: res.statusCode ?? 0, body: parsed, replayed: false, version: null });
      });
    });
    req.on('error', (err: NodeJS.ErrnoException) =>
      resolve({ status: 0, body: null, replayed: false, version: null, error: err.code ?? err.message }),
    );
    req.write(body.slice(0, half));
    finish = () => req.end(body.slice(half));
  });
  return { answer, finish: () => finish() };
}

export interface ShutdownRunOptions {
  seed: number;
  /** Live clients (the PWA's LiveConnection over `ws`): owners and table customers. */
  sockets: number;
  /** Orders fired together just before SIGTERM. */
  burst: number;
}

export interface ShutdownRunResult {
  seed: number;
  exit: { code: number | null; signal: string | null; ms: number };
  slowOrder: Answer;
  /** Statuses of the burst fired at SIGTERM (0: no answer, the request never reached a handler). */
  burst: number[];
  /** New connections tried while closing: how each was refused. */
  refusedWhileClosing: { http: string[]; upgrade: string[] };
  /** Close reasons the live clients saw ('closed 1001' each). */
  closeReasons: string[];
  /** Raw close code and reason of a plain `ws` socket. */
  rawClose: { code: number; reason: string };
  /** Milliseconds from the new server's spawn to each client's successful attempt, sorted. */
  arrivals: number[];
  maxPer100ms: number;
  spreadMs: number;
  reconnected: number;
  /** Acknowledged orders missing afterwards, plus answers that were neither 200 nor the 503 envelope. */
  inFlightLost: number;
  linesExpected: number;
  linesFound: number;
  problems: string[];
  /** SIGTERM to the new server's spawn (the old one had exited). */
  restartMs: number;
}

/** The densest 100 ms window of sorted times. */
export function maxPerWindow(sorted: number[], windowMs = 100): number {
  let max = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    while ((sorted[i] ?? 0) - (sorted[j] ?? 0) >= windowMs) j++;
    max = Math.max(max, i - j + 1);
  }
  return max;
}

export async function shutdownAndReconnect(options: ShutdownRunOptions): Promise<ShutdownRunResult> {
  const dataDir = mkdtempSync(join(tmpdir(), 'comanda-shutdown-'));
  const port = await freePort();
  const started: ServerProcess[] = [];
  const lives: LiveConnection[] = [];
  try {
    const first = await spawnServer(dataDir, port);
    started.push(first);
    const url = first.url;
    const owner = await OwnerClient.signIn(url);
    const tables = await owner.tableIds();
    // Two signed-in screens and twelve guests share the sockets: a session holds at most ten
    // live sockets (an owner's) or four (a customer's), as on real devices.
    const screens = [owner, await OwnerClient.signIn(url)];
    const customers = await Promise.all(Array.from({ length: 12 }, () => Customer.guest(url)));
    const cart = await demoCart(customers[0]!, owner.businessId);
    const plan = (key: string, i: number): PlannedOrder => ({
      key,
      ownerId: owner.businessId,
      tableId: tables[i % tables.length]!,
      cart,
    });

    // Live clients: every fourth an owner tablet, the others customers at a table. Each socket
    // remembers when it was opened; the one that says `connect` tells when its attempt arrived.
    const closeReasons: string[] = [];
    /** Per client, when its successful attempt after the shutdown was opened. */
    const arrivalsAt = new Map<number, number>();
    let terminated = false;
    for (let i = 0; i < options.sockets; i++) {
      const isOwner = i % 4 === 0;
      const cookie = isOwner
        ? screens[(i / 4) % screens.length]!.cookie
        : customers[(i - Math.ceil(i / 4)) % customers.length]!.cookie;
      const query = isOwner
        ? `ownerId=${owner.businessId}`
        : `ownerId=${owner.businessId}&tableId=${tables[i % tables.length]}`;
      // Attempts are one after another, so the last one opened is the one that connected.
      let lastAttempt = 0;
      class CookieSocket extends WsSocket {
        constructor(address: string) {
          super(address, { headers: { cookie } });
          lastAttempt = performance.now();
        }
      }
      const live = new LiveConnection({
        url: `ws://127.0.0.1:${port}/live?${query}`,
        WebSocket: CookieSocket as unknown as new (url: string) => WebSocket,
        random: seededRandom(options.seed * 1000 + i),
      });
      live.events$.subscribe((frame) => {
        if (frame.event === 'disconnect') closeReasons.push(frame.data.reason);
      });
      live.connected$.subscribe(() => {
        if (terminated && !arrivalsAt.has(i)) arrivalsAt.set(i, lastAttempt);
      });
      lives.push(live);
      live.start();
    }
    const waitAll = async (what: string, done: () => boolean, ms: number) => {
      const from = Date.now();
      while (!done()) {
        if (Date.now() - from > ms)
          throw new Error(`${what} within ${ms} ms\n${started.map((s) => s.output()).join('\n')}`);
        await sleep(20);
      }
    };
    await waitAll(
      'all live clients connected',
      () => lives.every((l) => l.status$.value === 'connected'),
      20_000,
    );
    // A plain `ws` socket too, to read the close code and reason themselves.
    const raw = new WsSocket(`ws://127.0.0.1:${port}/live?ownerId=${owner.businessId}`, {
      headers: { cookie: owner.cookie },
    });
    const rawClose = new Promise<{ code: number; reason: string }>((resolve) =>
      raw.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    await new Promise<void>((resolve, reject) => {
      raw.once('open', () => resolve());
      raw.once('error', reject);
    });

    // In flight at SIGTERM: a slow order (headers in, half its body) and a burst of orders.
    const slow = slowOrder(url, customers[0]!, plan(`slow-${options.seed}`, 0));
    await sleep(150);
    const burstOrders = Array.from({ length: options.burst }, (_, i) =>
      plan(`burst-${options.seed}-${i}`, i),
    );
    const burst = burstOrders.map((o, i) => customers[i % customers.length]!.order(o));
    await sleep(5);
    const termAt = performance.now();
    terminated = true;
    process.kill(first.pid, 'SIGTERM');

    await waitAll(
      'every live client saw the server go away',
      () => closeReasons.length >= options.sockets,
      10_000,
    );
    // Closing: a new connection and a new socket are refused (503 while closing, or no listener).
    const refusedWhileClosing = {
      http: [await freshRequest(url)].map((r) => (r.status ? `http ${r.status}` : `error ${r.error}`)),
      upgrade: [await freshUpgrade(url, owner.cookie, owner.businessId)],
    };
    slow.finish();
    const slowAnswer = await slow.answer;
    const burstAnswers = await Promise.all(burst);
    const exit = await first.exited;
    const exitMs = exit.at - termAt;

    // The new process on the same port and database; the clients find it by themselves.
    const restartAt = performance.now();
    const second = await spawnServer(dataDir, port);
    started.push(second);
    await waitAll('every live client reconnected', () => arrivalsAt.size >= lives.length, 30_000);
    const arrivals = [...arrivalsAt.values()].map((at) => at - restartAt).sort((a, b) => a - b);

    // Clients retry what got no answer (same key): applied exactly once in the end.
    const all = [slowAnswer, ...burstAnswers];
    const orders = [plan(`slow-${options.seed}`, 0), ...burstOrders];
    let inFlightLost = 0;
    const ackedLines = new Set<string>();
    for (const [i, a] of all.entries()) {
      if (a.status === 200) for (const l of answeredLines(a)) ackedLines.add(l.id);
      else if (a.status !== 0 && !isUnavailable(a)) inFlightLost += 1;
      const customer = i === 0 ? customers[0]! : customers[(i - 1) % customers.length]!;
      customer.url = second.url;
      const again = await customer.order(orders[i]!);
      if (again.status !== 200) inFlightLost += 1;
      else if (a.status === 200 && !again.replayed) inFlightLost += 1;
      for (const l of answeredLines(again)) ackedLines.add(l.id);
    }
    process.kill(second.pid, 'SIGTERM');
    const secondExit = await second.exited;
    const report = inspectDatabase(join(dataDir, 'comanda.db'));
    for (const id of ackedLines) if (!report.lineTotals.has(id)) inFlightLost += 1;
    const problems = problemsOf(report);
    if (secondExit.code !== 0) problems.push(`the second server exited ${secondExit.code}`);

    return {
      seed: options.seed,
      exit: { code: exit.code, signal: exit.signal, ms: exitMs },
      slowOrder: slowAnswer,
      burst: burstAnswers.map((a) => a.status),
      refusedWhileClosing,
      closeReasons,
      rawClose: await rawClose,
      arrivals,
      maxPer100ms: maxPerWindow(arrivals),
      spreadMs: (arrivals.at(-1) ?? 0) - (arrivals[0] ?? 0),
      reconnected: arrivalsAt.size,
      inFlightLost,
      linesExpected: all.length * cart.length,
      linesFound: report.lines,
      problems,
      restartMs: restartAt - termAt,
    };
  } finally {
    for (const live of lives) live.stop();
    for (const s of started) s.kill();
    await Promise.all(started.map((s) => s.exited));
    rmSync(dataDir, { recursive: true, force: true });
  }
}
