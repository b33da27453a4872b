// SIGTERM to the real server with orders in flight and live clients connected: in-flight
// requests finish with their answers, new connections are refused, sockets close with 1001,
// the process exits 0 in time; the PWA's live clients reconnect to the new process spread out,
// and every order is applied exactly once.
import { describe, expect, it } from 'vitest';
import { shutdownAndReconnect } from './shutdown-scenario.ts';

const SEED = Number(process.env.COMANDA_SEED ?? 20_251_113);
const SOCKETS = 50;

describe('graceful shutdown', () => {
  it('finishes in-flight requests, closes sockets with 1001, exits 0; clients come back spread out', async () => {
    const run = await shutdownAndReconnect({ seed: SEED, sockets: SOCKETS, burst: 30 }).catch(
      (err: unknown) => {
        console.error(`shutdown failed with seed ${SEED} (COMANDA_SEED=${SEED} to replay)`);
        throw err;
      },
    );
    const context = JSON.stringify({ ...run, slowOrder: run.slowOrder.status });

    // Exit 0, well within close-with-grace's 10 s.
    expect(run.exit, context).toEqual({ code: 0, signal: null, ms: expect.any(Number) });
    expect(run.exit.ms).toBeLessThan(8000);
    // The order whose body was still arriving at SIGTERM completed with its answer.
    expect(run.slowOrder.status, context).toBe(200);
    expect((run.slowOrder.body as { lines?: unknown[] }).lines).toHaveLength(3);
    // The burst: answered (200), or refused whole before any handler ran (503 envelope, or no
    // connection); never a 500, never a half answer. Retried, each is there exactly once.
    for (const status of run.burst) expect([0, 200, 503], context).toContain(status);
    expect(run.inFlightLost, context).toBe(0);
    expect(run.linesFound, context).toBe(run.linesExpected);
    expect(run.problems, context).toEqual([]);
    // While closing, a new connection or socket is not served.
    for (const r of [...run.refusedWhileClosing.http, ...run.refusedWhileClosing.upgrade])
      expect(r, context).toMatch(/^(http 503|error ECONNREFUSED|error ECONNRESET)$/);
    // Every socket closed with 1001 going away.
    expect(run.closeReasons.slice(0, SOCKETS), context).toEqual(Array(SOCKETS).fill('closed 1001'));
    expect(run.rawClose).toEqual({ code: 1001, reason: 'server shutting down' });

    // All came back, and not at once: spread over more than a second, at most 20 of the 50 in
    // any 100 ms (all of them together would be the storm).
    expect(run.reconnected).toBe(SOCKETS);
    expect(run.spreadMs, context).toBeGreaterThan(1000);
    expect(run.maxPer100ms, context).toBeLessThanOrEqual(20);
    console.log(
      JSON.stringify({
        test: 'shutdown',
        seed: SEED,
        exitMs: Math.round(run.exit.ms),
        burst: Object.fromEntries(
          [0, 200, 503].map((code) => [code, run.burst.filter((s) => s === code).length]),
        ),
        refused: run.refusedWhileClosing,
        restartMs: Math.round(run.restartMs),
        reconnectSpreadMs: Math.round(run.spreadMs),
        maxPer100ms: run.maxPer100ms,
        firstArrivalMs: Math.round(run.arrivals[0] ?? 0),
        inFlightLost: run.inFlightLost,
      }),
    );
  });
});
