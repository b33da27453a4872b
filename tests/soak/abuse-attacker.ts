// Child process of the abuse soak (abuse-live.ts): the attackers, apart from the process that
// measures the other venue, as they would be on another machine. It says `ready` once loaded (so
// its start-up is not measured); the parent sends one `attack` message; the child floods until
// its time is up, answers `done` with its counts and exits.
import WebSocket from 'ws';
import { type HttpAttackPlan, type HttpFloodCounts, httpFloods } from './abuse-http.ts';

/** What the attackers did and got. */
export interface FloodCounts {
  /** Upgrades that opened, and upgrades refused (429). */
  opened: number;
  refused: number;
  /** `joinChat` frames sent, and frames received past each socket's `connect`. */
  sent: number;
  received: number;
  /** The frames received past `connect`, by event (what a socket gets on opening, and the answers). */
  receivedByEvent: Record<string, number>;
  /** Closes by the server for too many frames (1008), and any other close before the end. */
  closedTooMany: number;
  closedOther: number;
  /** The HTTP floods' answers (abuse-http.ts). */
  http: HttpFloodCounts;
}

export interface AttackPlan {
  type: 'attack';
  /** The `/live` address of the attacked table. */
  url: string;
  frame: string;
  /** Guest session cookies and the sockets each one opens. */
  sessions: Array<{ cookie: string; sockets: number }>;
  framesPerSecond: number;
  ms: number;
  /** The attackers' own source address (another machine on the network). */
  localAddress: string;
  /** The HTTP floods run alongside, for the same time. */
  http: HttpAttackPlan;
}

/** An attacker reconnects this soon after the hub closed its socket; a refused upgrade a second later. */
const RECONNECT_MS = 100;
const REFUSED_RETRY_MS = 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One socket slot: connect, send at the plan's rate, reconnect when closed, until `until`. */
async function slot(
  plan: AttackPlan,
  cookie: string,
  until: number,
  c: Omit<FloodCounts, 'http'>,
): Promise<void> {
  while (performance.now() < until) {
    const ws = new WebSocket(plan.url, {
      headers: { cookie },
      perMessageDeflate: false,
      localAddress: plan.localAddress,
    });
    ws.on('error', () => {});
    const outcome = await new Promise<'open' | 'refused' | 'error'>((resolve) => {
      ws.once('open', () => resolve('open'));
      ws.once('unexpected-response', (req) => {
        req.destroy();
        resolve('refused');
      });
      ws.once('error', () => resolve('error'));
    });
    if (outcome !== 'open') {
      if (outcome === 'refused') c.refused++;
      ws.terminate();
      await sleep(REFUSED_RETRY_MS);
      continue;
    }
    c.opened++;
    let connected = false;
    ws.on('message', (raw: Buffer) => {
      if (connected) {
        c.received++;
        const event = /^\{"event":"([^"]{1,40})"/.exec(raw.toString('utf8', 0, 60))?.[1] ?? 'other';
        c.receivedByEvent[event] = (c.receivedByEvent[event] ?? 0) + 1;
      }
      connected = true;
    });
    const timer = setInterval(() => {
      if (ws.readyState !== WebSocket.OPEN) return;
      ws.send(plan.frame);
      c.sent++;
    }, 1000 / plan.framesPerSecond);
    const stop = setTimeout(() => ws.close(), Math.max(0, until - performance.now()));
    const code = await new Promise<number>((resolve) => ws.once('close', (closeCode) => resolve(closeCode)));
    clearInterval(timer);
    clearTimeout(stop);
    if (code === 1008) c.closedTooMany++;
    else if (performance.now() < until) c.closedOther++;
    await sleep(RECONNECT_MS);
  }
}

process.once('message', (plan: AttackPlan) => {
  const counts: Omit<FloodCounts, 'http'> = {
    opened: 0,
    refused: 0,
    sent: 0,
    received: 0,
    receivedByEvent: {},
    closedTooMany: 0,
    closedOther: 0,
  };
  const until = performance.now() + plan.ms;
  const slots = plan.sessions.flatMap((s) =>
    Array.from({ length: s.sockets }, () => slot(plan, s.cookie, until, counts)),
  );
  void Promise.all([httpFloods(plan.http), ...slots]).then(([http]) => {
    process.send?.({ type: 'done', counts: { ...counts, http } }, () => process.exit(0));
  });
});
process.send?.({ type: 'ready' });
