import { type ChildProcess, fork } from 'node:child_process';
import { join } from 'node:path';
import WebSocket from 'ws';
import { repoRoot } from '../support/server.ts';
import { percentile, report, round } from './report.ts';

interface Ready {
  type: 'ready';
  port: number;
  businessId?: string;
  /** Owner sessions of the hub's demo venue (a session holds at most ten sockets). */
  cookies?: string[];
}

function startChild(script: string): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = fork(join(repoRoot, 'tests', 'bench', script), [], {
    execArgv: ['--import', 'tsx', '--expose-gc'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('message', (m: Ready) => resolve({ child, ready: m }));
  });
}

function ask<T>(child: ChildProcess, type: string, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (m: { type: string }) => {
      if (m.type === answer) {
        child.off('message', onMessage);
        resolve(m as T);
      }
    };
    child.on('message', onMessage);
    child.send({ type });
  });
}

interface Measured {
  rssPerSocketKb: number;
  p50: number;
  p99: number;
}

/** Connects `sockets` clients, then times `rounds` broadcasts until the last socket has each. */
async function measure(
  url: string,
  cookies: string[],
  child: ChildProcess,
  sockets: number,
  rounds: number,
): Promise<Measured> {
  const before = (await ask<{ rss: number }>(child, 'rss', 'rss')).rss;
  let received = 0;
  let onAll: (() => void) | null = null;
  const clients: WebSocket[] = [];
  // Connect in batches so the accept queue is not the thing measured.
  for (let i = 0; i < sockets; i += 100) {
    const batch = Array.from({ length: Math.min(100, sockets - i) }, (_, k) => {
      const cookie = cookies[Math.floor((i + k) / 10) % cookies.length];
      const ws = new WebSocket(url, { headers: cookie ? { cookie } : {} });
      clients.push(ws);
      return new Promise<void>((resolve, reject) => {
        ws.once('error', reject);
        ws.on('message', (raw) => {
          const text = raw.toString();
          if (text.includes('"connect"')) resolve();
          else if (text.includes('"enableOrder"')) {
            received += 1;
            if (received === sockets && onAll) onAll();
          }
        });
      });
    });
    await Promise.all(batch);
  }
  const after = (await ask<{ rss: number }>(child, 'rss', 'rss')).rss;

  const times: number[] = [];
  for (let r = 0; r < rounds; r++) {
    received = 0;
    const done = new Promise<void>((resolve) => {
      onAll = resolve;
    });
    const t0 = performance.now();
    child.send({ type: 'publish' });
    await done;
    times.push(performance.now() - t0);
  }
  for (const ws of clients) ws.terminate();
  times.sort((a, b) => a - b);
  return {
    rssPerSocketKb: (after - before) / 1024 / sockets,
    p50: percentile(times, 50),
    p99: percentile(times, 99),
  };
}

export async function benchHub(sockets = 1000, rounds = 200): Promise<void> {
  const hub = await startChild('hub-server.ts');
  const { port, businessId, cookies } = hub.ready;
  const hubResult = await measure(
    `ws://127.0.0.1:${port}/live?ownerId=${businessId}`,
    cookies ?? [],
    hub.child,
    sockets,
    rounds,
  );
  hub.child.send({ type: 'stop' });

  const bare = await startChild('bare-ws-server.ts');
  const bareResult = await measure(`ws://127.0.0.1:${bare.ready.port}/`, [], bare.child, sockets, rounds);
  bare.child.send({ type: 'stop' });

  report({ bench: 'hub', metric: 'sockets', value: sockets, unit: 'sockets' });
  report({
    bench: 'hub',
    metric: 'server_memory_per_socket',
    value: round(hubResult.rssPerSocketKb, 1),
    unit: 'KB',
  });
  report({ bench: 'hub', metric: 'broadcast_to_last_p50', value: round(hubResult.p50), unit: 'ms' });
  report({ bench: 'hub', metric: 'broadcast_to_last_p99', value: round(hubResult.p99), unit: 'ms' });
  report({
    bench: 'hub',
    metric: 'bare_ws_memory_per_socket',
    value: round(bareResult.rssPerSocketKb, 1),
    unit: 'KB',
  });
  report({ bench: 'hub', metric: 'bare_ws_broadcast_to_last_p50', value: round(bareResult.p50), unit: 'ms' });
  report({ bench: 'hub', metric: 'bare_ws_broadcast_to_last_p99', value: round(bareResult.p99), unit: 'ms' });
  const ratio = hubResult.p50 / bareResult.p50;
  report({
    bench: 'hub',
    metric: 'hub_over_bare_p50_ratio',
    value: round(ratio),
    unit: 'x',
    budget: 1.5,
    ok: ratio <= 1.5,
  });
}
