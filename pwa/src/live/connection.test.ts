import { LIVE_RECONNECT } from '@comanda/shared-schema';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindLiveToSync } from './bind-sync.ts';
import { LiveConnection, liveUrl, reconnectDelay } from './connection.ts';

/** A scripted WebSocket: the test plays the server. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readonly CONNECTING = 0;
  readonly OPEN = 1;
  readyState = 0;
  sent: string[] = [];
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.readyState = 3;
  }
  serverSays(frame: unknown) {
    this.readyState = 1;
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const last = () => FakeSocket.all.at(-1)!;

function connection() {
  return new LiveConnection({
    url: 'ws://comanda.test/live?ownerId=b1',
    WebSocket: FakeSocket as unknown as new (url: string) => WebSocket,
    random: () => 0.5,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.all = [];
});
afterEach(() => {
  vi.useRealTimers();
});

describe('live connection', () => {
  it('builds ws or wss addresses on this host with ownerId (and tableId)', () => {
    expect(liveUrl('b 1', undefined, { protocol: 'https:', host: 'x.it' } as Location)).toBe(
      'wss://x.it/live?ownerId=b+1',
    );
    expect(liveUrl('b1', 't1', { protocol: 'http:', host: 'localhost:3000' } as Location)).toBe(
      'ws://localhost:3000/live?ownerId=b1&tableId=t1',
    );
  });

  it('grows the reconnect delay from 1 s to 5 s with randomization 0.5', () => {
    expect(reconnectDelay(1, () => 0)).toBe(1000);
    expect(reconnectDelay(2, () => 0)).toBe(2000);
    expect(reconnectDelay(4, () => 0)).toBe(5000);
    expect(reconnectDelay(1, () => 0.99)).toBeLessThanOrEqual(1500);
    expect(reconnectDelay(1, () => 0.99)).toBeGreaterThanOrEqual(500);
    for (let i = 0; i < 50; i++) {
      const d = reconnectDelay(3, Math.random);
      expect(d).toBeGreaterThanOrEqual(2000);
      expect(d).toBeLessThanOrEqual(LIVE_RECONNECT.delayMaxMs);
    }
  });

  it('passes on frames of the contract`s events only, without loading their schemas', () => {
    const live = connection();
    const seen: string[] = [];
    live.events$.subscribe((f) => seen.push(f.event));
    live.start();
    last().serverSays({ event: 'connect', data: { socketId: 's1' } });
    for (const event of ['toString', 'constructor', 'hasOwnProperty', 'orders', 'enableOrder', 'menuChanged'])
      last().serverSays({ event, data: {} });
    last().onmessage?.({ data: 'not json' });
    expect(seen).toEqual(['connect', 'enableOrder', 'menuChanged']);
    live.stop();
  });

  it('is connected once the server says connect, and reconnects after a drop', async () => {
    const live = connection();
    const statuses: string[] = [];
    live.status$.subscribe((s) => statuses.push(s));
    live.start();
    last().serverSays({ event: 'connect', data: { socketId: 's1' } });
    expect(live.status$.value).toBe('connected');
    expect(live.socketId).toBe('s1');
    expect(live.send('discardCalledTable', { tableId: 't1', ownerId: 'b1' })).toBe(true);
    expect(JSON.parse(last().sent[0]!)).toEqual({
      event: 'discardCalledTable',
      data: { tableId: 't1', ownerId: 'b1' },
    });

    last().drop();
    expect(live.status$.value).toBe('disconnected');
    expect(live.send('discardCalledTable', { tableId: 't1', ownerId: 'b1' })).toBe(false);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(reconnectDelay(1, () => 0.5));
    expect(FakeSocket.all).toHaveLength(2);
    last().serverSays({ event: 'connect', data: { socketId: 's2' } });
    expect(live.socketId).toBe('s2');
    expect(statuses).toEqual(['connecting', 'connected', 'disconnected', 'connected']);
    live.stop();
  });

  it('after the server goes away (1001) waits a jittered delay, so a restart is not a storm', async () => {
    // One client: nothing at once, the next attempt after reconnectDelay(1).
    const live = new LiveConnection({
      url: 'ws://comanda.test/live?ownerId=b1',
      WebSocket: FakeSocket as unknown as new (url: string) => WebSocket,
      random: () => 0.73,
    });
    live.start();
    last().serverSays({ event: 'connect', data: { socketId: 's1' } });
    last().drop(1001);
    const wait = reconnectDelay(1, () => 0.73);
    expect(wait).toBeGreaterThanOrEqual(LIVE_RECONNECT.delayMs * (1 - LIVE_RECONNECT.randomization));
    await vi.advanceTimersByTimeAsync(wait - 1);
    expect(FakeSocket.all).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(FakeSocket.all).toHaveLength(2);
    live.stop();

    // Fifty clients told to go away at the same instant: their first attempts spread over
    // about a second, never more than 15 of them in any 100 ms.
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const firsts = Array.from({ length: 50 }, () => reconnectDelay(1, random)).sort((a, b) => a - b);
    expect(firsts[0]).toBeGreaterThanOrEqual(500);
    expect(firsts.at(-1)! - firsts[0]!).toBeGreaterThan(800);
    let densest = 0;
    for (let i = 0, j = 0; i < firsts.length; i++) {
      while (firsts[i]! - firsts[j]! >= 100) j++;
      densest = Math.max(densest, i - j + 1);
    }
    expect(densest).toBeLessThanOrEqual(15);
  });

  it('gives up on a socket that does not connect within 20 s and tries again', async () => {
    const live = connection();
    live.start();
    await vi.advanceTimersByTimeAsync(LIVE_RECONNECT.timeoutMs - 1);
    expect(live.status$.value).toBe('connecting');
    await vi.advanceTimersByTimeAsync(1);
    expect(live.status$.value).toBe('disconnected');
    await vi.advanceTimersByTimeAsync(LIVE_RECONNECT.delayMaxMs);
    expect(FakeSocket.all.length).toBeGreaterThanOrEqual(2);
    live.stop();
  });

  it('hands the socket id to sync and catches up on connect and on news', () => {
    const live = connection();
    const sync = { setSocketId: vi.fn(), resync: vi.fn(), poke: vi.fn() };
    const unbind = bindLiveToSync(live, sync);
    live.start();
    last().serverSays({ event: 'connect', data: { socketId: 's1' } });
    expect(sync.setSocketId).toHaveBeenCalledWith('s1');
    expect(sync.resync).toHaveBeenCalledTimes(1);
    last().serverSays({ event: 'enableOrder', data: {}, version: 7 });
    expect(sync.poke).toHaveBeenCalledWith(7);
    last().serverSays({ event: 'nonsense', data: {} });
    expect(sync.poke).toHaveBeenCalledTimes(1);
    unbind();
    live.stop();
  });
});
