// Child process of the abuse soak (abuse-live.ts): the attackers, apart from the process that
// measures the other venue, as they would be on another machine. It says `ready` once loaded (so
// its start-up is not measured); the parent sends one `attack` message; the child floods until
// its time is up, answers `done` with its counts and exits.
import WebSocket from 'ws';

/** What the attackers did and got. */
export interface FloodCounts {
  /** Upgrades that opened, and upgrades refused (429). */
  opened: number;
  refused: number;
  /** `joinChat` frames sent, and frames received past each socket's `connect`. */
  sent: number;
  received: number;
  /** Closes by the server for too many frames (1008), and any other close before the end. */
  closedTooMany: number;
  closedOther: number;
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
}

/** An attacker reconnects this soon after the hub closed its socket; a refused upgrade a second later. */
const RECONNECT_MS = 100;
const REFUSED_RETRY_MS = 1000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One socket slot: connect, send at the plan's rate, reconnect when closed, until `until`. */
async function slot(plan: AttackPlan, cookie: string, until: number, c: FloodCounts): Promise<void> {
  while (performance.now() < until) {
    const ws = new WebSocket(plan.url, { headers: { cookie }, perMessageDeflate: false });
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
    ws.on('message', () => {
      if (connected) c.received++;
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
  const counts: FloodCounts = {
    opened: 0,
    refused: 0,
    sent: 0,
    received: 0,
    closedTooMany: 0,
    closedOther: 0,
  };
  const until = performance.now() + plan.ms;
  const slots = plan.sessions.flatMap((s) =>
    Array.from({ length: s.sockets }, () => slot(plan, s.cookie, until, counts)),
  );
  void Promise.all(slots).then(() => {
    process.send?.({ type: 'done', counts }, () => process.exit(0));
  });
});
process.send?.({ type: 'ready' });
