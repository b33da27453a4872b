// `npm run bench -- chat`: a customer's chat message -> the owner sockets of its venue, on loopback.
// The real app runs in a child process (order-live-server.ts) with 50 venues (copies of the demo
// venue, ten tables each). One customer socket per table (500 in all) sends `sendMessage` once a
// second, open loop, spread evenly over the second; each venue has two owner tablets on /live.
// Each delivery is timed from just before the customer's frame is written to the moment a tablet
// of that venue has `recieveMessage`; the message is matched by its text, which carries its number.

import { loadavg } from 'node:os';
import { calls } from '@comanda/shared-schema';
import WebSocket from 'ws';
import { sessionCookie } from '../support/guest-orders.ts';
import { childCpuMs, forkBench, stopChild } from './bench-child.ts';
import type { LiveVenue, LiveVenuesReady } from './order-live-protocol.ts';
import { percentile, report, round } from './report.ts';

export interface ChatBenchOptions {
  venues: number;
  customersPerVenue: number;
  tabletsPerVenue: number;
  /** Messages per customer socket per second. */
  perSocketPerSecond: number;
  warmupMs: number;
  durationMs: number;
  drainMs: number;
}

const DEFAULTS: ChatBenchOptions = {
  venues: 50,
  customersPerVenue: 10,
  tabletsPerVenue: 2,
  perSocketPerSecond: 1,
  warmupMs: 2000,
  durationMs: 10_000,
  drainMs: 3000,
};

const startChild = (venues: number) => forkBench<LiveVenuesReady>('order-live-server.ts', [String(venues)]);

async function loginCookie(url: string, body: unknown): Promise<string> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  return sessionCookie(res);
}

/** A message's text is `chat<n>`: its number, read from the frame's bytes without JSON.parse. */
const MARK = Buffer.from('"text":"chat');
const REFUSED = Buffer.from('"event":"messageRefused"');
const QUOTE = 0x22;

function messageNumber(raw: Buffer): number {
  const at = raw.indexOf(MARK);
  if (at < 0) return -1;
  let n = 0;
  for (let i = at + MARK.length; i < raw.length; i++) {
    const c = raw[i] ?? QUOTE;
    if (c === QUOTE) return n;
    n = n * 10 + (c - 0x30);
  }
  return -1;
}

/** Opens one socket; resolves once the server said `connect`. */
function open(url: string, cookie: string, onFrame: (raw: Buffer, at: number) => void): Promise<WebSocket> {
  const ws = new WebSocket(url, { headers: { cookie }, perMessageDeflate: false });
  return new Promise((resolve, reject) => {
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`live refused: ${res.statusCode}`)));
    let connected = false;
    ws.on('message', (raw: Buffer) => {
      const at = performance.now();
      if (!connected) {
        connected = true;
        resolve(ws);
        return;
      }
      onFrame(raw, at);
    });
  });
}

export async function benchChat(options: Partial<ChatBenchOptions> = {}): Promise<void> {
  const o = { ...DEFAULTS, ...options };
  const { child, ready } = await startChild(o.venues);
  const base = `http://127.0.0.1:${ready.port}`;
  const ws = `ws://127.0.0.1:${ready.port}/live`;
  const customersTotal = o.venues * o.customersPerVenue;
  const rate = customersTotal * o.perSocketPerSecond;
  const warmupMessages = Math.round((rate * o.warmupMs) / 1000);
  const totalMessages = warmupMessages + Math.round((rate * o.durationMs) / 1000);
  const sentAt = new Float64Array(totalMessages);
  const got = new Uint8Array(totalMessages);
  const deliveries: number[] = [];
  let duplicates = 0;
  let foreign = 0;
  let refused = 0;
  const sockets: WebSocket[] = [];
  try {
    const venues = ready.venues;
    if (venues.length !== o.venues) throw new Error(`the child made ${venues.length} venues`);
    if (venues.some((v) => v.tableIds.length < o.customersPerVenue)) throw new Error('too few tables');
    const ownerCookies: string[] = [];
    for (const venue of venues) {
      ownerCookies.push(
        await loginCookie(`${base}${calls.ownerLogin.path}`, {
          email: venue.email,
          password: ready.password,
        }),
      );
    }
    // Guest sessions made by the child, one per phone (each session has one frame budget).
    const guests = ready.guests;
    if (guests.length < customersTotal) throw new Error('too few guest sessions');

    // Message n is sent by customer socket n % customersTotal, of venue (n % customersTotal) % venues.
    const venueOf = (n: number) => (n % customersTotal) % o.venues;
    const tablets: Array<Promise<WebSocket>> = [];
    for (const [v, venue] of venues.entries()) {
      for (let i = 0; i < o.tabletsPerVenue; i++) {
        tablets.push(
          open(`${ws}?ownerId=${venue.businessId}`, ownerCookies[v] ?? '', (raw, at) => {
            const n = messageNumber(raw);
            if (n < 0) return;
            if (n >= totalMessages || venueOf(n) !== v) {
              foreign += 1;
              return;
            }
            const count = (got[n] ?? 0) + 1;
            got[n] = count;
            if (count > o.tabletsPerVenue) duplicates += 1;
            else if (n >= warmupMessages) deliveries.push(at - (sentAt[n] ?? 0));
          }),
        );
      }
    }
    sockets.push(...(await Promise.all(tablets)));
    const customers: WebSocket[] = [];
    const frames: string[] = [];
    for (let c = 0; c < customersTotal; c += 50) {
      const batch: Array<Promise<WebSocket>> = [];
      for (let k = c; k < Math.min(customersTotal, c + 50); k++) {
        const venue = venues[k % o.venues] as LiveVenue;
        const tableId = venue.tableIds[Math.floor(k / o.venues)] ?? '';
        frames[k] = JSON.stringify({ ownerId: venue.businessId, tableId });
        batch.push(
          open(
            `${ws}?ownerId=${venue.businessId}&tableId=${tableId}`,
            guests[k % guests.length] ?? '',
            (raw) => {
              if (raw.includes(REFUSED)) refused += 1;
            },
          ),
        );
      }
      customers.push(...(await Promise.all(batch)));
    }
    sockets.push(...customers);

    const send = (n: number): void => {
      const k = n % customersTotal;
      const target = frames[k] ?? '{}';
      const frame = `{"event":"sendMessage","data":${target.slice(0, -1)},"text":"chat${n}"}}`;
      sentAt[n] = performance.now();
      customers[k]?.send(frame);
    };

    const interval = 1000 / rate;
    let serverCpuStart = 0;
    let clientCpuStart = process.cpuUsage();
    let windowStart = 0;
    let machineLoad = 0;
    await new Promise<void>((resolve) => {
      const start = performance.now();
      let next = 0;
      const tick = (): void => {
        const due = Math.min(totalMessages, Math.floor((performance.now() - start) / interval) + 1);
        while (next < due) {
          if (next === warmupMessages) {
            windowStart = performance.now();
            machineLoad = loadavg()[0] ?? 0;
            clientCpuStart = process.cpuUsage();
            void childCpuMs(child).then((ms) => {
              serverCpuStart = ms;
            });
          }
          send(next++);
        }
        if (next >= totalMessages) resolve();
        else setTimeout(tick, Math.max(0, start + next * interval - performance.now()));
      };
      tick();
    });
    const windowMs = performance.now() - windowStart + interval;
    const clientCpu = process.cpuUsage(clientCpuStart);
    const serverCpu = (await childCpuMs(child)) - serverCpuStart;

    const drainUntil = performance.now() + o.drainMs;
    const complete = () => got.every((count, n) => n < warmupMessages || count >= o.tabletsPerVenue);
    while (!complete() && performance.now() < drainUntil) await new Promise((r) => setTimeout(r, 50));

    const measured = totalMessages - warmupMessages;
    const missed = measured * o.tabletsPerVenue - deliveries.length;
    deliveries.sort((a, b) => a - b);
    const fig = (metric: string, value: number, unit: string) =>
      report({ bench: 'chat', metric, value, unit });
    fig('venues', o.venues, 'venues');
    fig('customer_sockets', customersTotal, 'sockets');
    fig('owner_sockets', o.venues * o.tabletsPerVenue, 'sockets');
    fig('messages_per_second', round(measured / (windowMs / 1000), 1), 'messages/s');
    fig('message_to_owner_socket_p50', round(percentile(deliveries, 50)), 'ms');
    fig('message_to_owner_socket_p99', round(percentile(deliveries, 99)), 'ms');
    fig('message_to_owner_socket_max', round(deliveries.at(-1) ?? Number.NaN), 'ms');
    fig('missed_deliveries', missed, 'frames');
    fig('duplicate_or_foreign_deliveries', duplicates + foreign, 'frames');
    fig('refused_messages', refused, 'frames');
    fig('machine_load_1m', round(machineLoad), 'runnable');
    fig('server_cpu', round((serverCpu / windowMs) * 100, 0), '% of a core');
    fig(
      'load_generator_cpu',
      round(((clientCpu.user + clientCpu.system) / 1000 / windowMs) * 100, 0),
      '% of a core',
    );
  } finally {
    for (const socket of sockets) socket.terminate();
    await stopChild(child);
  }
}
