import type pg from 'pg';
import { type QuotaCheck, type QuotaRule, type Quotas, slideWindow } from '../lib/quota.ts';

type StoredRow = { key: string; window_ms: number; start: number; current: number; previous: number };

/** Expired rows are swept once every this many checks (and never more than the batch). */
const SWEEP_EVERY = 500;
const SWEEP_BATCH = 1000;

/**
 * The quotas of a hosted deployment, in PostgreSQL (DESIGN.md "Hosted"): one count per key for
 * every instance, so a client whose requests are spread over several instances meets the same
 * limit as on one (five logins per address, orders per session and table...). The rule is the
 * memory one's (`slideWindow`); the key's row is locked while it is applied, so two instances
 * counting at once count twice. Two round trips a check, however many keys it takes at once
 * (the statements are pipelined).
 *
 * A flood of new keys adds rows: a row whose both windows have passed counts nothing and is
 * swept, a batch at a time, as checks come.
 */
export class PgQuotas implements Quotas {
  private checks = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly nowMs: () => number,
  ) {}

  async take(key: string, limit: number, windowMs: number, cost = 1): Promise<QuotaCheck> {
    return (await this.apply([{ key, limit, windowMs }], cost, true))[0] as QuotaCheck;
  }

  async peek(key: string, limit: number, windowMs: number): Promise<QuotaCheck> {
    return (await this.apply([{ key, limit, windowMs }], 1, false))[0] as QuotaCheck;
  }

  async takeAll(rules: readonly QuotaRule[]): Promise<boolean> {
    if (rules.length === 0) return true;
    return (await this.apply(rules, 1, true)).every((check) => check.allowed);
  }

  async reset(key: string): Promise<void> {
    await this.pool.query('DELETE FROM quota_windows WHERE key = $1', [key]);
  }

  /**
   * The rule (`slideWindow`) applied to every key in one transaction, under the keys' row locks
   * (taken in key order, so two checks of overlapping keys cannot deadlock): two round trips
   * however many keys. The counts are written only when every key allowed the hit and `count`
   * is asked: a refusal by one key uses up no other's, and a peek writes nothing.
   */
  private async apply(rules: readonly QuotaRule[], cost: number, count: boolean): Promise<QuotaCheck[]> {
    const now = this.nowMs();
    const keys = rules.map((r) => r.key);
    const client = await this.pool.connect();
    try {
      // Pipelined: one round trip for the three, the rows locked at the end of it.
      const [, , locked] = await Promise.all([
        client.query('BEGIN'),
        client.query(
          `INSERT INTO quota_windows (key, window_ms, start, current, previous, expires_at)
           SELECT k, w, $3, 0, 0, $3 + 2 * w FROM unnest($1::text[], $2::bigint[]) AS t(k, w)
           ORDER BY k ON CONFLICT (key) DO NOTHING`,
          [keys, rules.map((r) => r.windowMs), now],
        ),
        client.query<StoredRow>(
          `SELECT key, window_ms, start, current, previous FROM quota_windows
           WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE`,
          [keys],
        ),
      ]);
      const stored = new Map(locked.rows.map((row) => [row.key, row]));
      const applied = rules.map((rule) => {
        const row = stored.get(rule.key);
        return slideWindow(
          row && {
            windowMs: Number(row.window_ms),
            start: Number(row.start),
            current: row.current,
            previous: row.previous,
          },
          now,
          rule.limit,
          rule.windowMs,
          cost,
          count,
        );
      });
      if (!count || applied.some((a) => !a.check.allowed)) {
        await client.query('ROLLBACK');
        client.release();
        return applied.map((a) => a.check);
      }
      const windows = applied.map((a) => a.window);
      const [, ended] = await Promise.all([
        client.query(
          `UPDATE quota_windows q
           SET window_ms = t.w, start = t.s, current = t.c, previous = t.p, expires_at = t.s + 2 * t.w
           FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::float8[], $5::float8[]) AS t(k, w, s, c, p)
           WHERE q.key = t.k`,
          [
            keys,
            windows.map((w) => w.windowMs),
            windows.map((w) => w.start),
            windows.map((w) => w.current),
            windows.map((w) => w.previous),
          ],
        ),
        client.query('COMMIT'),
      ]);
      if (ended.command === 'ROLLBACK') throw new Error('quota check rolled back');
      client.release();
      this.sweepNow();
      return applied.map((a) => a.check);
    } catch (err) {
      await client.query('ROLLBACK').then(
        () => client.release(),
        () => client.release(err instanceof Error ? err : new Error('quota check failed')),
      );
      throw err;
    }
  }

  /** Now and then, the rows that count nothing any more go (a bounded batch, not awaited). */
  private sweepNow(): void {
    this.checks += 1;
    if (this.checks % SWEEP_EVERY !== 0) return;
    this.pool
      .query(
        `DELETE FROM quota_windows WHERE key IN
           (SELECT key FROM quota_windows WHERE expires_at < $1 LIMIT ${SWEEP_BATCH})`,
        [this.nowMs()],
      )
      .catch(() => undefined);
  }
}
