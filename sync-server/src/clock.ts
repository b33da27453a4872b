/**
 * The server's one clock. With `COMANDA_FAKE_NOW` it starts at that instant and runs on, so
 * opening hours and token expiry can be tried at any time of day. Every module asks the clock
 * of its app (never `Date.now()`), so one app per test can live at its own time.
 */
export interface Clock {
  now(): Date;
  nowMs(): number;
  /** Moves this clock forward: tests of expiry use it instead of waiting. */
  advance(ms: number): void;
}

export function createClock(fakeNow?: string, realNow: () => number = Date.now): Clock {
  const startReal = realNow();
  let offset = fakeNow ? Date.parse(fakeNow) - startReal : 0;
  const nowMs = () => realNow() + offset;
  return {
    now: () => new Date(nowMs()),
    nowMs,
    advance(ms: number) {
      offset += ms;
    },
  };
}
