import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seeded } from '../../test-support/isolation/judge.ts';
import { createDatabase, dropDatabase } from '../../test-support/pg/embedded.ts';
import { openPgPool } from '../db/pg-client.ts';
import {
  MemoryQuotas,
  type QuotaCheck,
  type QuotaRule,
  type Quotas,
  type QuotaWindow,
  slideWindow,
} from '../lib/quota.ts';
import { PgQuotas } from './pg-quotas.ts';

/*
 * The quotas every hosted instance shares (PostgreSQL's quota_windows) answer as the embedded
 * ones do (lib/quota.ts: the same sliding-window rule), and hold under instances counting at once.
 */

const adminUrl = process.env.DATABASE_URL ?? '';
let url = '';
const pools: Array<ReturnType<typeof openPgPool>> = [];
let now = 0;
const clock = () => now;

beforeAll(async () => {
  url = await createDatabase(adminUrl);
});

afterAll(async () => {
  await Promise.all(pools.map((pool) => pool.end()));
  await dropDatabase(adminUrl, url);
});

/** A fresh instance's quotas: its own pool, as another server process would have. */
function instance(): PgQuotas {
  const pool = openPgPool(url, { max: 4 });
  pools.push(pool);
  return new PgQuotas(pool, clock);
}

const rule = (key: string, limit: number): QuotaRule => ({ key, limit, windowMs: 60_000 });

describe.each([
  ['in memory', () => new MemoryQuotas(clock) as Quotas],
  ['in PostgreSQL', () => instance() as Quotas],
])('quotas %s', (_where, make) => {
  it('takes one hit from every rule or none: a refusal by one key uses up no other', async () => {
    now = 1_000_000;
    const q = make();
    const id = Math.random().toString(36).slice(2);
    const [session, table, address] = [`s:${id}`, `t:${id}`, `a:${id}`];
    expect(await q.takeAll([rule(session, 5), rule(table, 5), rule(address, 2)])).toBe(true);
    expect(await q.takeAll([rule(session, 5), rule(table, 5), rule(address, 2)])).toBe(true);
    // The address is full: nothing is counted, the session and table keep their two hits.
    expect(await q.takeAll([rule(session, 5), rule(table, 5), rule(address, 2)])).toBe(false);
    expect((await q.peek(session, 5, 60_000)).count).toBe(2);
    expect((await q.peek(table, 5, 60_000)).count).toBe(2);
    expect((await q.peek(address, 2, 60_000)).allowed).toBe(false);
    // A peek counts nothing; once the windows have passed, all of it is allowed again.
    expect((await q.peek(session, 5, 60_000)).count).toBe(2);
    now += 120_000;
    expect(await q.takeAll([rule(session, 5), rule(table, 5), rule(address, 2)])).toBe(true);
    expect(await q.takeAll([])).toBe(true);
  });

  it('slides and refuses as the one rule says, a refused take counting nothing', async () => {
    now = 5_000_000;
    const q = make();
    const key = `slide:${Math.random()}`;
    for (let i = 1; i <= 3; i++)
      expect(await q.take(key, 3, 1000)).toMatchObject({ allowed: true, count: i });
    const refused = await q.take(key, 3, 1000);
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterMs).toBeGreaterThan(0);
    now += 1500; // half of the previous window still weighs: 1.5 of 3
    expect(await q.take(key, 3, 1000)).toMatchObject({ allowed: true, count: 3 });
    await q.reset(key);
    expect((await q.peek(key, 3, 1000)).count).toBe(0);
  });
});

describe('quotas shared by instances', () => {
  it('two instances taking at once count one limit: exactly `limit` sends get through', async () => {
    now = 9_000_000;
    const [a, b] = [instance(), instance()];
    const rules = [rule('shared:session', 1000), rule('shared:address', 12), rule('shared:table', 1000)];
    // Each instance takes in its own key order: locks are taken in key order, so no deadlock.
    const results = await Promise.all(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).takeAll(i % 3 ? rules : [...rules].reverse())),
    );
    expect(results.filter(Boolean)).toHaveLength(12);
    expect((await a.peek('shared:session', 1000, 60_000)).count).toBe(12);
  });
});

describe('the rule in PostgreSQL (quota_apply) and in lib/quota.ts (slideWindow)', () => {
  it('answer alike, step for step, over a random sequence of takes, peeks and all-or-none takes', async () => {
    const q = instance();
    // The reference: slideWindow over a map, written as PgQuotas writes (only an allowed count).
    const model = new Map<string, QuotaWindow>();
    const reference = (rules: readonly QuotaRule[], cost: number, count: boolean): QuotaCheck[] => {
      const applied = rules.map((r) => slideWindow(model.get(r.key), now, r.limit, r.windowMs, cost, count));
      if (count && applied.every((a) => a.check.allowed)) {
        for (const [i, r] of rules.entries())
          model.set(r.key, (applied[i] as { window: QuotaWindow }).window);
      }
      return applied.map((a) => a.check);
    };
    const random = seeded(20261127);
    const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
    const run = Math.random().toString(36).slice(2);
    const keys = ['a', 'b', 'c', 'd'].map((k) => `eq:${run}:${k}`);
    now = 20_000_000;
    for (let step = 0; step < 400; step++) {
      // Mostly within a window, now and then past one or several; a key's window changes at times.
      now += pick([0, 7, 130, 450, 999, 1000, 1777, 2600, 12_000]);
      const rule = (key: string): QuotaRule => ({
        key,
        limit: pick([1, 2, 3, 5, 8]),
        windowMs: pick([1000, 1000, 2500]),
      });
      const what = pick(['take', 'take', 'peek', 'all'] as const);
      if (what === 'all') {
        const rules = keys.filter(() => random() < 0.5).map(rule);
        const expected = reference(rules, 1, true).every((c) => c.allowed);
        expect(await q.takeAll(rules), `step ${step}`).toBe(expected);
      } else {
        const r = rule(pick(keys));
        const cost = what === 'take' ? pick([1, 1, 2, 0.5]) : 1;
        const [expected] = reference([r], cost, what === 'take');
        const answer =
          what === 'take'
            ? await q.take(r.key, r.limit, r.windowMs, cost)
            : await q.peek(r.key, r.limit, r.windowMs);
        expect(answer, `step ${step}`).toEqual(expected);
      }
    }
    // A key only peeked at or refused holds no row: the rows a check made are taken back with it.
    const fresh = `eq:${run}:fresh`;
    expect((await q.peek(fresh, 5, 1000)).allowed).toBe(true);
    const full = { key: keys[0] as string, limit: 0, windowMs: 1000 };
    expect(await q.takeAll([{ key: fresh, limit: 5, windowMs: 1000 }, full])).toBe(false);
    const rows = await (pools[0] as ReturnType<typeof openPgPool>).query<{ key: string }>(
      'SELECT key FROM quota_windows WHERE key = ANY($1) ORDER BY key',
      [[...keys, fresh]],
    );
    expect(rows.rows.map((r) => r.key)).toEqual([...model.keys()].sort());
    // What each key holds after it all: the same counts, seen through a peek.
    for (const key of keys) {
      const [expected] = reference([{ key, limit: 100, windowMs: 1000 }], 1, false);
      expect(await q.peek(key, 100, 1000)).toEqual(expected);
    }
  });
});
