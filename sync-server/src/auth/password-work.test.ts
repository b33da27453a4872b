import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/test-app.ts';
import { PASSWORD_CONCURRENCY, PASSWORD_QUEUE } from './passwords.ts';

/**
 * argon2 as the app calls it, counted: how many verifications run at once, and a latch that
 * holds them so the test sees the server's state while they are in flight.
 */
const argon = vi.hoisted(() => {
  const state = {
    active: 0,
    peak: 0,
    started: 0,
    hold: Promise.resolve() as Promise<void>,
    release: () => {},
  };
  return {
    state,
    latch() {
      state.hold = new Promise<void>((resolve) => {
        state.release = resolve;
      });
    },
  };
});

vi.mock('@node-rs/argon2', async (importOriginal) => {
  const real = await importOriginal<typeof import('@node-rs/argon2')>();
  const counted =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      const { state } = argon;
      state.active++;
      state.started++;
      state.peak = Math.max(state.peak, state.active);
      try {
        await state.hold;
        return await fn(...args);
      } finally {
        state.active--;
      }
    };
  return { ...real, verify: counted(real.verify), hash: counted(real.hash) };
});

let t: TestApp;
afterEach(async () => {
  argon.state.release();
  await t?.close();
});

/** Polls a condition until it holds (no fixed sleeps), failing after `ms`. */
async function until(condition: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > deadline) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('argon2 work is bounded (spec 7, DESIGN "Abuse")', () => {
  it('concurrent logins never run more hashes at once than the cores (2 here); past the queue, 503 at once', async () => {
    t = await createTestApp();
    // Warm up: the timing equaliser's dummy hash is made once.
    await t.app.inject({
      method: 'POST',
      url: '/api/user/login',
      payload: { email: 'riscaldamento@example.it', password: 'x' },
      remoteAddress: '10.9.0.1',
    });
    argon.state.peak = 0;
    argon.latch();
    const n = 60;
    let answered = 0;
    const pending = Array.from({ length: n }, (_, i) =>
      t.app
        .inject({
          method: 'POST',
          url: i % 2 ? '/api/owner/login' : '/api/user/login',
          payload: { email: `persona${i}@example.it`, password: 'indovino!' },
          remoteAddress: `10.10.${i}.1`,
        })
        .then((res) => {
          answered++;
          return res;
        }),
    );
    // Every request has either reached argon2 or been answered (refused), or argon2 ran wild.
    await until(
      () =>
        argon.state.active > PASSWORD_CONCURRENCY ||
        (argon.state.active === PASSWORD_CONCURRENCY && answered > 0),
    );
    const refusedEarly = answered;
    argon.state.release();
    const answers = await Promise.all(pending);
    expect(argon.state.peak).toBeLessThanOrEqual(PASSWORD_CONCURRENCY);
    expect(PASSWORD_CONCURRENCY).toBeLessThanOrEqual(3);
    expect(refusedEarly).toBeGreaterThan(0);
    const busy = answers.filter((a) => a.statusCode === 503);
    expect(busy.length).toBeGreaterThanOrEqual(refusedEarly);
    expect(busy[0]?.json()).toMatchObject({ success: false, code: 'UNAVAILABLE' });
    expect(Number(busy[0]?.headers['retry-after'])).toBeGreaterThan(0);
    // The rest waited their turn and got their answer; the wait queue is bounded.
    const checked = answers.filter((a) => a.statusCode === 401).length;
    expect(checked + busy.length).toBe(n);
    expect(checked).toBeLessThanOrEqual(PASSWORD_CONCURRENCY + PASSWORD_QUEUE);
  });
});
