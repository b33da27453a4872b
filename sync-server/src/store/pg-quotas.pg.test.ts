import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, dropDatabase } from '../../test-support/pg/embedded.ts';
import { openPgPool } from '../db/pg-client.ts';
import { MemoryQuotas, type QuotaRule, type Quotas } from '../lib/quota.ts';
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
