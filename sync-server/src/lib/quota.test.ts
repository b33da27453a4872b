import { describe, expect, it } from 'vitest';
import { MemoryQuotas } from './quota.ts';

describe('MemoryQuotas', () => {
  it('allows up to the limit in a window, refuses the next without counting it', async () => {
    let now = 1_000;
    const q = new MemoryQuotas(() => now);
    for (let i = 1; i <= 3; i++)
      expect(await q.take('k', 3, 60_000)).toMatchObject({ allowed: true, count: i });
    const refused = await q.take('k', 3, 60_000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    expect(refused.retryAfterMs).toBeLessThanOrEqual(60_000);
    // Keys are independent.
    expect((await q.take('other', 3, 60_000)).allowed).toBe(true);
    now += 60_000 * 2;
    expect((await q.take('k', 3, 60_000)).allowed).toBe(true);
  });

  it('slides: the previous window still weighs in, fading over the next one', async () => {
    let now = 0;
    const q = new MemoryQuotas(() => now);
    for (let i = 0; i < 10; i++) await q.take('k', 10, 1000);
    now = 1000; // a new window starts: the 10 old hits weigh 10 x 1.0
    expect((await q.take('k', 10, 1000)).allowed).toBe(false);
    now = 1500; // half faded: 5 old + 0 new
    expect((await q.take('k', 10, 1000)).allowed).toBe(true);
    expect((await q.peek('k', 10, 1000)).count).toBe(6);
    expect((await q.peek('k', 10, 1000)).count).toBe(6);
  });

  it('peek counts nothing; reset forgets; cost counts several', async () => {
    const q = new MemoryQuotas(() => 0);
    expect((await q.peek('k', 2, 1000)).allowed).toBe(true);
    expect((await q.take('k', 2, 1000, 2)).allowed).toBe(true);
    expect((await q.peek('k', 2, 1000)).allowed).toBe(false);
    await q.reset('k');
    expect((await q.take('k', 2, 1000)).allowed).toBe(true);
  });

  it('keeps at most maxKeys keys, forgetting the least recently used', async () => {
    const q = new MemoryQuotas(() => 0, 100);
    for (let i = 0; i < 1000; i++) await q.take(`k${i}`, 1, 1000);
    // The newest are still counted; the oldest were forgotten.
    expect((await q.take('k999', 1, 1000)).allowed).toBe(false);
    expect((await q.take('k0', 1, 1000)).allowed).toBe(true);
  });
});
