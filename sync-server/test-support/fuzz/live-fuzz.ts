import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import {
  type ClientEventName,
  ClientFrameSchema,
  clientEvents,
  MAX_CLIENT_FRAME_BYTES,
  unstorableTextPath,
} from '@comanda/shared-schema';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import WebSocket from 'ws';
import type { z } from 'zod';
import { CUSTOMER_FRAME_BUDGET, STRAY_FRAME_COST } from '../../src/live/limits.ts';
import { anotherSession } from '../kits/live.ts';
import { validArbitrary } from './arbitraries.ts';
import { DbWatch } from './db-watch.ts';
import { type Failure, seedFor } from './http-fuzz.ts';
import { applyMutation, type Mutation, mutationArbitrary, sometimes, toJsonText } from './mutations.ts';
import { column } from './world-data.ts';
import type { World } from './world-shape.ts';

/**
 * The live fuzzer: every client event of shared-schema (`clientEvents`), valid and mutated, sent as
 * frames on real sockets of the owner and of a customer at a table. A frame the shared schemas
 * refuse closes that socket with 1008 and a reason (1009 above MAX_CLIENT_FRAME_BYTES, ws's own
 * limit) and changes nothing in the database; a valid one leaves the socket open and the server
 * up. Two watchers (an owner, a customer) stay connected throughout and still receive events at
 * the end.
 */

export interface LiveFuzzOptions {
  seed: number;
  /** Cases per event and role. */
  runs: number;
}

export interface LiveReport {
  /** Frames sent per event ('frame' for frame-level mutations). */
  cases: Record<string, number>;
  refused: number;
  accepted: number;
  failures: Failure[];
}

type Role = 'owner' | 'customer';

interface Client {
  ws: WebSocket;
  role: Role;
  frames: Array<{ event: string; data: unknown }>;
  closed: Promise<[number, string]>;
  isClosed: () => boolean;
}

/** Frames broken at the frame level (not in `data`). */
const FRAME_LEVEL = [
  '{"event":123,"data":{}}',
  '{"event":"sendMessage"}',
  '{"data":{}}',
  '{"event":"nope","data":{}}',
  '{"event":"__proto__","data":{}}',
  '{"event":"constructor","data":{}}',
  '{"event":"toString","data":{}}',
  '{"event":"hasOwnProperty","data":{}}',
  `{"event":"${'x'.repeat(65)}","data":{}}`,
  '[]',
  'null',
  '"joinChat"',
  '',
  '{',
  'not json',
  '{"__proto__":{"event":"joinChat"},"data":{}}',
  '{"event":["joinChat"],"data":{}}',
  `${'['.repeat(5000)}${']'.repeat(5000)}`,
];

/** The hub's verdict on a text frame, from the same shared schemas and storable-text rule. */
export function frameIsValid(text: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return false;
  }
  if (unstorableTextPath(parsed) !== null) return false;
  const frame = ClientFrameSchema.safeParse(parsed);
  if (!frame.success || !Object.hasOwn(clientEvents, frame.data.event)) return false;
  return clientEvents[frame.data.event as ClientEventName].safeParse(frame.data.data).success;
}

interface LiveCase {
  body: unknown;
  mutation: Mutation | null;
  frameLevel: number | null;
}

const settle = () => new Promise((r) => setTimeout(r, 5));

/**
 * Frames sent on one socket (and session) before the fuzzer opens another: within a customer's
 * frame budget even when each names a table the socket did not join (those cost STRAY_FRAME_COST).
 */
const FRAMES_PER_SOCKET = Math.floor(CUSTOMER_FRAME_BUDGET.burst / STRAY_FRAME_COST);

export class LiveFuzzer {
  readonly report: LiveReport = { cases: {}, refused: 0, accepted: 0, failures: [] };
  private readonly watch: DbWatch;
  private base = '';
  private customerTable = '';
  private readonly open = new Set<WebSocket>();
  /** Mutations of valid frames still running (the hub runs a frame's handler without awaiting it). */
  private readonly running = new Set<Promise<unknown>>();
  private restoreExecute: (() => void) | null = null;

  constructor(
    private readonly world: World,
    private readonly options: LiveFuzzOptions,
  ) {
    this.watch = new DbWatch(world);
  }

  /** The app must listen; call once before `run`. */
  async start(): Promise<void> {
    const { app } = this.world;
    this.trackMutations();
    if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
    this.base = `ws://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    await this.world.refresh();
    this.customerTable = (
      await column(
        this.world.app,
        sql`SELECT id FROM tables WHERE business_id = ${this.world.venueId} ORDER BY number LIMIT 1`,
      )
    )[0] as string;
  }

  /** A socket of the owner (the venue's room) or of a customer at the first table. */
  async connect(role: Role): Promise<Client> {
    const query =
      role === 'owner'
        ? `ownerId=${this.world.venueId}`
        : `ownerId=${this.world.venueId}&tableId=${this.customerTable}`;
    // A session per socket: each has its own frame budget (live/limits.ts), and the fuzzer opens
    // a socket every few frames.
    const cookie = await anotherSession(this.world.app, this.world.cookie(role) ?? '');
    const ws = new WebSocket(`${this.base}/live?${query}`, { headers: { cookie } });
    this.open.add(ws);
    ws.on('error', () => {});
    const frames: Client['frames'] = [];
    let isClosed = false;
    const closed = new Promise<[number, string]>((resolve) => {
      ws.on('close', (code, reason) => {
        isClosed = true;
        this.open.delete(ws);
        resolve([code, String(reason)]);
      });
    });
    ws.on('message', (raw) => frames.push(JSON.parse(String(raw)) as { event: string; data: unknown }));
    await once(ws, 'open');
    while (!frames.some((f) => f.event === 'connect')) await settle();
    return { ws, role, frames, closed, isClosed: () => isClosed };
  }

  /** Resolves once the server has handled everything sent before (a ping's pong), or it closed. */
  private async roundTrip(client: Client): Promise<'open' | 'closed'> {
    if (client.isClosed()) return 'closed';
    const pong = new Promise<'open'>((resolve) => client.ws.once('pong', () => resolve('open')));
    client.ws.ping();
    return Promise.race([pong, client.closed.then(() => 'closed' as const)]);
  }

  private fail(event: string, role: Role, kind: string, problem: string, request: string): void {
    this.report.failures.push({
      route: `live:${event}`,
      who: role,
      kind,
      status: 0,
      problem,
      request: request.length > 300 ? `${request.slice(0, 300)}... (${request.length} chars)` : request,
      seed: seedFor(this.options.seed, `live:${event}`),
    });
  }

  /** Valid and mutated frames of one event from one role. */
  async fuzzEvent(name: ClientEventName, role: Role): Promise<void> {
    const schema = clientEvents[name] as z.ZodType;
    const gen = this.world.genFor('/live');
    const own = this.customerTable;
    const ctx = {
      ...gen,
      // Mostly the socket's own venue and table, so valid frames reach the handlers.
      idsFor: (key: string | undefined) =>
        key === 'tableId'
          ? [own, own, own, ...gen.idsFor(key)]
          : key === 'ownerId'
            ? [this.world.venueId, this.world.venueId, ...gen.idsFor(key)]
            : gen.idsFor(key),
    };
    const arb: fc.Arbitrary<LiveCase> = fc.record({
      body: validArbitrary(schema, ctx),
      mutation: sometimes(mutationArbitrary, 55),
      frameLevel: sometimes(fc.nat(FRAME_LEVEL.length - 1), 15),
    });
    const cases = fc.sample(arb, {
      seed: seedFor(this.options.seed, `live:${name}:${role}`),
      numRuns: this.options.runs,
    });
    let client = await this.connect(role);
    let sent = 0;
    for (const c of cases) {
      // A fresh socket every FRAMES_PER_SOCKET frames: the fuzzer is faster than any person, and
      // the hub's flood limit is not what this loop is about (abuse.test.ts is).
      if (++sent % FRAMES_PER_SOCKET === 0 && !client.isClosed()) {
        client.ws.close();
        await client.closed;
      }
      if (client.isClosed()) client = await this.connect(role);
      let payload: string | Buffer;
      let kind: string;
      if (c.frameLevel !== null) {
        payload = FRAME_LEVEL[c.frameLevel] as string;
        kind = `frame:${c.frameLevel}`;
      } else if (c.mutation) {
        const bad = applyMutation(c.body, c.mutation);
        kind = bad.kind;
        if (bad.payload === null) payload = `{"event":"${name}"}`;
        else if (Buffer.isBuffer(bad.payload)) payload = bad.payload;
        else if (/^(whole-body|content-type)/.test(bad.kind))
          payload = `{"event":"${name}","data":${bad.payload}}`;
        else payload = `{"event":${JSON.stringify(name)},"data":${bad.payload}}`;
      } else {
        payload = toJsonText({ event: name, data: c.body });
        kind = 'valid';
      }
      this.report.cases[name] = (this.report.cases[name] ?? 0) + 1;
      await this.sendOne(client, name, kind, payload);
    }
    client.ws.close();
  }

  private async sendOne(client: Client, name: string, kind: string, payload: string | Buffer): Promise<void> {
    const binary = Buffer.isBuffer(payload);
    const size = binary ? payload.length : Buffer.byteLength(payload);
    const valid = !binary && size <= MAX_CLIENT_FRAME_BYTES && frameIsValid(payload);
    const request = binary ? `<binary ${payload.toString('hex').slice(0, 60)}>` : payload;
    // Whatever earlier valid frames started (a chat message stored) is done before the snapshot: on
    // PostgreSQL a handler's write can outlast the pong and the pause, so its mutation is awaited.
    await this.roundTrip(client);
    await settle();
    await this.mutationsDone();
    const before = await this.watch.current();
    client.ws.send(payload, { binary });
    if (valid) {
      this.report.accepted++;
      if ((await this.roundTrip(client)) === 'closed') {
        const [code, reason] = await client.closed;
        this.fail(name, client.role, kind, `valid frame closed the socket: ${code} ${reason}`, request);
      }
      return;
    }
    this.report.refused++;
    const timeout = new Promise<null>((r) => setTimeout(() => r(null), 3000).unref());
    const closed = await Promise.race([client.closed, timeout]);
    if (!closed) {
      this.fail(name, client.role, kind, 'malformed frame did not close the socket', request);
      client.ws.terminate();
      return;
    }
    const [code, reason] = closed;
    const expected = size > MAX_CLIENT_FRAME_BYTES ? 1009 : 1008;
    if (code !== expected)
      this.fail(name, client.role, kind, `closed with ${code}, expected ${expected}`, request);
    if (expected === 1008 && reason.trim() === '')
      this.fail(name, client.role, kind, 'closed without a reason', request);
    const changed = await this.watch.changedSince(before);
    if (changed.length > 0)
      this.fail(
        name,
        client.role,
        kind,
        `refused frame changed the database: ${changed.join(', ')}`,
        request,
      );
  }

  /** Every client event from both roles. */
  async run(): Promise<LiveReport> {
    for (const name of Object.keys(clientEvents) as ClientEventName[]) {
      for (const role of ['owner', 'customer'] as const) await this.fuzzEvent(name, role);
    }
    return this.report;
  }

  /** Ends every socket this fuzzer opened. */
  stop(): void {
    for (const ws of this.open) ws.terminate();
    this.open.clear();
    this.restoreExecute?.();
    this.restoreExecute = null;
  }

  /**
   * Watches the sync core's mutations: the live handlers that write (sendMessage,
   * discardCalledTable) run theirs through `app.sync.execute`, called as the handler starts, so
   * every write a frame causes is in `running` by the time the frame's pong comes back.
   */
  private trackMutations(): void {
    if (this.restoreExecute) return;
    const { sync } = this.world.app;
    const execute = sync.execute;
    const running = this.running;
    sync.execute = function <B, P, R>(this: typeof sync, req: Parameters<typeof execute<B, P, R>>[0]) {
      const outcome = execute.call(this, req);
      running.add(outcome);
      void outcome.then(
        () => running.delete(outcome),
        () => running.delete(outcome),
      );
      return outcome;
    };
    this.restoreExecute = () => {
      sync.execute = execute;
    };
  }

  /** Resolves once no mutation an earlier frame started is still running. */
  private async mutationsDone(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }
}
