import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetServerClock, serverNow, syncServerClock } from './server-clock.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  resetServerClock();
});

function serverAt(iso: string) {
  const fetchMock = vi.fn(
    async () => new Response(JSON.stringify({ success: true, now: iso }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('server clock', () => {
  it('learns the offset from /api/time, half the round trip taken off, and keeps it for a reload', async () => {
    const local = Date.parse('2026-11-22T10:00:00.000Z');
    const ticks = [local, local + 200];
    serverAt('2026-11-22T10:05:00.100Z');
    await syncServerClock(() => ticks.shift() ?? local + 200);
    // The server said 10:05:00.100 at the round trip's middle (10:00:00.100): 5 minutes ahead.
    expect(localStorage.getItem('serverClockOffset')).toBe(String(5 * 60_000));
    expect(serverNow() - Date.now()).toBeGreaterThanOrEqual(5 * 60_000 - 5);
    resetServerClock();
    expect(serverNow() - Date.now()).toBeGreaterThanOrEqual(5 * 60_000 - 5);
  });

  it('offline: no offset learned, the local clock stands, and it tries again next time', async () => {
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    await syncServerClock();
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(5);
    const again = serverAt('2026-11-22T10:05:00.000Z');
    await syncServerClock();
    expect(again).toHaveBeenCalledTimes(1);
  });

  it('asks the server at most once per ten minutes', async () => {
    const fetchMock = serverAt(new Date().toISOString());
    let now = Date.now();
    await syncServerClock(() => now);
    now += 60_000;
    await syncServerClock(() => now);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    now += 10 * 60_000;
    await syncServerClock(() => now);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
